// The proxy's public edge (api-contract §12), tried as an attacker would: raw
// HTTP/1.1 against the Node adapter and the proxy, with whatever headers,
// hosts, methods and bodies a client may send.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { jsonInit, call, known, startStack, statusOf, type Stack } from './support/stack.js';
import { raw, rawSocket, type Raw } from '../support/raw-http.js';
import { createProxy } from '../../src/proxy/proxy.js';
import { TOKEN } from './support/stack.js';

const guid = known.website.guid;

/** The proxy's base path in a raw request target. */
const target = (stack: Stack, path: string) => new URL(stack.proxy).pathname + path;

test('no request header reaches a cache key: 40 languages and hosts cost one read', async () => {
  const stack = await startStack({ websites: [guid] });
  const offer = target(stack, `publisher/offers/${known.offers[0]}/`);
  const slot = target(stack, `publisher/adslots/${known.manualAdslot}/?key=${guid}`);
  const answers: Raw[] = [];
  for (let i = 0; i < 40; i++) {
    const headers = { 'Accept-Language': `x-${i},pl;q=0.${i % 10}`, Host: `h${i}.example` };
    answers.push(await raw(stack.proxy, 'GET', offer, headers));
  }
  assert.ok(answers.every((answer) => answer.status === 200));
  assert.equal(new Set(answers.map((answer) => answer.text)).size, 1, 'one answer for all');
  assert.equal(stack.upstreamCalls().length, 1, 'one upstream call for 40 variants');
  // A composed slot: its reads once, whatever the language.
  await raw(stack.proxy, 'GET', slot, { 'Accept-Language': 'pl' });
  const composed = stack.upstreamCalls().length;
  for (let i = 0; i < 40; i++)
    await raw(stack.proxy, 'GET', slot, { 'Accept-Language': `l${i}`, Host: `s${i}.example` });
  assert.equal(stack.upstreamCalls().length, composed, 'no new read for another language');
  for (const answer of answers)
    assert.doesNotMatch(String(answer.headers.vary ?? ''), /Accept-Language|Host/i);
});

test("no host from the request is written: Host, '//host/' and absolute-form targets", async () => {
  const stack = await startStack({ websites: [guid], basePath: '/pubnet/' });
  const search = JSON.stringify({ filters: [], page_size: 2 });
  const json = { 'Content-Type': 'application/json' };
  const searchPath = `/pubnet/publisher/products/?key=${guid}`;
  const slot = `/pubnet/render/adslots/${known.filterAdslot}/?key=${guid}`;
  const tries: [method: string, target: string, headers: Record<string, string>][] = [
    ['POST', searchPath, { ...json, Host: 'evil.example' }],
    ['POST', `//evil.example${searchPath}`, json],
    ['POST', `http://evil.example${searchPath}`, json],
    ['GET', slot, { Host: 'evil.example' }],
    ['GET', `//evil.example${slot}`, {}],
    ['GET', `http://evil.example${slot}`, { Host: 'evil.example:8080' }],
  ];
  let served = 0;
  for (const [method, path, headers] of tries) {
    const answer = await raw(stack.proxy, method, path, headers, method === 'POST' ? search : '');
    assert.ok(answer.status < 500, `${method} ${path}: ${answer.status}`);
    assert.ok(!answer.text.includes('evil.example'), `${method} ${path}: ${answer.text}`);
    for (const [name, value] of Object.entries(answer.headers))
      assert.ok(!String(value).includes('evil.example'), `${name}: ${String(value)}`);
    if (answer.status === 200) served += 1;
  }
  // The Host header and the absolute form name the same path: those answer.
  assert.ok(served >= 3, `${served} answered`);
  const page = await call(`${stack.proxy}publisher/products/?key=${guid}`, jsonInit('POST', {}));
  assert.match((page.json as { next: string }).next, /^\/pubnet\/publisher\/products\/\?/);
});

test('HEAD answers wherever GET does: same headers, no body', async () => {
  const stack = await startStack({ websites: [guid] });
  for (const path of [
    `publisher/offers/${known.offers[0]}/`,
    `publisher/adslots/${known.filterAdslot}/?key=${guid}`,
    `publisher/offers/detect/?url=${encodeURIComponent(known.merchantUrl)}`,
  ]) {
    const get = await raw(stack.proxy, 'GET', target(stack, path));
    const head = await raw(stack.proxy, 'HEAD', target(stack, path));
    assert.equal(get.status, 200, path);
    assert.deepEqual([head.status, head.bytes.length], [200, 0], path);
    for (const name of ['content-type', 'etag', 'cache-control', 'vary'])
      assert.equal(head.headers[name], get.headers[name], `${path}: ${name}`);
  }
  const missing = await raw(stack.proxy, 'HEAD', target(stack, 'publisher/my/'));
  assert.deepEqual([missing.status, missing.bytes.length], [404, 0]);
});

test('JSON nested deeper than 32 levels is 400 and never goes upstream', async () => {
  const stack = await startStack({ websites: [guid] });
  const nested = (depth: number) =>
    `{"filters":[],"page_size":2,"x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
  const url = `${stack.proxy}publisher/products/?key=${guid}`;
  const post = { method: 'POST', headers: { 'Content-Type': 'application/json' } };
  for (const depth of [33, 100, 3_000, 6_000]) {
    const answer = await call(url, { ...post, body: nested(depth) });
    assert.equal(answer.status, 400, `depth ${depth}`);
    assert.deepEqual(answer.json, {
      non_field_errors: ['The body nests deeper than 32 levels.'],
    });
  }
  assert.equal(stack.upstreamCalls().length, 0, 'no deep body went upstream');
  // Brackets inside strings are text, not nesting.
  const quoted = JSON.stringify({ filters: [], page_size: 2, q: '['.repeat(100) });
  const text = await call(url, { ...post, body: quoted });
  assert.notEqual(text.status, 500);
  assert.doesNotMatch(text.text, /nests deeper/);
});

test('compression: gzip over 1 KiB when accepted, the same JSON, an ETag and 304 per encoding', async () => {
  const stack = await startStack({ websites: [guid] });
  const slot = target(stack, `publisher/adslots/${known.manualAdslot}/?key=${guid}`);
  const plain = await raw(stack.proxy, 'GET', slot);
  assert.ok(plain.bytes.length > 1024, 'a composed slot is worth compressing');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.headers.vary, 'Accept-Encoding');

  const accepts = { 'Accept-Encoding': 'br;q=0, gzip, deflate' };
  const gzip = await raw(stack.proxy, 'GET', slot, accepts);
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.equal(gzip.headers.vary, 'Accept-Encoding');
  assert.ok(gzip.bytes.length < plain.bytes.length / 2, `${gzip.bytes.length} B`);
  assert.equal(gunzipSync(gzip.bytes).toString(), plain.text);
  const tag = String(gzip.headers.etag);
  assert.equal(tag, String(plain.headers.etag).replace(/"$/, '-gzip"'));

  const unchanged = await raw(stack.proxy, 'GET', slot, { ...accepts, 'If-None-Match': tag });
  assert.deepEqual([unchanged.status, unchanged.bytes.length], [304, 0]);
  assert.equal(unchanged.headers.etag, tag);
  // The gzip variant's tag does not validate the identity, nor the other way round.
  const identity = await raw(stack.proxy, 'GET', slot, { 'If-None-Match': tag });
  assert.equal(identity.status, 200);
  assert.equal(identity.text, plain.text);
  const other = await raw(stack.proxy, 'GET', slot, {
    ...accepts,
    'If-None-Match': String(plain.headers.etag),
  });
  assert.equal(other.status, 200);
  assert.equal(other.headers['content-encoding'], 'gzip');

  // Refused, unknown, or too small to bother: as it is.
  for (const header of ['gzip;q=0', 'compress', 'identity'])
    assert.equal(
      (await raw(stack.proxy, 'GET', slot, { 'Accept-Encoding': header })).text,
      plain.text,
    );
  const small = await raw(
    stack.proxy,
    'GET',
    target(stack, 'publisher/offers/no-such-offer/'),
    accepts,
  );
  assert.equal(statusOf(small), '200 (404)');
  assert.equal(small.headers['content-encoding'], undefined);
});

test('a request without exactly one valid Host is 400 before anything is read (RFC 9112 §3.2)', async () => {
  const stack = await startStack();
  const path = target(stack, `publisher/offers/${known.offers[0]}/`);
  const request = (hostLines: string, version = '1.1') =>
    `GET ${path} HTTP/${version}\r\n${hostLines}Connection: close\r\n\r\n`;
  const bad: [string, string][] = [
    ['no Host', request('')],
    ['no Host, HTTP/1.0', request('', '1.0')],
    ['an empty Host', request('Host:\r\n')],
    ['a Host of spaces', request('Host:   \r\n')],
    ['a space inside', request('Host: shop example\r\n')],
    ['a tab inside', request('Host: shop\texample\r\n')],
    ['two Host lines', request('Host: a.example\r\nHost: b.example\r\n')],
    ['two, the same', request('Host: a.example\r\nhost: a.example\r\n')],
    ['a list', request('Host: a.example, b.example\r\n')],
    ['a slash', request('Host: a.example/x\r\n')],
    ['credentials', request('Host: user@a.example\r\n')],
    ['a bad port', request('Host: a.example:80x\r\n')],
  ];
  for (const [why, text] of bad) {
    const answer = await rawSocket(stack.proxy, text);
    assert.equal(answer.status, 400, `${why}: ${answer.text.slice(0, 80)}`);
  }
  assert.equal(stack.upstreamCalls().length, 0, 'none was answered');
  for (const host of [
    'shop.example',
    'shop.example:8080',
    '127.0.0.1:1',
    '[::1]:8788',
    'xn--bcher-kva.example',
  ]) {
    const answer = await rawSocket(stack.proxy, request(`Host: ${host}\r\n`));
    assert.equal(answer.status, 200, host);
  }
  // A runtime that hands the handler a Host (Workers, Deno, Bun) gets a bad one refused there too.
  const handler = createProxy({ token: TOKEN, upstream: stack.upstream });
  const url = `http://proxy.example/publisher/offers/${known.offers[0]}/`;
  for (const host of ['', 'a b', 'a.example, b.example'])
    assert.equal((await handler(new Request(url, { headers: { Host: host } }))).status, 400, host);
});
