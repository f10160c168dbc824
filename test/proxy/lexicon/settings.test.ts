// The publisher's aliases and exclusions (the `lexicon` option, the CLI's `--lexicon <file>`):
// what they do to the emulator's lexicon through the real proxy, and the typed error naming
// the field of a wrong one, at start-up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createProxy } from '../../../src/proxy/proxy.js';
import type { LexiconSettings } from '../../../src/proxy/options.js';
import { TOKEN, call, known, startStack } from '../support/stack.js';
import { emulatorOffers, titled } from './support/emulator-offers.js';
import { lexiconOf, namesByOffer } from './support/offers.js';

test('aliases by offer and by host are added; excluded offers and hosts get no entry', async () => {
  // The ids are the seed's: read once from an emulator of their own.
  const offers = await emulatorOffers(await startStack());
  const kaktus = titled(offers, 'Kaktus').id;
  const sowka = titled(offers, 'Sówka').id;
  const mediaRaj = titled(offers, 'Media Raj').id;
  const kawa = titled(offers, 'Kawa').id;
  const roza = titled(offers, '<b>Róża</b> kosmetyki naturalne').id;
  const lexicon: LexiconSettings = {
    aliases: {
      offers: {
        [kaktus]: ['Kaktusik', '  Sklep   Kaktus ', 'KAKTUS'],
        [roza]: ['Róża', 'Róży'],
      },
      // A host's aliases reach the offer on www.sowka.pl; a host's dot at the end is the same.
      hosts: { 'SOWKA.pl.': ['Sówki', 'Sówce'], 'kaktus.pl': ['kaktusik'] },
    },
    exclude: { offers: [mediaRaj], hosts: ['kawa24.pl'] },
  };
  const stack = await startStack({ lexicon });
  const answer = await call(`${stack.proxy}lexicon/`);
  const names = namesByOffer(lexiconOf(answer.json));
  // Title, domain, the offer's aliases, the host's: each once whatever its letter case.
  assert.deepEqual(names[kaktus], ['Kaktus', 'kaktus.pl', 'Kaktusik', 'Sklep Kaktus']);
  assert.deepEqual(names[sowka], ['Sówka', 'sowka.pl', 'Sówki', 'Sówce']);
  assert.deepEqual(names[roza], ['roza-kosmetyki.pl', 'Róża', 'Róży'], 'a name the title was not');
  assert.ok(!(mediaRaj in names), 'an excluded offer');
  assert.ok(!(kawa in names), 'an excluded host');
  assert.deepEqual(names[known.offers[0]], ['MediaPoint', 'mediapoint.example']);
  assert.equal(Object.keys(names).length, offers.filter((o) => o.status === 'active').length - 2);
});

test('at most 8 names an entry, the title and domain first', async () => {
  const offers = await emulatorOffers(await startStack());
  const kaktus = titled(offers, 'Kaktus').id;
  const many = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'];
  const stack = await startStack({
    lexicon: { aliases: { offers: { [kaktus]: many }, hosts: { 'kaktus.pl': ['h1'] } } },
  });
  const names = namesByOffer(lexiconOf((await call(`${stack.proxy}lexicon/`)).json));
  assert.deepEqual(names[kaktus], ['Kaktus', 'kaktus.pl', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
});

test('a wrong lexicon option is a TypeError naming its field, at start-up', () => {
  const uuid = known.offers[0];
  const start = (lexicon: unknown) => () =>
    createProxy({
      token: TOKEN,
      upstream: 'http://api.example/',
      lexicon: lexicon as LexiconSettings,
    });
  const cases: [unknown, string][] = [
    ['aliases.json', 'lexicon: expected { aliases?, exclude? }'],
    [[], 'lexicon: expected { aliases?, exclude? }'],
    [{ alias: {} }, 'lexicon.alias: expected no such field'],
    [{ aliases: { offer: {} } }, 'lexicon.aliases.offer: expected no such field'],
    [{ aliases: { offers: [] } }, 'lexicon.aliases.offers: expected {'],
    [
      { aliases: { offers: { 'kaktus.pl': ['Kaktus'] } } },
      'lexicon.aliases.offers["kaktus.pl"]: expected an offer uuid',
    ],
    [
      { aliases: { offers: { [uuid]: 'Kaktus' } } },
      `lexicon.aliases.offers["${uuid}"]: expected an array of at most 8 names`,
    ],
    [
      { aliases: { offers: { [uuid]: Array(9).fill('x') } } },
      `lexicon.aliases.offers["${uuid}"]: expected an array of at most 8`,
    ],
    [
      { aliases: { offers: { [uuid]: ['ok', 'x'.repeat(65)] } } },
      `lexicon.aliases.offers["${uuid}"][1]: expected a name of 1 to 64 characters`,
    ],
    [
      { aliases: { offers: { [uuid]: ['—'] } } },
      `lexicon.aliases.offers["${uuid}"][0]: expected a name`,
    ],
    [
      { aliases: { offers: { [uuid]: [7] } } },
      `lexicon.aliases.offers["${uuid}"][0]: expected a name`,
    ],
    [
      { aliases: { hosts: { 'https://kaktus.pl/': ['K'] } } },
      'lexicon.aliases.hosts["https://kaktus.pl/"]: expected host names',
    ],
    [
      { aliases: { hosts: { 'kaktus.pl:8080': ['K'] } } },
      'lexicon.aliases.hosts["kaktus.pl:8080"]: expected host names',
    ],
    [{ exclude: { offers: 'x' } }, 'lexicon.exclude.offers: expected an array'],
    [{ exclude: { offers: ['kaktus.pl'] } }, 'lexicon.exclude.offers[0]: expected an offer uuid'],
    [{ exclude: { hosts: ['ok.pl', 'a/b'] } }, 'lexicon.exclude.hosts[1]: expected host names'],
    [{ exclude: { host: [] } }, 'lexicon.exclude.host: expected no such field'],
  ];
  for (const [lexicon, message] of cases)
    assert.throws(
      start(lexicon),
      (error: Error) =>
        error instanceof TypeError && error.message.startsWith(`Invalid proxy option ${message}`),
      JSON.stringify(lexicon),
    );
  // Empty settings and IDNs are fine.
  for (const lexicon of [
    undefined,
    {},
    { aliases: {}, exclude: {} },
    { exclude: { hosts: ['sówka.pl'] } },
  ])
    assert.doesNotThrow(start(lexicon));
});
