// The token: added upstream, never shown to a page; the caller's credentials never forwarded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createProxy } from '../../src/proxy/proxy.js';
import type { ProxyLogEntry } from '../../src/proxy/options.js';
import {
  TOKEN,
  call,
  jsonInit,
  known,
  seen,
  startProxy,
  startStack,
  startUpstream,
  statusOf,
} from './support/stack.js';

interface Received {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** An upstream that records what it got and echoes the token back in every way it can. */
async function echoingUpstream(prefix = '/') {
  const received: Received[] = [];
  let mode: 'json' | 'html500' | 'json400' = 'json';
  const url = await startUpstream(async (request) => {
    const { pathname } = new URL(request.url);
    const headers = Object.fromEntries(request.headers);
    received.push({ method: request.method, path: pathname, headers, body: await request.text() });
    const auth = request.headers.get('authorization') ?? '';
    const echo = { 'X-Echo': auth, 'Set-Cookie': `t=${auth}`, 'X-Token': TOKEN };
    if (mode === 'html500')
      return new Response(`<h1>Error</h1><pre>${auth}</pre>`, {
        status: 500,
        headers: { 'Content-Type': 'text/html', ...echo },
      });
    const data = {
      auth,
      token: TOKEN,
      nested: { url: `https://x.example/?t=${encodeURIComponent(TOKEN)}` },
      next: `http://127.0.0.1:1${prefix}publisher/products/?page=2&t=${TOKEN}`,
      previous: null,
      results: [],
    };
    return Response.json(data, { status: mode === 'json400' ? 400 : 200, headers: echo });
  });
  return {
    url: url.replace(/\/$/, prefix),
    received,
    setMode: (next: typeof mode) => (mode = next),
  };
}

test('the token is added upstream, never shown; Authorization and Cookie of the caller are dropped', async () => {
  const upstream = await echoingUpstream('/v1/');
  const logs: ProxyLogEntry[] = [];
  const proxy = await startProxy({
    token: TOKEN,
    upstream: upstream.url,
    websites: [known.website.guid],
    rateLimit: false,
    onLog: (entry) => logs.push(entry),
  });
  const callerHeaders = {
    Authorization: 'Token callers-own-token',
    Cookie: 'session=abc',
    'X-Custom': 'forward-me-not',
    'Accept-Language': 'pl-PL',
  };
  const get = await call(`${proxy}publisher/adslots/${known.filterAdslot}/`, {
    headers: callerHeaders,
  });
  assert.equal(get.status, 200);
  assert.equal((get.json as { token: string }).token, '[redacted]');
  assert.equal((get.json as { auth: string }).auth, 'Token [redacted]');
  assert.equal(get.headers.get('set-cookie'), null, 'no upstream header is relayed');
  assert.equal(get.headers.get('x-echo'), null);
  assert.ok((get.json as { next: string }).next.startsWith('/publisher/products/?page=2'));

  const [first] = upstream.received;
  assert.equal(
    first.path,
    `/v1/publisher/adslots/${known.filterAdslot}/`,
    'upstream path prefix kept',
  );
  assert.equal(first.headers.authorization, `Token ${TOKEN}`);
  assert.equal(first.headers.cookie, undefined);
  assert.equal(first.headers['x-custom'], undefined);
  assert.notEqual(first.headers['accept-language'], 'pl-PL', 'nothing upstream depends on it');

  const put = await call(
    `${proxy}publisher/products/${known.product}/tracking_link/`,
    jsonInit('PUT', { sid: 's1' }, callerHeaders),
  );
  assert.equal(put.status, 200);
  assert.equal(upstream.received[1].headers.authorization, `Token ${TOKEN}`);
  assert.equal(upstream.received[1].headers.cookie, undefined);

  const page = await call(`${proxy}publisher/black-friday/${known.website.guid}`, {
    headers: callerHeaders,
  });
  assert.equal(page.status, 200);
  assert.equal(upstream.received[2].headers.authorization, undefined, 'token pages are public');
  assert.equal(upstream.received[2].headers.cookie, undefined);

  upstream.setMode('json400');
  const bad = await call(
    `${proxy}publisher/offers/${known.offers[0]}/tracking_link/`,
    jsonInit('PUT', { sid: 's2' }),
  );
  assert.equal(statusOf(bad), '200 (400)');
  upstream.setMode('html500');
  const failed = await call(`${proxy}publisher/offers/${known.offers[0]}/`);
  assert.equal(failed.status, 502);
  assert.deepEqual(Object.keys(failed.json as object), ['detail']);
  assert.ok(!JSON.stringify(logs).includes(TOKEN), 'log entries never contain the token');
  assert.ok(logs.length >= 5);
});

test('no answer of the emulator-backed flows shows the token, errors included', async () => {
  const stack = await startStack({ websites: [known.website.guid] });
  const answers = [
    await call(`${stack.proxy}publisher/adslots/${known.filterAdslot}/`),
    await call(`${stack.proxy}publisher/products/`, jsonInit('POST', { filters: [] })),
    await call(`${stack.proxy}publisher/products/`, jsonInit('POST', '{nope')),
    await call(`${stack.proxy}publisher/products/?key=foreign`, jsonInit('POST', {})),
    await call(`${stack.proxy}my/private_tokens/`),
    await call(`${stack.proxy}publisher/offers/no-such-offer/`),
  ];
  assert.deepEqual(answers.map(statusOf), ['200', '200', '400', '403', '404', '200 (404)']);
  stack.emulator.setFaults([{ path: '/publisher/offers/*', kind: 'html', status: 502 }]);
  assert.equal((await call(`${stack.proxy}publisher/offers/${known.offers[1]}/`)).status, 502);
  assert.ok(!JSON.stringify(stack.logs).includes(TOKEN));
  // Every answer of every test in this file went through call(), which throws on a leak.
  assert.ok(seen.length >= 10 && seen.every((text) => !text.includes(TOKEN)));
});

test('the handler works without a server: a web-standard Request in, a Response out', async () => {
  const upstream = await echoingUpstream();
  const handler = createProxy({ token: TOKEN, upstream: upstream.url, rateLimit: false });
  const response = await handler(
    new Request(`http://proxy.example/publisher/offers/${known.offers[0]}/`),
  );
  assert.equal(response.status, 200);
  const text = await response.text();
  assert.ok(!text.includes(TOKEN));
  // No host is taken from the request: the link is relative to the route.
  assert.match(text, /"next":"\/publisher\/products\/\?page=2/);
  assert.ok(!text.includes('proxy.example'));
});
