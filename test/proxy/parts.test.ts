// Unit tests of the proxy's small parts, with injected clocks: no network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCache } from '../../src/client/cache.js';
import { createInflight } from '../../src/client/inflight.js';
import { parseRetryAfter } from '../../src/client/errors.js';
import { clientIp } from '../../src/proxy/http/client-ip.js';
import { RateLimiter } from '../../src/proxy/read/rate-limit.js';
import { UpstreamBackoff } from '../../src/proxy/read/backoff.js';
import { etagOf, ifNoneMatch } from '../../src/proxy/http/etag.js';
import { rewritePageLinks, scrubber } from '../../src/proxy/policy/scrub.js';
import { canonicalJson, pinWebsite, validateBody } from '../../src/proxy/policy/validate-body.js';
import { readText, TooLarge } from '../../src/proxy/http/body.js';

test("cache (the client's, shared): expiry at the TTL, a TTL per entry, LRU past max", () => {
  let now = 0;
  const cache = createCache<string>({ ttl: 1000, max: 2, now: () => now });
  cache.set('a', 'A');
  cache.set('b', 'B');
  assert.equal(cache.get('a'), 'A'); // a is now the most recently used
  cache.set('c', 'C');
  assert.equal(cache.get('b'), undefined, 'b was the least recently used');
  assert.equal(cache.get('a'), 'A');
  now = 999;
  assert.equal(cache.get('c'), 'C');
  now = 1000;
  assert.equal(cache.get('c'), undefined, 'expired at exactly the TTL');
  cache.set('d', 'D', 5000); // a ttl of its own
  now = 5999;
  assert.equal(cache.get('a'), undefined);
  assert.equal(cache.get('d'), 'D');
  now = 6000;
  assert.equal(cache.get('d'), undefined);
});

test("coalescer (the client's, shared): identical keys share one call; one caller leaving does not cancel it", async () => {
  const flights = new Map<string, unknown>();
  const share = createInflight(flights);
  let calls = 0;
  let release!: (n: number) => void;
  let aborted = false;
  const task = (signal: AbortSignal) => {
    calls += 1;
    signal.addEventListener('abort', () => (aborted = true));
    return new Promise<number>((resolve) => (release = resolve));
  };
  const leaving = new AbortController();
  const a = share('k', task, leaving.signal);
  assert.equal(calls, 1, 'started within the call, not on a later microtask');
  assert.equal(flights.has('k'), true, 'in flight at once');
  const b = share('k', task, new AbortController().signal);
  const c = share('other', () => Promise.resolve(7));
  leaving.abort(new Error('gone'));
  await assert.rejects(a, /gone/);
  assert.equal(calls, 1);
  assert.equal(aborted, false, 'the other caller still waits');
  release(42);
  assert.equal(await b, 42);
  assert.equal(await c, 7);
  assert.equal(flights.size, 0, 'finished calls are forgotten');
});

test('coalescer: the shared call is aborted once every caller has left, and the next one starts anew', async () => {
  const flights = new Map<string, unknown>();
  const share = createInflight(flights);
  let aborted = 0;
  let calls = 0;
  const task = (signal: AbortSignal) => {
    calls += 1;
    return new Promise<number>((resolve) => {
      signal.addEventListener('abort', () => {
        aborted += 1;
        resolve(0);
      });
    });
  };
  const one = new AbortController();
  const two = new AbortController();
  const a = share('k', task, one.signal);
  const b = share('k', task, two.signal);
  one.abort();
  await assert.rejects(a);
  assert.equal(aborted, 0);
  two.abort();
  await assert.rejects(b);
  assert.equal(aborted, 1);
  assert.equal(flights.size, 0, 'forgotten as soon as the last caller left');
  const gone = AbortSignal.abort(new Error('already gone'));
  await assert.rejects(share('k', task, gone), /already gone/, 'an aborted caller leaves at once');
  assert.equal(calls, 1, 'and starts nothing');
  assert.equal(await share('k', async () => 1), 1, 'the aborted call was not joined');
});

test('rate limiter: burst, then refill at the rate, with Retry-After in whole seconds', () => {
  let now = 0;
  const limiter = new RateLimiter({ rate: 0.5, burst: 2, maxClients: 100 }, () => now);
  assert.equal(limiter.take('ip').ok, true);
  assert.equal(limiter.take('ip').ok, true);
  assert.deepEqual(limiter.take('ip'), { ok: false, retryAfter: 2 });
  assert.equal(limiter.take('other').ok, true, 'buckets are per client');
  now = 2000;
  assert.equal(limiter.take('ip').ok, true);
  assert.equal(limiter.take('ip').ok, false);
});

test('rate limiter: memory is bounded by maxClients', () => {
  const limiter = new RateLimiter({ rate: 1, burst: 1, maxClients: 3 }, () => 0);
  for (let i = 0; i < 50; i += 1) limiter.take(`10.0.0.${i}`);
  assert.equal(limiter.size, 3);
});

test('client IP: the header only when configured, its last entry', () => {
  const request = new Request('http://x/', {
    headers: { 'x-forwarded-for': '6.6.6.6, 1.2.3.4', 'cf-connecting-ip': '5.5.5.5' },
  });
  assert.equal(clientIp(request, '10.0.0.1', undefined), '10.0.0.1', 'headers ignored by default');
  assert.equal(clientIp(request, '10.0.0.1', 'x-forwarded-for'), '1.2.3.4');
  assert.equal(clientIp(request, undefined, 'cf-connecting-ip'), '5.5.5.5');
  assert.equal(clientIp(new Request('http://x/'), undefined, 'cf-connecting-ip'), 'unknown');
});

test('backoff: Retry-After seconds or date; exponential without; reset on success', () => {
  let now = 10_000;
  assert.equal(parseRetryAfter('3', now), 3000);
  assert.equal(parseRetryAfter(new Date(now + 5000).toUTCString(), now), 5000);
  assert.equal(parseRetryAfter(' 3 ', now), 3000);
  assert.equal(parseRetryAfter(new Date(now - 5000).toUTCString(), now), 0, 'past: now');
  assert.equal(parseRetryAfter('soon', now), undefined);
  assert.equal(parseRetryAfter(' ', now), undefined);
  assert.equal(parseRetryAfter(null, now), undefined);
  const backoff = new UpstreamBackoff(() => now);
  assert.equal(backoff.remaining(), 0);
  assert.equal(backoff.limited('2'), 2000);
  assert.equal(backoff.remaining(), 2000);
  now += 2000;
  assert.equal(backoff.remaining(), 0);
  assert.equal(backoff.limited(null), 2000, 'second strike without Retry-After: 2 s');
  now += 2000;
  assert.equal(backoff.limited(null), 4000);
  backoff.succeeded();
  now += 4000;
  assert.equal(backoff.limited(null), 1000);
  assert.equal(backoff.limited('999999'), 15 * 60_000, 'capped');
});

test('etag: strong, stable, different per body; If-None-Match lists, W/ and *', async () => {
  const a = await etagOf('{"a":1}');
  assert.match(a, /^"[\w-]{22}"$/);
  assert.equal(await etagOf('{"a":1}'), a);
  assert.notEqual(await etagOf('{"a":2}'), a);
  assert.equal(ifNoneMatch(a, a), true);
  assert.equal(ifNoneMatch(`"x", W/${a}`, a), true);
  assert.equal(ifNoneMatch('*', a), true);
  assert.equal(ifNoneMatch('"x"', a), false);
  assert.equal(ifNoneMatch(null, a), false);
});

test('scrub: the token in raw, JSON-escaped and URL-encoded forms', () => {
  const scrub = scrubber('se"cr/et+token');
  const text = JSON.stringify({
    raw: 'x se"cr/et+token y',
    url: `https://a/?t=${encodeURIComponent('se"cr/et+token')}`,
  });
  const out = scrub(text);
  assert.doesNotMatch(out, /cr\/et/);
  assert.doesNotMatch(out, /cr%2Fet/);
  assert.match(out, /\[redacted\]/);
});

test('page links: absolute next/previous are rebased on the proxy', () => {
  const data: Record<string, unknown> = {
    next: 'http://10.0.0.9:8000/v1/publisher/products/?key=k&page=3',
    previous: 'https://elsewhere.example/publisher/products/?page=1',
    results: [],
  };
  const upstream = new URL('http://10.0.0.9:8000/v1/');
  assert.equal(rewritePageLinks(data, upstream, 'https://shop.example/pubnet-api/'), true);
  assert.equal(data.next, 'https://shop.example/pubnet-api/publisher/products/?key=k&page=3');
  assert.equal(data.previous, 'https://shop.example/pubnet-api/publisher/products/?page=1');
  const none = { next: null, previous: null };
  assert.equal(rewritePageLinks(none, upstream, 'https://shop.example/'), false);
});

test('bodies: canonical JSON ignores key order; tracking-link fields checked and trimmed', () => {
  assert.equal(
    canonicalJson({ b: [{ y: 1, x: 2 }], a: null, u: undefined }),
    canonicalJson({ a: null, b: [{ x: 2, y: 1 }] }),
  );
  assert.deepEqual(validateBody('trackingLink', { sid: 'ok_1-A', extra: 1 }), {
    body: { sid: 'ok_1-A' },
  });
  assert.deepEqual(Object.keys(validateBody('trackingLink', { sid: 'a'.repeat(33) }).errors!), [
    'sid',
  ]);
  assert.ok(validateBody('trackingLink', { sid: 'white space' }).errors?.sid);
  assert.ok(validateBody('trackingLink', { deep_link: 'javascript:alert(1)' }).errors?.deep_link);
  assert.ok(validateBody('trackingLink', { deep_link: '/relative' }).errors?.deep_link);
  assert.equal(
    validateBody('trackingLink', { deep_link: 'https://a.example/x' }).errors,
    undefined,
  );
  assert.ok(validateBody('stats', { event: 'hover', products: [] }).errors?.event);
  assert.ok(validateBody('stats', { event: 'view', products: 'p1' }).errors?.products);
  assert.ok(validateBody('search', { filters: {} }).errors?.filters);
});

test('website pinning: absent → first, listed → kept, other → refused, none configured → refused', () => {
  const sites = ['g1', 'g2'];
  assert.deepEqual(pinWebsite(undefined, sites), { ok: true, value: 'g1' });
  assert.deepEqual(pinWebsite('g2', sites), { ok: true, value: 'g2' });
  assert.deepEqual(pinWebsite('g3', sites), { ok: false });
  assert.deepEqual(pinWebsite(7, sites), { ok: false });
  assert.deepEqual(pinWebsite('g3', []), { ok: false });
  assert.deepEqual(pinWebsite(undefined, []), { ok: false });
  assert.deepEqual(pinWebsite(undefined, ['g1']), { ok: true, value: 'g1' });
});

test('readText stops reading past the cap', async () => {
  const chunk = new Uint8Array(1024).fill(97);
  let pulled = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 1;
      controller.enqueue(chunk);
    },
  });
  await assert.rejects(readText(endless, 4096), TooLarge);
  assert.ok(pulled < 10);
  assert.equal(await readText(new Response('héllo').body, 100), 'héllo');
});
