// Rate limit per client (upstream calls it causes, per IPv4 address or IPv6 /64), and CORS.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../../../src/node-adapter/serve.js';
import type { ProxyOptions } from '../../../src/proxy/options.js';
import { createProxy, type ConnectionInfo, type ProxyHandler } from '../../../src/proxy/proxy.js';
import { until } from '../../support/until.js';
import { heldUpstream } from '../support/held.js';
import { TOKEN, call, jsonInit, known, startStack, statusOf } from '../support/stack.js';

// An offer: a read the proxy answers with one upstream call (an ad slot's is composed).
const offer = `publisher/offers/${known.offers[0]}/`;

/** A proxy in front of an upstream that answers every call at once, counting them. */
function limitedProxy(options: Partial<ProxyOptions> = {}) {
  const upstream = heldUpstream();
  upstream.open();
  const proxy = createProxy({
    token: TOKEN,
    upstream: 'http://api.example/',
    fetch: upstream.fetch,
    websites: [known.website.guid],
    now: () => 0,
    ...options,
  });
  return { proxy, upstream };
}

/** A product search for `page`: distinct pages are distinct cache entries, so misses. */
const search = (page: number) =>
  new Request('http://proxy.example/publisher/products/', jsonInit('POST', { page }));

/** The handler's answer read in full; fails if the token is anywhere in it. */
async function answer(proxy: ProxyHandler, request: Request, remoteAddress: string) {
  const response = await proxy(request, { remoteAddress });
  const text = await response.text();
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  assert.ok(!`${headers}\n${text}`.includes(TOKEN), 'the token leaked');
  return { status: response.status, headers: response.headers, text };
}

test('rate limit: 20 identical coalesced searches from one IP cost one token: no 429', async () => {
  // One token only: if a joined search were counted, 19 would be refused.
  const upstream = heldUpstream();
  const states: string[] = [];
  const proxy = createProxy({
    token: TOKEN,
    upstream: 'http://api.example/',
    fetch: upstream.fetch,
    websites: [known.website.guid],
    now: () => 0,
    rateLimit: { rate: 1, burst: 1 },
    onLog: (entry) => states.push(entry.cache),
  });
  const answers = Array.from({ length: 20 }, () => answer(proxy, search(1), '192.0.2.1'));
  await until(() => upstream.calls === 1, 'the search is in flight');
  upstream.open();
  const statuses = (await Promise.all(answers)).map((a) => a.status);
  assert.deepEqual(statuses, Array<number>(20).fill(200));
  assert.equal(upstream.calls, 1);
  assert.deepEqual(states.sort(), ['miss', ...Array<string>(19).fill('shared')]);
});

test('rate limit: 200 cached reads from one IP are never refused', async () => {
  const { proxy, upstream } = limitedProxy({ rateLimit: { rate: 1, burst: 1 } });
  const statuses = new Set<number>();
  for (let read = 0; read < 200; read += 1)
    statuses.add((await answer(proxy, search(1), '192.0.2.1')).status);
  assert.deepEqual([...statuses], [200]);
  assert.equal(upstream.calls, 1, 'one miss, then 199 hits');
});

test('rate limit: distinct misses past the burst get 429 + Retry-After; other IPs are unaffected', async () => {
  let now = 5_000;
  const { proxy, upstream } = limitedProxy({
    rateLimit: { rate: 0.5, burst: 3 },
    now: () => now,
  });
  const hammer = [];
  for (let page = 1; page <= 5; page += 1)
    hammer.push(await answer(proxy, search(page), '192.0.2.1'));
  assert.deepEqual(
    hammer.map((a) => a.status),
    [200, 200, 200, 429, 429],
  );
  const refused = hammer[3];
  assert.equal(refused.headers.get('retry-after'), '2', 'one token at 0.5 per second');
  assert.equal(refused.headers.get('cache-control'), 'no-store');
  assert.equal(typeof (JSON.parse(refused.text) as { detail: unknown }).detail, 'string');
  assert.equal(upstream.calls, 3, 'no upstream call for a refused read');
  // While refused misses, it still reads what is cached; another address has its own bucket.
  assert.equal((await answer(proxy, search(2), '192.0.2.1')).status, 200);
  assert.equal((await answer(proxy, search(9), '192.0.2.2')).status, 200);
  assert.equal(upstream.calls, 4);
  now += 2_000;
  assert.equal((await answer(proxy, search(6), '192.0.2.1')).status, 200, 'refilled');
  // Stats are never cached: each is an upstream call, counted and refused the same way.
  const stats = () =>
    new Request(
      'http://proxy.example/publisher/products/stats/',
      jsonInit('POST', { event: 'view', products: ['p1'], website: known.website.guid }),
    );
  assert.equal((await answer(proxy, stats(), '192.0.2.1')).status, 429);
  assert.equal(upstream.calls, 5);
});

test('rate limit: IPv6 is counted per /64, IPv4-mapped IPv6 as its IPv4 address', async () => {
  const { proxy } = limitedProxy({ rateLimit: { rate: 1, burst: 1 } });
  let page = 0;
  const miss = async (ip: string) => (await answer(proxy, search((page += 1)), ip)).status;
  assert.equal(await miss('2001:db8:1:2::1'), 200);
  assert.equal(await miss('2001:0db8:0001:0002:ffff:0:0:9'), 429, 'the same /64');
  assert.equal(await miss('2001:db8:1:3::1'), 200, 'the next /64');
  assert.equal(await miss('192.0.2.7'), 200);
  assert.equal(await miss('::ffff:192.0.2.7'), 429, 'the same IPv4 client, dual-stack socket');
});

test('rate limit: a composed ad slot is admitted whole, and each of its calls is counted', async () => {
  const stack = await startStack();
  const proxy = createProxy({
    token: TOKEN,
    upstream: stack.upstream,
    websites: [known.website.guid],
    rateLimit: { rate: 1, burst: 1 },
    now: () => 0,
  });
  const slot = new Request(`http://proxy.example/publisher/adslots/${known.filterAdslot}/`);
  const composed = await answer(proxy, slot, '192.0.2.1');
  assert.equal(composed.status, 200);
  assert.ok((JSON.parse(composed.text) as { _embedded?: object })._embedded, 'not cut short');
  assert.equal(stack.upstreamCalls().length, 2, 'the slot and its search');
  // Two calls on one token: the bucket is at -1, so a token is 2 s away.
  const next = await answer(proxy, new Request(`http://proxy.example/${offer}`), '192.0.2.1');
  assert.equal(next.status, 429);
  assert.equal(next.headers.get('retry-after'), '2');
  assert.equal((await answer(proxy, slot, '192.0.2.1')).status, 200, 'cached: free');
});

test('rate limit: buckets are per IP (socket address, or the trusted header when configured)', async () => {
  const { proxy: bySocket } = limitedProxy({ rateLimit: { rate: 1, burst: 1 } });
  // A spoofed forwarding header changes nothing: no ipHeader is configured.
  const spoofed = (page: number) =>
    new Request(search(page), { headers: { 'X-Forwarded-For': `10.9.9.${page}` } });
  assert.equal((await answer(bySocket, spoofed(1), '192.0.2.1')).status, 200);
  assert.equal((await answer(bySocket, spoofed(2), '192.0.2.1')).status, 429);
  assert.equal((await answer(bySocket, spoofed(3), '192.0.2.2')).status, 200);

  const { proxy: byHeader } = limitedProxy({
    rateLimit: { rate: 1, burst: 1, ipHeader: 'cf-connecting-ip' },
  });
  const from = (ip: string, page: number) =>
    new Request(search(page), { headers: { 'CF-Connecting-IP': ip } });
  assert.equal((await answer(byHeader, from('198.51.100.1', 1), '10.0.0.1')).status, 200);
  assert.equal((await answer(byHeader, from('198.51.100.1', 2), '10.0.0.1')).status, 429);
  assert.equal((await answer(byHeader, from('198.51.100.2', 3), '10.0.0.1')).status, 200);
});

test('over HTTP, the Node adapter gives the handler the socket address', async () => {
  const stack = await startStack();
  // A clock that stands still: the bucket refills at 5 a second, so on a real clock a
  // machine that takes 200 ms over the three calls would see the third one let through.
  const proxy = createProxy({
    token: TOKEN,
    upstream: stack.upstream,
    rateLimit: { burst: 1 },
    now: () => 0,
  });
  const infos: (ConnectionInfo | undefined)[] = [];
  const server = await serve((request, info) => {
    infos.push(info);
    return proxy(request, info);
  });
  try {
    assert.equal((await call(server.url + offer)).status, 200);
    assert.equal((await call(server.url + offer)).status, 200, 'a cached read is free');
    const other = `publisher/offers/${known.offers[1]}/`;
    const refused = await call(server.url + other);
    assert.equal(refused.status, 429);
    assert.match(refused.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
    assert.equal(infos[0]?.remoteAddress, '127.0.0.1');
  } finally {
    await server.close();
  }
});

test('CORS: listed origins get headers, others none; preflight allowed → 204, others → 403', async () => {
  const stack = await startStack({ allowOrigins: ['https://shop.example'] });
  const allowed = await call(stack.proxy + offer, { headers: { Origin: 'https://shop.example' } });
  assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://shop.example');
  assert.match(allowed.headers.get('access-control-expose-headers') ?? '', /ETag/);
  assert.match(allowed.headers.get('vary') ?? '', /Origin/);
  assert.equal(allowed.headers.get('access-control-allow-credentials'), null);

  const other = await call(stack.proxy + offer, { headers: { Origin: 'https://evil.example' } });
  assert.equal(other.status, 200, 'answered, but a browser will not let the page read it');
  assert.equal(other.headers.get('access-control-allow-origin'), null);
  assert.match(other.headers.get('vary') ?? '', /Origin/, 'a CDN keeps one copy per origin');

  const preflight = (
    origin: string,
    method = 'PUT',
    path = `publisher/products/p1/tracking_link/`,
  ) =>
    call(stack.proxy + path, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': method,
        'Access-Control-Request-Headers': 'content-type',
      },
    });
  const ok = await preflight('https://shop.example');
  assert.equal(ok.status, 204);
  assert.equal(ok.headers.get('access-control-allow-origin'), 'https://shop.example');
  assert.match(ok.headers.get('access-control-allow-methods') ?? '', /PUT/);
  assert.match(ok.headers.get('access-control-allow-headers') ?? '', /Content-Type/i);
  assert.ok(Number(ok.headers.get('access-control-max-age')) > 0);
  assert.match(ok.headers.get('vary') ?? '', /Origin/);
  const refused = await preflight('https://evil.example');
  assert.equal(refused.status, 403);
  assert.equal(refused.headers.get('access-control-allow-origin'), null);
  assert.equal((await preflight('https://shop.example', 'DELETE')).status, 404);
  assert.equal((await preflight('https://shop.example', 'GET', 'my/profile/')).status, 404);
  // Errors the proxy makes carry CORS headers too, so the page can read them.
  const notFound = await call(`${stack.proxy}my/profile/`, {
    headers: { Origin: 'https://shop.example' },
  });
  assert.equal(notFound.status, 404);
  assert.equal(notFound.headers.get('access-control-allow-origin'), 'https://shop.example');
  assert.equal(stack.upstreamCalls().length, 1);
});

test("CORS: '*' allows any origin; no allowOrigins means no CORS headers at all", async () => {
  const open = await startStack({ allowOrigins: '*' });
  const any = await call(open.proxy + offer, { headers: { Origin: 'https://any.example' } });
  assert.equal(any.headers.get('access-control-allow-origin'), '*');
  const pre = await call(`${open.proxy}publisher/products/`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://any.example', 'Access-Control-Request-Method': 'POST' },
  });
  assert.equal(pre.status, 204);

  const closed = await startStack();
  const none = await call(closed.proxy + offer, { headers: { Origin: 'https://any.example' } });
  assert.equal(none.headers.get('access-control-allow-origin'), null);
  const post = await call(`${closed.proxy}publisher/products/`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://any.example', 'Access-Control-Request-Method': 'POST' },
  });
  assert.equal(post.status, 403);
  assert.equal(
    (await call(`${closed.proxy}publisher/products/`, jsonInit('POST', {}))).status,
    200,
  );
});

test('rate limit: writes draw from the same bucket: tracking links with new sids, stats, link checks', async () => {
  const { proxy, upstream } = limitedProxy({ rateLimit: { rate: 1, burst: 4 } });
  const link = (sid: string, deep?: string, offer: string = known.offers[0]) =>
    new Request(
      `http://proxy.example/publisher/offers/${offer}/tracking_link/`,
      jsonInit('PUT', { sid, ...(deep && { deep_link: deep }) }),
    );
  const stats = (id: string) =>
    new Request(
      'http://proxy.example/publisher/products/stats/',
      jsonInit('POST', { event: 'view', products: [id] }),
    );
  const from = '192.0.2.1';
  assert.equal((await answer(proxy, link('a'), from)).status, 200);
  assert.equal((await answer(proxy, link('a'), from)).status, 200, 'the same link: cached, free');
  assert.equal((await answer(proxy, stats('p1'), from)).status, 200);
  // A deep link costs the read of the offer's site too (support/held.ts answers `{}`: no site known).
  assert.equal(
    statusOf(await answer(proxy, link('b', 'https://shop.example/'), from)),
    '200 (400)',
  );
  assert.equal(upstream.calls, 3, 'link a, the stats, the offer read');
  const refused = [
    await answer(proxy, link('c'), from),
    await answer(proxy, stats('p2'), from),
    await answer(proxy, link('d'), from),
    // Another offer's site is not cached: reading it is refused too.
    await answer(proxy, link('e', 'https://shop.example/', known.offers[1]), from),
  ];
  // One token was left for link c; then the bucket is empty.
  assert.deepEqual(
    refused.map((a) => a.status),
    [200, 429, 429, 429],
  );
  // A link refused for its host needs no token once the offer's site is cached.
  assert.equal(
    statusOf(await answer(proxy, link('f', 'https://shop.example/'), from)),
    '200 (400)',
  );
  for (const answered of refused.slice(1)) assert.equal(answered.headers.get('retry-after'), '1');
  assert.equal(upstream.calls, 4, 'nothing was sent upstream for a refused write');
  assert.equal((await answer(proxy, stats('p3'), '192.0.2.2')).status, 200, 'another client');
});
