// §15's bounds, whatever the API lists: at most 2,000 entries, 8 names each, 64 characters a
// name, 256 KiB an answer, cut and never failed; and offers' data as hostile as any feed's.
// An upstream of the test's own lists the offers, over real HTTP, through the real proxy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LEXICON_LIMITS } from '../../../src/intext/lexicon.js';
import { call } from '../support/stack.js';
import {
  lexiconOf,
  namesByOffer,
  serveProxy,
  shop,
  startOffersUpstream,
} from './support/offers.js';

test('3,000 offers: the first 2,000 entries, and the listing stops once it has them', async () => {
  const upstream = await startOffersUpstream(Array.from({ length: 3000 }, (_, i) => shop(i)));
  const served = await serveProxy({ upstream: upstream.url });
  const answer = await call(`${served.url}lexicon/`);
  assert.equal(answer.status, 200);
  const lexicon = lexiconOf(answer.json);
  assert.equal(lexicon.entries.length, LEXICON_LIMITS.entries);
  assert.deepEqual(lexicon.entries.at(-1), {
    offer: shop(1999).id,
    names: ['Sklep 1999', 'sklep1999.pl'],
    url: 'https://www.sklep1999.pl/',
  });
  assert.ok(Buffer.byteLength(answer.text) <= LEXICON_LIMITS.bytes);
  // Pages of 100 followed by `next`, 20 of them: not the 30 the list has.
  assert.equal(upstream.calls.length, 20);
  assert.deepEqual(upstream.calls.slice(0, 3), [
    '?page_size=100',
    '?page_size=100&page=2',
    '?page_size=100&page=3',
  ]);
});

test('256 KiB an answer: long URLs cut the entries, whole ones, in order', async () => {
  const path = 'p/'.repeat(100);
  const offers = Array.from({ length: 2000 }, (_, i) =>
    shop(i, { preview_url: `https://www.sklep${i}.pl/${path}` }),
  );
  const upstream = await startOffersUpstream(offers);
  const served = await serveProxy({ upstream: upstream.url });
  const answer = await call(`${served.url}lexicon/`);
  const bytes = Buffer.byteLength(answer.text);
  assert.ok(bytes <= LEXICON_LIMITS.bytes, `${bytes} bytes`);
  assert.ok(bytes > LEXICON_LIMITS.bytes - 400, `as many as fit: ${bytes} bytes`);
  const lexicon = lexiconOf(answer.json);
  assert.ok(
    lexicon.entries.length < 2000 && lexicon.entries.length > 500,
    `${lexicon.entries.length}`,
  );
  assert.deepEqual(
    lexicon.entries.map((entry) => entry.offer),
    offers.slice(0, lexicon.entries.length).map((offer) => offer.id),
  );
});

test('names: a plain title of at most 40 characters, a domain of at most 64, as written', async () => {
  const long = `${'d'.repeat(62)}.pl`;
  const offers = [
    shop(1, { title: 'x'.repeat(40) }),
    shop(2, { title: 'x'.repeat(41) }),
    shop(3, { title: '  Sówka \n  Książki\t' }),
    shop(4, { title: 'Tom &amp; Jerry' }),
    shop(5, { title: '<img src=x onerror=alert(1)>' }),
    shop(6, { title: 'Sklep > Market' }),
    shop(7, { title: '2024' }),
    shop(8, { title: null }),
    shop(9, { title: { name: 'Kaktus' } }),
    shop(10, { title: 'Nowa\u0000Linia' }),
    shop(11, { preview_url: 'https://www.xn--swka-qqa.pl/' }),
    shop(12, { preview_url: `https://www.${long}/` }),
    shop(13, { preview_url: 'https://sklep13.myshopify.com/' }),
    shop(14, { preview_url: 'http://192.0.2.14/' }),
    shop(15, { preview_url: 'https://sklep15.com.pl:8443/a?b=c' }),
    shop(16, { title: 'Sklep16.PL', preview_url: 'https://sklep16.pl/' }),
  ];
  const upstream = await startOffersUpstream(offers);
  const served = await serveProxy({ upstream: upstream.url });
  const lexicon = lexiconOf((await call(`${served.url}lexicon/`)).json);
  const names = namesByOffer(lexicon);
  const of = (i: number) => names[shop(i).id];
  assert.deepEqual(of(1), ['x'.repeat(40), 'sklep1.pl']);
  assert.deepEqual(of(2), ['sklep2.pl'], 'a description is no name');
  assert.deepEqual(of(3), ['Sówka Książki', 'sklep3.pl'], 'its words, one space apart');
  for (const i of [4, 5, 6]) assert.deepEqual(of(i), [`sklep${i}.pl`], `markup: ${i}`);
  assert.deepEqual(of(7), ['sklep7.pl'], 'no letter');
  for (const i of [8, 9, 10]) assert.deepEqual(of(i), [`sklep${i}.pl`], `no text: ${i}`);
  assert.deepEqual(of(11), ['Sklep 11', 'sówka.pl'], 'the domain as a text writes it');
  assert.equal(long.length, 65);
  assert.deepEqual(of(12), ['Sklep 12'], 'a domain over 64 characters is no name');
  assert.deepEqual(of(13), ['Sklep 13', 'sklep13.myshopify.com'], 'the public suffix list decides');
  assert.deepEqual(of(14), ['Sklep 14'], 'an IP address has no domain');
  assert.deepEqual(of(15), ['Sklep 15', 'sklep15.com.pl']);
  assert.equal(
    lexicon.entries.find((e) => e.offer === shop(15).id)!.url,
    'https://sklep15.com.pl:8443/a?b=c',
  );
  assert.deepEqual(of(16), ['Sklep16.PL'], 'the domain once, whatever its letter case');
});

test('offers that are not active, have no http(s) preview_url, no id, or come twice: no entry', async () => {
  const offers: unknown[] = [
    shop(1),
    shop(2, { status: 'paused' }),
    shop(3, { status: 'closed' }),
    shop(4, { status: 'ACTIVE' }),
    shop(5, { preview_url: 'javascript:alert(1)' }),
    shop(6, { preview_url: 'ftp://sklep6.pl/' }),
    shop(7, { preview_url: '/relative/' }),
    shop(8, { preview_url: null }),
    { ...shop(9), id: 9 },
    { ...shop(10), id: '' },
    shop(1, { title: 'Sklep 1 again' }),
    'not an offer',
    null,
    shop(11, { title: '<b></b>', preview_url: 'http://localhost/' }),
    shop(12),
  ];
  const upstream = await startOffersUpstream(offers as ReturnType<typeof shop>[]);
  const served = await serveProxy({ upstream: upstream.url });
  const answer = await call(`${served.url}lexicon/`);
  assert.deepEqual(
    lexiconOf(answer.json).entries.map((entry) => entry.names),
    [
      ['Sklep 1', 'sklep1.pl'],
      ['Sklep 12', 'sklep12.pl'],
    ],
  );
});

test('a page that is no list fails the build: 502, as a read answering garbage would', async () => {
  const upstream = await startOffersUpstream([shop(1)]);
  upstream.failWith = () => Response.json({ results: 'none' });
  const served = await serveProxy({ upstream: upstream.url });
  const answer = await call(`${served.url}lexicon/`);
  assert.equal(answer.status, 502);
  assert.deepEqual(answer.json, { detail: 'The API answered something other than a list.' });
  assert.equal(served.logs.at(-1)!.note, 'lexicon: not a list');
});
