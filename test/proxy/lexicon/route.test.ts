// `GET <proxy>/lexicon/` (api-contract §15) from the emulator's offers, through the real proxy
// over HTTP: what it holds, and how it is answered (the JSON reads' CORS, ETag, 304, HEAD,
// encodings; other methods 405; nothing of the request in it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { raw } from '../../support/raw-http.js';
import { call, known, startStack } from '../support/stack.js';
import { emulatorOffers, titled } from './support/emulator-offers.js';
import { lexiconOf, namesByOffer } from './support/offers.js';

/** The offer-list calls upstream saw (the lexicon's listing). */
const listings = (stack: Awaited<ReturnType<typeof startStack>>) =>
  stack.upstreamCalls().filter((c) => c.method === 'GET' && c.path === '/publisher/offers/');

test("the emulator's active offers, by their plain title and their domain", async () => {
  const stack = await startStack();
  const offers = await emulatorOffers(stack);
  const answer = await call(`${stack.proxy}lexicon/`);
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get('content-type'), 'application/json');
  assert.equal(answer.headers.get('cache-control'), 'public, max-age=3600');
  assert.match(answer.headers.get('etag') ?? '', /^"[\w-]+"$/);
  const lexicon = lexiconOf(answer.json);
  assert.deepEqual(lexicon, answer.json, 'the in-text reader takes it whole');
  assert.match(lexicon.version, /^[\w-]{22}$/);

  // Active offers with an http(s) preview_url, in the listing's order; paused and closed left out.
  const active = offers.filter((offer) => offer.status === 'active');
  assert.ok(offers.length > active.length, 'the emulator has paused and closed offers too');
  assert.deepEqual(
    lexicon.entries.map((entry) => entry.offer),
    active.map((offer) => offer.id),
  );
  for (const entry of lexicon.entries)
    assert.equal(entry.url, offers.find((offer) => offer.id === entry.offer)!.preview_url);
  for (const gone of [known.pausedOffer, known.closedOffer, titled(offers, 'Jaskółka').id])
    assert.ok(!(gone in namesByOffer(lexicon)), `${gone} is not active`);

  const names = namesByOffer(lexicon);
  const of = (title: string) => names[titled(offers, title).id];
  // Names a Polish text inflects, as written; the domain without www.
  assert.deepEqual(of('Kaktus'), ['Kaktus', 'kaktus.pl']);
  assert.deepEqual(of('Sówka'), ['Sówka', 'sowka.pl']);
  assert.deepEqual(of('Media Raj'), ['Media Raj', 'mediaraj.pl']);
  assert.deepEqual(of('Żarówka'), ['Żarówka', 'zarowka.pl']);
  assert.deepEqual(of('Kawa'), ['Kawa', 'kawa24.pl'], 'a common word is a name like any');
  assert.deepEqual(names[known.offers[0]], ['MediaPoint', 'mediapoint.example']);
  // A title with markup, or a description, is no name: the domain alone is.
  assert.deepEqual(of('<b>Róża</b> kosmetyki naturalne'), ['roza-kosmetyki.pl']);
  const long = offers.find((offer) => String(offer.title).startsWith('Kredytownia'))!;
  assert.ok(String(long.title).length > 40);
  assert.deepEqual(names[long.id], ['kredytownia.pl']);
  assert.ok(!answer.text.includes('<'), 'no markup anywhere in it');

  // One listing, the proxy's: every page of the route table's offers.list.
  assert.deepEqual(
    listings(stack).map((c) => c.search),
    ['?page_size=100'],
  );
});

test('ETag and 304, HEAD without a body, gzip when accepted: the JSON reads’ own', async () => {
  const stack = await startStack();
  const path = new URL(stack.proxy).pathname + 'lexicon/';
  const plain = await raw(stack.proxy, 'GET', path);
  const etag = String(plain.headers.etag);
  assert.equal(plain.status, 200);
  assert.equal(plain.headers['x-cache'], 'MISS');

  const again = await raw(stack.proxy, 'GET', path);
  assert.equal(again.headers['x-cache'], 'HIT');
  assert.equal(again.text, plain.text);

  const unchanged = await raw(stack.proxy, 'GET', path, { 'If-None-Match': etag });
  assert.deepEqual([unchanged.status, unchanged.text], [304, '']);
  assert.equal(unchanged.headers.etag, etag);
  assert.equal(unchanged.headers['cache-control'], 'public, max-age=3600');
  const other = await raw(stack.proxy, 'GET', path, { 'If-None-Match': '"another"' });
  assert.equal(other.status, 200);

  const head = await raw(stack.proxy, 'HEAD', path);
  assert.deepEqual([head.status, head.text], [200, '']);
  assert.equal(head.headers.etag, etag);
  assert.equal(head.headers['content-type'], 'application/json');

  const gzip = await raw(stack.proxy, 'GET', path, { 'Accept-Encoding': 'gzip' });
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.match(String(gzip.headers.vary), /Accept-Encoding/);
  assert.equal(gunzipSync(gzip.bytes).toString('utf8'), plain.text);
  assert.notEqual(gzip.headers.etag, etag, 'an ETag per encoding');
  const gzip304 = await raw(stack.proxy, 'GET', path, {
    'Accept-Encoding': 'gzip',
    'If-None-Match': String(gzip.headers.etag),
  });
  assert.equal(gzip304.status, 304);
  assert.equal(
    stack.upstreamCalls().filter((c) => c.path === '/publisher/offers/').length,
    1,
    'built once',
  );
});

test('CORS as the widget routes answer it: allowed origins, Vary, the preflight', async () => {
  const origin = 'https://blog.example';
  const stack = await startStack({ allowOrigins: [origin] });
  const widget = await call(`${stack.proxy}publisher/offers/${known.offers[0]}/`, {
    headers: { Origin: origin },
  });
  const lexicon = await call(`${stack.proxy}lexicon/`, { headers: { Origin: origin } });
  for (const name of ['access-control-allow-origin', 'access-control-expose-headers', 'vary'])
    assert.equal(lexicon.headers.get(name), widget.headers.get(name), name);
  assert.equal(lexicon.headers.get('access-control-allow-origin'), origin);

  const stranger = await call(`${stack.proxy}lexicon/`, {
    headers: { Origin: 'https://elsewhere.example' },
  });
  assert.equal(stranger.status, 200);
  assert.equal(stranger.headers.get('access-control-allow-origin'), null);

  const preflight = (method: string, from = origin) =>
    fetch(`${stack.proxy}lexicon/`, {
      method: 'OPTIONS',
      headers: { Origin: from, 'Access-Control-Request-Method': method },
    });
  const get = await preflight('GET');
  assert.equal(get.status, 204);
  assert.equal(get.headers.get('access-control-allow-origin'), origin);
  assert.equal((await preflight('DELETE')).status, 404, 'a method it does not answer');
  assert.equal((await preflight('GET', 'https://elsewhere.example')).status, 403);
});

test('another method is 405 with Allow; other paths are not the lexicon; no upstream call', async () => {
  const stack = await startStack();
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    const answer = await call(`${stack.proxy}lexicon/`, {
      method,
      body: method === 'DELETE' ? undefined : '{}',
    });
    assert.equal(answer.status, 405, method);
    assert.equal(answer.headers.get('allow'), 'GET, HEAD');
    assert.deepEqual(answer.json, { detail: 'Method not allowed.' });
  }
  for (const path of ['lexicon', 'lexicon/x/', 'lexicon//', 'Lexicon/'])
    assert.equal((await call(`${stack.proxy}${path}`)).status, 404, path);
  assert.deepEqual(stack.upstreamCalls(), []);
});

test('under a base path, at <base>lexicon/', async () => {
  const stack = await startStack({ basePath: '/pubnet-api/' });
  assert.match(stack.proxy, /\/pubnet-api\/$/);
  const answer = await call(`${stack.proxy}lexicon/`);
  assert.equal(answer.status, 200);
  assert.ok(lexiconOf(answer.json).entries.length > 10);
  assert.equal((await call(new URL('/lexicon/', stack.proxy))).status, 404);
});

test('nothing of the request goes into it: hosts, queries, languages, cookies give one answer', async () => {
  const stack = await startStack();
  const path = new URL(stack.proxy).pathname + 'lexicon/';
  const answers = [];
  for (let i = 0; i < 12; i++)
    answers.push(
      await raw(stack.proxy, 'GET', `${path}${i % 2 ? `?q=${i}&page=${i}` : ''}`, {
        Host: `h${i}.example`,
        'Accept-Language': `x-${i}`,
        Cookie: `c=${i}`,
        'X-Forwarded-Host': `f${i}.example`,
      }),
    );
  assert.ok(answers.every((answer) => answer.status === 200));
  assert.equal(new Set(answers.map((answer) => answer.text)).size, 1);
  assert.equal(new Set(answers.map((answer) => answer.headers.etag)).size, 1);
  assert.doesNotMatch(answers[0]!.text, /h\d\.example|x-\d|f\d\.example/);
  assert.equal(listings(stack).length, 1, 'one listing for all');
});
