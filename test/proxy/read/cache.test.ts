// Caching and coalescing of widget reads, counted with the emulator's request log (or, for
// calls in flight, a held upstream: test/proxy/support/held.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createProxy } from '../../../src/proxy/proxy.js';
import { keepable } from '../../../src/proxy/read/read-cache.js';
import { until } from '../../support/until.js';
import { heldUpstream, listening } from '../support/held.js';
import {
  TOKEN,
  call,
  jsonInit,
  known,
  startStack,
  startUpstream,
  statusOf,
} from '../support/stack.js';

// Offers: reads the proxy answers with one upstream call each (an ad slot's answer is
// composed of several; see compose.test.ts).
const offer = (id: string) => `publisher/offers/${id}/`;

/**
 * 20 identical searches sent at once to a proxy whose upstream answers nothing until all 20
 * are waiting on the proxy (no timing involved). Every caller has asked before any answer
 * exists, so no cache can answer one: only sharing the one call in flight keeps it at one. A
 * proxy that only caches makes 20 calls here.
 */
async function twentyAtOnce(cache?: false) {
  const upstream = heldUpstream();
  const states: string[] = [];
  const proxy = createProxy({
    token: TOKEN,
    upstream: 'http://api.example/',
    fetch: upstream.fetch,
    websites: [known.website.guid],
    rateLimit: false,
    onLog: (entry) => states.push(entry.cache),
    ...(cache === false ? { cache } : {}),
  });
  const search = () =>
    new Request(
      `http://proxy.example/publisher/products/?key=${known.website.guid}`,
      jsonInit('POST', {
        filters: [{ brand: { lookup: 'contains', value: 'Sony' } }],
        page_size: 4,
      }),
    );
  const requests = Array.from({ length: 20 }, search);
  const pending = requests.map((request) => proxy(request));
  // A caller that joined the call in flight listens to its own signal; a second upstream
  // call already fails the test below.
  await until(() => listening(requests) === 20 || upstream.calls > 1, '20 callers are waiting');
  assert.equal(upstream.calls, 1, 'one upstream call while all 20 wait');
  assert.equal(upstream.inFlight, 1, 'and it is still held');
  upstream.open();
  const answers = await Promise.all(pending);
  const texts = await Promise.all(answers.map((a) => a.text()));
  assert.ok(answers.every((a) => a.status === 200));
  assert.ok(
    texts.every((text) => text === texts[0]),
    'all got the same page',
  );
  assert.equal(upstream.calls, 1);
  assert.deepEqual(states.sort(), ['miss', ...Array<string>(19).fill('shared')]);
  return { upstream, proxy, search };
}

test('20 identical concurrent searches cost 1 upstream call', async () => {
  const { upstream, proxy, search } = await twentyAtOnce();
  // And afterwards from the cache.
  assert.equal((await proxy(search())).headers.get('x-cache'), 'HIT');
  assert.equal(upstream.calls, 1);
});

test('20 identical concurrent searches cost 1 upstream call with cache: false too', async () => {
  // The one call is the sharing's doing, not the cache's: without a cache it is still one.
  const { upstream, proxy, search } = await twentyAtOnce(false);
  assert.equal((await proxy(search())).headers.get('x-cache'), 'MISS');
  assert.equal(upstream.calls, 2);
});

test('the search cache key ignores body key order but not the key or the page', async () => {
  const second = known.websites.secondActive.guid;
  const stack = await startStack({ websites: [known.website.guid, second] });
  const url = `${stack.proxy}publisher/products/?key=${known.website.guid}`;
  const a = {
    filters: [{ price: { value: [1, 500], lookup: 'range' } }],
    ordering: 'price',
    page: 1,
  };
  const b = {
    page: 1,
    ordering: 'price',
    filters: [{ price: { lookup: 'range', value: [1, 500] } }],
  };
  assert.equal((await call(url, jsonInit('POST', a))).headers.get('x-cache'), 'MISS');
  assert.equal((await call(url, jsonInit('POST', b))).headers.get('x-cache'), 'HIT');
  assert.equal(stack.upstreamCalls().length, 1);
  await call(url, jsonInit('POST', { ...a, page: 2 }));
  await call(`${stack.proxy}publisher/products/?key=${second}`, jsonInit('POST', a));
  await call(`${stack.proxy}publisher/products/v2/?key=${known.website.guid}`, jsonInit('POST', a));
  assert.equal(stack.upstreamCalls().length, 4);
  // A missing key is the first configured one: the same entry.
  const keyless = await call(`${stack.proxy}publisher/products/`, jsonInit('POST', b));
  assert.equal(keyless.headers.get('x-cache'), 'HIT');
});

test('entries expire after the TTL (injected clock)', async () => {
  let now = 1_000_000;
  const stack = await startStack({ cache: { ttl: 10_000 }, now: () => now });
  const url = stack.proxy + offer(known.offers[0]);
  await call(url);
  now += 9_999;
  await call(url);
  assert.equal(stack.upstreamCalls().length, 1);
  now += 1;
  assert.equal((await call(url)).headers.get('x-cache'), 'MISS');
  assert.equal(stack.upstreamCalls().length, 2);
});

test('the cache holds at most `max` entries, the least recently used going first', async () => {
  const stack = await startStack({ cache: { max: 2 } });
  const [a, b, c] = known.offers;
  await call(stack.proxy + offer(a));
  await call(stack.proxy + offer(b));
  await call(stack.proxy + offer(a)); // a hit: b is now the least recently used
  assert.equal(stack.upstreamCalls().length, 2);
  await call(stack.proxy + offer(c)); // evicts b, though a was stored first
  assert.equal(stack.upstreamCalls().length, 3);
  await call(stack.proxy + offer(c));
  await call(stack.proxy + offer(a));
  assert.equal(stack.upstreamCalls().length, 3, 'a and c still cached');
  await call(stack.proxy + offer(b));
  assert.equal(stack.upstreamCalls().length, 4, 'b was evicted');
});

test('GET answers carry Cache-Control and a strong ETag; If-None-Match → 304', async () => {
  const stack = await startStack({ cache: { ttl: 30_000, staleWhileRevalidate: 90_000 } });
  const url = stack.proxy + offer(known.offers[0]);
  const first = await call(url);
  assert.equal(first.headers.get('cache-control'), 'public, max-age=30, stale-while-revalidate=90');
  const etag = first.headers.get('etag');
  assert.match(etag ?? '', /^"[\w-]+"$/, 'a strong ETag');
  assert.equal(first.headers.get('vary'), 'Accept-Encoding', 'only the encoding varies');
  const again = await call(url, { headers: { 'If-None-Match': etag! } });
  assert.equal(again.status, 304);
  assert.equal(again.text, '');
  assert.equal(again.headers.get('etag'), etag);
  const other = await call(url, { headers: { 'If-None-Match': '"something-else"' } });
  assert.equal(other.status, 200);
  assert.equal(other.text, first.text);
  const second = await call(stack.proxy + offer(known.offers[1]));
  assert.notEqual(second.headers.get('etag'), etag);
  assert.equal(stack.upstreamCalls().length, 2);
  // POST and PUT answers are not for shared caches, even when the proxy caches them.
  const search = await call(`${stack.proxy}publisher/products/`, jsonInit('POST', {}));
  assert.equal(search.headers.get('cache-control'), 'no-store');
  assert.equal(search.headers.get('etag'), null);
  const link = `${stack.proxy}publisher/offers/${known.offers[0]}/tracking_link/`;
  const put = await call(link, jsonInit('PUT', { sid: 'a', website: known.website.guid }));
  assert.equal(put.headers.get('cache-control'), 'no-store');
  await call(link, jsonInit('PUT', { website: known.website.guid, sid: 'a' }));
  assert.equal(stack.upstreamCalls().length, 4, 'tracking links are cached by normalised body');
});

test('stats are never cached nor coalesced; with notFoundTtl: 0 no error is cached', async () => {
  const stack = await startStack({ cache: { notFoundTtl: 0 } });
  const stats = () =>
    call(
      `${stack.proxy}publisher/products/stats/`,
      jsonInit('POST', {
        event: 'view',
        products: [known.product],
        website: known.website.guid,
      }),
    );
  await Promise.all([stats(), stats(), stats()]);
  await stats();
  assert.equal(stack.upstreamCalls().length, 4);
  const missing = `${stack.proxy}publisher/offers/0f1e2d3c-0000-4000-8000-000000000000/`;
  assert.equal(statusOf(await call(missing)), '200 (404)');
  assert.equal(statusOf(await call(missing)), '200 (404)');
  assert.equal(stack.upstreamCalls().length, 6);
});

test('an upstream 404 of a GET is cached for notFoundTtl (default 10 s), not other 404s', async () => {
  let now = 0;
  const stack = await startStack({ now: () => now });
  const missing = 'publisher/adslots/0f1e2d3c-0000-4000-8000-000000000000/';
  const first = await call(stack.proxy + missing);
  now += 9_999;
  const second = await call(stack.proxy + missing);
  assert.deepEqual([statusOf(first), statusOf(second)], ['200 (404)', '200 (404)']);
  assert.deepEqual([first.headers.get('x-cache'), second.headers.get('x-cache')], ['MISS', 'HIT']);
  assert.equal(second.headers.get('cache-control'), 'no-store');
  assert.equal(stack.upstreamCalls().length, 1, 'one upstream call for both');
  now += 1;
  const third = await call(stack.proxy + missing);
  assert.equal(statusOf(third), '200 (404)');
  assert.equal(third.headers.get('x-cache'), 'MISS');
  assert.equal(stack.upstreamCalls().length, 2, 'the window has passed');
  // A PUT's 404 is not kept; neither is the proxy's own 404 (it never reaches the API).
  const link = `${stack.proxy}publisher/offers/0f1e2d3c-0000-4000-8000-000000000000/tracking_link/`;
  const put = () => call(link, jsonInit('PUT', { website: known.website.guid }));
  assert.deepEqual([statusOf(await put()), statusOf(await put())], ['200 (404)', '200 (404)']);
  assert.equal(stack.upstreamCalls().length, 4);
  // Every 404 above is the API's own answer.
  const direct = await fetch(stack.upstream + missing, {
    headers: { Authorization: `Token ${TOKEN}` },
  });
  assert.equal(direct.status, 404);
  const body = await direct.text();
  assert.deepEqual([first.text, second.text, third.text], [body, body, body]);
});

test('with cache: false every read goes upstream, identical concurrent ones still shared', async () => {
  const upstream = heldUpstream();
  const proxy = createProxy({
    token: TOKEN,
    upstream: 'http://api.example/',
    fetch: upstream.fetch,
    rateLimit: false,
    cache: false,
  });
  const read = () => new Request(`http://proxy.example/${offer(known.offers[0])}`);
  const requests = [read(), read(), read()];
  const pending = requests.map((request) => proxy(request));
  await until(() => listening(requests) === 3, 'the three reads are waiting');
  upstream.open();
  await Promise.all(pending);
  const later = await proxy(read());
  assert.equal(later.headers.get('cache-control'), 'no-cache');
  assert.ok(later.headers.get('etag'));
  assert.equal(upstream.calls, 2);
});

test('offers/detect answers are cached, 404s too (auto-linking asks once per host)', async () => {
  const stack = await startStack();
  const detect = (url: string) =>
    call(`${stack.proxy}publisher/offers/detect/?url=${encodeURIComponent(url)}`);
  const hit = [
    await detect('https://www.mediapoint.example/'),
    await detect('https://www.mediapoint.example/'),
  ];
  assert.deepEqual(
    hit.map((a) => a.status),
    [200, 200],
  );
  assert.equal(hit[1].headers.get('x-cache'), 'HIT');
  const miss = [
    await detect('https://elsewhere.example/'),
    await detect('https://elsewhere.example/'),
  ];
  assert.deepEqual(miss.map(statusOf), ['200 (404)', '200 (404)']);
  assert.equal(miss[1].headers.get('x-cache'), 'HIT');
  assert.equal(stack.upstreamCalls().length, 2);
});

test('memory is bounded in bytes too: the least recently used go first, the counters say so', async () => {
  // An offer answer is about 1.5 KB: 4 KB holds two of them with their keys.
  const stack = await startStack({ cache: { maxBytes: 4096 } });
  const [a, b, c] = known.offers;
  const held = () => stack.held()!.cache!;
  await call(stack.proxy + offer(a));
  await call(stack.proxy + offer(b));
  assert.equal(held().entries, 2);
  assert.ok(held().bytes <= 4096 && held().bytes > 2000, `${held().bytes} B`);
  await call(stack.proxy + offer(a)); // a hit: b is the least recently used
  await call(stack.proxy + offer(c)); // over 4 KB: b goes
  assert.equal(held().entries, 2);
  assert.ok(held().bytes <= 4096);
  await call(stack.proxy + offer(a));
  assert.equal(stack.upstreamCalls().length, 3, 'a stayed');
  await call(stack.proxy + offer(b));
  assert.equal(stack.upstreamCalls().length, 4, 'b was pushed out by bytes, not by count');
  assert.deepEqual(
    { ...held(), entries: undefined, bytes: undefined },
    { entries: undefined, bytes: undefined, maxEntries: 500, maxBytes: 4096 },
  );
});

test('an answer over 64 KiB is served every time but never kept', async () => {
  const big = (n: number) => ({
    count: 1,
    next: null,
    previous: null,
    results: [{ t: 'x'.repeat(n) }],
  });
  let calls = 0;
  const upstream = await startUpstream((request) => {
    calls += 1;
    const { pathname } = new URL(request.url);
    return Response.json(big(pathname.includes(known.offers[0]) ? 70_000 : 60_000));
  });
  const proxy = createProxy({ token: TOKEN, upstream, rateLimit: false });
  const read = async (id: string) => {
    const response = await proxy(new Request(`http://proxy.example/${offer(id)}`));
    return {
      status: response.status,
      cache: response.headers.get('x-cache'),
      size: (await response.text()).length,
    };
  };
  const large = [await read(known.offers[0]), await read(known.offers[0])];
  assert.deepEqual(
    large.map((r) => `${r.status} ${r.cache}`),
    ['200 MISS', '200 MISS'],
  );
  assert.ok(large[0].size > 64 * 1024);
  assert.equal(proxy.held().cache?.entries, 0);
  // 60,000 characters of ASCII: kept.
  const small = [await read(known.offers[1]), await read(known.offers[1])];
  assert.deepEqual(
    small.map((r) => r.cache),
    ['MISS', 'HIT'],
  );
  assert.equal(calls, 3);
  // Counted in UTF-8: 30,000 'é' are 60,000 bytes of UTF-8 but 30,000 UTF-16 units.
  assert.equal(keepable('é'.repeat(33_000)), false);
  assert.equal(keepable('é'.repeat(32_000)), true);
});

test('page_size above 48 is clamped before the call, and the clamped request is the cache key', async () => {
  const stack = await startStack();
  const search = (query: string, body: object) =>
    call(
      `${stack.proxy}publisher/products/?key=${known.website.guid}${query}`,
      jsonInit('POST', body),
    );
  const first = await search('&page_size=100', { filters: [] });
  assert.equal(first.status, 200);
  assert.equal((first.json as { results: unknown[] }).results.length, 48);
  assert.match(stack.upstreamCalls()[0].search, /[?&]page_size=48(&|$)/);
  assert.equal((await search('&page_size=48', { filters: [] })).headers.get('x-cache'), 'HIT');
  // In the body the same.
  const body = await search('', { filters: [], page_size: 100 });
  assert.equal(body.headers.get('x-cache'), 'MISS');
  assert.deepEqual(stack.upstreamCalls()[1].body, { filters: [], page_size: 48 });
  assert.equal((await search('', { page_size: 48, filters: [] })).headers.get('x-cache'), 'HIT');
  assert.equal(
    (await search('', { filters: [], page_size: '1000' })).headers.get('x-cache'),
    'HIT',
  );
  // v2 too; small sizes and nonsense pass as they are (the API answers its own 400).
  await call(`${stack.proxy}publisher/products/v2/?page_size=99`, jsonInit('POST', {}));
  assert.match(stack.upstreamCalls()[2].search, /page_size=48/);
  await search('&page_size=12', {});
  assert.match(stack.upstreamCalls()[3].search, /page_size=12/);
  assert.equal((await search('&page_size=lots', {})).status, 400);
  assert.equal(stack.upstreamCalls().length, 5);
});

test('cache.maxBytes is checked at start', () => {
  for (const maxBytes of [0, -1, 'big', Number.NaN])
    assert.throws(
      () =>
        createProxy({
          token: TOKEN,
          upstream: 'http://api.example/',
          cache: { maxBytes: maxBytes as number },
        }),
      /Invalid proxy option cache\.maxBytes/,
    );
});
