// When the lexicon is built (api-contract §15): once for a burst, at most once an hour by the
// proxy's clock (injected), on demand, the last good one kept when a build fails, and never
// at a visitor's expense (§13: the rate limit's budget untouched). Real HTTP throughout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { until } from '../../support/until.js';
import { call, known, startStack } from '../support/stack.js';
import { callUntil, lexiconOf, serveProxy, shop, startOffersUpstream } from './support/offers.js';

const HOUR = 3_600_000;
const RETRY = 5 * 60_000;

test('a burst of 50 concurrent requests shares one build: one listing, one MISS, 49 SHARED', async () => {
  const upstream = await startOffersUpstream([shop(1), shop(2), shop(3)]);
  const served = await serveProxy({ upstream: upstream.url });
  upstream.hold();
  const answers = Array.from({ length: 50 }, () => call(`${served.url}lexicon/`));
  // Every request is in the handler, waiting on the one listing, before it is answered.
  await until(() => served.arrived === 50 && upstream.calls.length === 1, 'all 50 are waiting', {
    ms: 30_000,
  });
  upstream.open();
  const all = await Promise.all(answers);
  assert.deepEqual(new Set(all.map((answer) => answer.status)), new Set([200]));
  assert.equal(new Set(all.map((answer) => answer.text)).size, 1);
  assert.equal(upstream.calls.length, 1, 'one listing');
  const states = all.map((answer) => answer.headers.get('x-cache')).sort();
  assert.deepEqual(states, ['MISS', ...Array<string>(49).fill('SHARED')]);
  assert.equal(lexiconOf(all[0]!.json).entries.length, 3);
});

test('rebuilt at most once an hour: none before the hour, one after, in the background', async () => {
  let now = 1_000_000;
  const upstream = await startOffersUpstream([shop(1), shop(2)]);
  const served = await serveProxy({ upstream: upstream.url, now: () => now });
  const first = await call(`${served.url}lexicon/`);
  assert.equal(upstream.calls.length, 1);

  // Offers change upstream; within the hour, visitors keep getting the lexicon built.
  upstream.offers = [shop(1), shop(2), shop(3)];
  for (const at of [1, 60_000, HOUR / 2, HOUR - 1]) {
    now = 1_000_000 + at;
    const answer = await call(`${served.url}lexicon/`);
    assert.equal(answer.headers.get('x-cache'), 'HIT');
    assert.equal(answer.text, first.text);
  }
  assert.equal(upstream.calls.length, 1, 'none before the hour');

  // On the hour: the request that finds it due gets the last one at once; one build starts.
  now = 1_000_000 + HOUR;
  upstream.hold();
  const due = await call(`${served.url}lexicon/`);
  assert.equal(due.text, first.text);
  assert.equal(due.headers.get('x-cache'), 'HIT');
  await until(() => upstream.calls.length === 2, 'the hourly build has started', { ms: 30_000 });
  for (let i = 0; i < 10; i++) await call(`${served.url}lexicon/`);
  upstream.open();
  const version = lexiconOf(first.json).version;
  const rebuilt = await callUntil(
    `${served.url}lexicon/`,
    (answer) => lexiconOf(answer.json).version !== version,
    'the new lexicon answers',
  );
  assert.equal(lexiconOf(rebuilt.json).entries.length, 3, 'the offers as they are now');
  assert.notEqual(rebuilt.headers.get('etag'), first.headers.get('etag'));
  assert.equal(upstream.calls.length, 2, 'one build for the 11 requests of that hour');
  assert.ok(
    served.logs.some((entry) => entry.path === '/lexicon/' && entry.note === 'lexicon rebuilding'),
  );

  // And the next one an hour after that build started, not before.
  now = 1_000_000 + 2 * HOUR - 1;
  await call(`${served.url}lexicon/`);
  assert.equal(upstream.calls.length, 2);
  now = 1_000_000 + 2 * HOUR;
  await call(`${served.url}lexicon/`);
  await until(() => upstream.calls.length === 3, 'the next hourly build', { ms: 30_000 });
});

test('on demand: lexicon.rebuild() lists at once, whatever the hour, with new settings', async () => {
  const upstream = await startOffersUpstream([shop(1), shop(2)]);
  const served = await serveProxy({ upstream: upstream.url, now: () => 0 });
  const before = lexiconOf((await call(`${served.url}lexicon/`)).json);
  upstream.offers.push(shop(3));

  const build = await served.proxy.lexicon.rebuild();
  assert.deepEqual(
    { ...build, version: undefined, bytes: undefined },
    { ok: true, version: undefined, entries: 3, bytes: undefined, changed: true },
  );
  assert.equal(upstream.calls.length, 2);
  const after = await call(`${served.url}lexicon/`);
  assert.equal(lexiconOf(after.json).version, build.ok && build.version);
  assert.notEqual(lexiconOf(after.json).version, before.version);

  // Nothing changed: the same version, `changed: false`.
  const same = await served.proxy.lexicon.rebuild();
  assert.equal(same.ok && same.changed, false);

  // New settings from now on: an alias and an exclusion.
  const settings = {
    aliases: { hosts: { 'sklep1.pl': ['Jedynka'] } },
    exclude: { offers: [shop(2).id] },
  };
  const changed = await served.proxy.lexicon.rebuild(settings);
  assert.equal(changed.ok && changed.entries, 2);
  const named = lexiconOf((await call(`${served.url}lexicon/`)).json);
  assert.deepEqual(
    named.entries.map((entry) => entry.names),
    [
      ['Sklep 1', 'sklep1.pl', 'Jedynka'],
      ['Sklep 3', 'sklep3.pl'],
    ],
  );

  // Rebuilds asked for during a build: that build finishes, then one more follows for them all.
  upstream.hold();
  const running = served.proxy.lexicon.rebuild();
  await until(() => upstream.calls.length === 5, 'a build is running', { ms: 30_000 });
  const asked = [served.proxy.lexicon.rebuild(), served.proxy.lexicon.rebuild()];
  upstream.open();
  await Promise.all([running, ...asked]);
  assert.equal(upstream.calls.length, 6, 'the running build, then one for both');

  // Invalid settings: a TypeError naming the field; the settings before stay.
  await assert.rejects(
    served.proxy.lexicon.rebuild({ aliases: { hosts: { 'a b': ['x'] } } }),
    (error: Error) =>
      error instanceof TypeError && error.message.includes('lexicon.aliases.hosts["a b"]'),
  );
  const kept = lexiconOf((await call(`${served.url}lexicon/`)).json);
  assert.deepEqual(kept.entries[0]!.names, ['Sklep 1', 'sklep1.pl', 'Jedynka']);
});

test('a failing build leaves the last lexicon answering (STALE past its hour), retried 5 minutes on', async () => {
  let now = 0;
  const upstream = await startOffersUpstream([shop(1)]);
  const served = await serveProxy({ upstream: upstream.url, now: () => now });
  const good = await call(`${served.url}lexicon/`);
  assert.equal(good.status, 200);

  upstream.failWith = () => Response.json({ detail: 'Server error.' }, { status: 500 });
  now = HOUR;
  const during = await call(`${served.url}lexicon/`);
  assert.deepEqual([during.status, during.text], [200, good.text]);
  await until(() => upstream.calls.length === 2, 'the hourly build was tried', { ms: 30_000 });
  const stale = await callUntil(
    `${served.url}lexicon/`,
    (answer) => answer.headers.get('x-cache') === 'STALE',
    'the failure is known',
  );
  assert.equal(stale.status, 200);
  assert.equal(stale.text, good.text, 'the last good lexicon');
  assert.equal(stale.headers.get('x-cache'), 'STALE');
  assert.equal(stale.headers.get('cache-control'), 'no-cache', 'a CDN asks again before each use');
  assert.equal(stale.headers.get('etag'), good.headers.get('etag'));

  // No visitor starts another build before the retry is due.
  now = HOUR + RETRY - 1;
  for (let i = 0; i < 5; i++) assert.equal((await call(`${served.url}lexicon/`)).status, 200);
  assert.equal(upstream.calls.length, 2);
  // Then one, which succeeds: fresh again.
  upstream.failWith = undefined;
  upstream.offers = [shop(1), shop(2)];
  now = HOUR + RETRY;
  const fresh = await callUntil(
    `${served.url}lexicon/`,
    (answer) => lexiconOf(answer.json).entries.length === 2,
    'the retry has built it',
  );
  assert.equal(lexiconOf(fresh.json).entries.length, 2);
  assert.equal(fresh.headers.get('x-cache'), 'HIT');
  assert.equal(fresh.headers.get('cache-control'), 'public, max-age=3600');
  assert.equal(upstream.calls.length, 3);
});

test('with no lexicon yet, a failure is answered as the other routes answer it, then retried', async () => {
  let now = 0;
  const upstream = await startOffersUpstream([shop(1)]);
  const served = await serveProxy({ upstream: upstream.url, now: () => now });
  // An HTML error page: 502, as for any read.
  upstream.failWith = () => new Response('<html>Bad gateway</html>', { status: 502 });
  const failed = await call(`${served.url}lexicon/`);
  assert.equal(failed.status, 502);
  assert.deepEqual(failed.json, { detail: 'The API answered something other than JSON.' });
  assert.equal(failed.headers.get('cache-control'), 'no-store');
  const read = await call(`${served.url}publisher/offers/${shop(1).id}/`);
  assert.equal(read.status, 502, 'a widget route answers the same failure');

  now = RETRY - 1;
  assert.equal((await call(`${served.url}lexicon/`)).status, 502);
  const calls = upstream.calls.length;
  now = RETRY;
  upstream.failWith = undefined;
  assert.equal((await call(`${served.url}lexicon/`)).status, 200, 'retried, and built');
  assert.equal(upstream.calls.length, calls + 1);

  // The API rate-limits the proxy: 503 with Retry-After, and nothing is asked while it backs off,
  // not even once a retry would be due, nor on demand.
  const limited = await startOffersUpstream([shop(1)]);
  limited.failWith = () =>
    Response.json({ detail: 'Slow down.' }, { status: 429, headers: { 'Retry-After': '600' } });
  const other = await serveProxy({ upstream: limited.url, now: () => now });
  const busy = await call(`${other.url}lexicon/`);
  assert.equal(busy.status, 503);
  assert.equal(busy.headers.get('retry-after'), '600');
  now += RETRY;
  const still = await call(`${other.url}lexicon/`);
  assert.equal(still.status, 503);
  assert.equal(still.headers.get('retry-after'), '300', 'the pause left, by the same clock');
  const build = await other.proxy.lexicon.rebuild();
  assert.deepEqual(build, { ok: false, status: 503, note: 'lexicon: backing off', kept: false });
  assert.equal(limited.calls.length, 1);
  now += 300_000;
  limited.failWith = undefined;
  assert.equal((await call(`${other.url}lexicon/`)).status, 200, 'asked again once it is over');
  assert.equal(limited.calls.length, 2);
});

test("a visitor's budget is untouched: lexicon requests and its builds cost no token", async () => {
  let now = 0;
  // One token, and less than one more an hour: a single charge would show for the whole test.
  const stack = await startStack({ rateLimit: { rate: 0.0001, burst: 1 }, now: () => now });
  for (let i = 0; i < 20; i++) assert.equal((await call(`${stack.proxy}lexicon/`)).status, 200);
  now = HOUR; // due: this visitor's request starts the hourly build
  assert.equal((await call(`${stack.proxy}lexicon/`)).status, 200);
  await until(
    () => stack.upstreamCalls().filter((c) => c.path === '/publisher/offers/').length === 2,
    'the hourly build',
    { ms: 30_000 },
  );
  // The visitor's one token is still there for a read of its own, and then spent.
  const offer = (uuid: string) => call(`${stack.proxy}publisher/offers/${uuid}/`);
  assert.equal((await offer(known.offers[0])).status, 200, 'its first miss is admitted');
  const refused = await offer(known.offers[1]);
  assert.equal(refused.status, 429, 'the limit is live');
  // And the lexicon is still answered to a client with an empty bucket.
  assert.equal((await call(`${stack.proxy}lexicon/`)).status, 200);
});
