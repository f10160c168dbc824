// Rate limit per client IP, and CORS.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../../src/node/serve.js';
import { createProxy, type ConnectionInfo } from '../../src/proxy/proxy.js';
import { TOKEN, call, jsonInit, known, startStack } from './support.js';

// An offer: a read the proxy answers with one upstream call (an ad slot's is composed).
const offer = `publisher/offers/${known.offers[0]}/`;

test('rate limit: past the burst a client gets 429 with Retry-After, without an upstream call', async () => {
  const now = 5_000;
  const stack = await startStack({ rateLimit: { rate: 0.5, burst: 3 }, now: () => now });
  const statuses: number[] = [];
  let limited;
  for (let i = 0; i < 5; i += 1) {
    // A spoofed forwarding header changes nothing: no ipHeader is configured.
    const answer = await call(stack.proxy + offer, {
      headers: { 'X-Forwarded-For': `10.9.9.${i}` },
    });
    statuses.push(answer.status);
    if (answer.status === 429) limited = answer;
  }
  assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
  assert.equal(limited!.headers.get('retry-after'), '2');
  assert.equal(typeof (limited!.json as { detail: string }).detail, 'string');
  assert.equal(stack.upstreamCalls().length, 1, 'cached reads, and no call for limited ones');
  assert.deepEqual(
    stack.logs.map((l) => l.status),
    statuses,
  );
});

test('rate limit: buckets are per IP (socket address, or the trusted header when configured)', async () => {
  const stack = await startStack();
  const now = () => 0;
  const bySocket = createProxy({
    token: TOKEN,
    upstream: stack.upstream,
    rateLimit: { rate: 1, burst: 1 },
    now,
  });
  const request = () => new Request(`http://proxy.example/${offer}`);
  assert.equal((await bySocket(request(), { remoteAddress: '192.0.2.1' })).status, 200);
  assert.equal((await bySocket(request(), { remoteAddress: '192.0.2.1' })).status, 429);
  assert.equal((await bySocket(request(), { remoteAddress: '192.0.2.2' })).status, 200);

  const byHeader = createProxy({
    token: TOKEN,
    upstream: stack.upstream,
    rateLimit: { rate: 1, burst: 1, ipHeader: 'cf-connecting-ip' },
    now,
  });
  const from = (ip: string) =>
    new Request(`http://proxy.example/${offer}`, { headers: { 'CF-Connecting-IP': ip } });
  assert.equal((await byHeader(from('198.51.100.1'), { remoteAddress: '10.0.0.1' })).status, 200);
  assert.equal((await byHeader(from('198.51.100.1'), { remoteAddress: '10.0.0.1' })).status, 429);
  assert.equal((await byHeader(from('198.51.100.2'), { remoteAddress: '10.0.0.1' })).status, 200);
});

test('over HTTP, the Node adapter gives the handler the socket address', async () => {
  const stack = await startStack();
  const proxy = createProxy({ token: TOKEN, upstream: stack.upstream, rateLimit: { burst: 1 } });
  const infos: (ConnectionInfo | undefined)[] = [];
  const server = await serve((request, info) => {
    infos.push(info);
    return proxy(request, info);
  });
  try {
    assert.equal((await call(server.url + offer)).status, 200);
    assert.equal((await call(server.url + offer)).status, 429);
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
