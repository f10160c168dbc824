// A kept answer's representations are made once (represent.ts): its headers per variant (cache
// state, CORS origin, encoding), its bytes per encoding. Each request must still get exactly its
// own variant, whatever was asked for before it: the same hit is asked for in every combination,
// in two orders, and each answer is checked against what that request alone should get.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Fault } from '../../../src/emulator/types.js';
import { known, startStack } from '../support/stack.js';

const A = 'https://a.example';
const B = 'https://b.example';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

function raw(url: string, method: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface Ask {
  origin?: string;
  gzip: boolean;
  method: 'GET' | 'HEAD';
  /** Send the ETag this variant should have as `If-None-Match`. */
  conditional: boolean;
}

const asks: Ask[] = [];
for (const origin of [A, B, 'https://evil.example', undefined])
  for (const gzip of [false, true])
    for (const method of ['GET', 'HEAD'] as const)
      for (const conditional of [false, true]) asks.push({ origin, gzip, method, conditional });

test('every variant of one kept answer, asked for in any order, is that request’s own', async () => {
  const stack = await startStack({ allowOrigins: [A, B], compose: false });
  const url = `${stack.proxy}publisher/offers/${known.offers[0]}/`;
  const first = await raw(url, 'GET', {});
  assert.equal(first.headers['x-cache'], 'MISS');
  assert.ok(first.bytes.length > 1024, 'large enough to be compressed');
  const json = first.bytes.toString();
  const tag = String(first.headers.etag);
  assert.match(tag, /^"[\w-]+"$/);

  const check = async (ask: Ask, label: string) => {
    const variantTag = ask.gzip ? tag.replace(/"$/, '-gzip"') : tag;
    const headers: Record<string, string> = {};
    if (ask.origin) headers.Origin = ask.origin;
    if (ask.gzip) headers['Accept-Encoding'] = 'gzip';
    if (ask.conditional) headers['If-None-Match'] = variantTag;
    const got = await raw(url, ask.method, headers);
    const allowed = ask.origin === A || ask.origin === B;
    assert.equal(got.status, ask.conditional ? 304 : 200, label);
    assert.equal(got.headers['x-cache'], 'HIT', label);
    assert.equal(got.headers.etag, variantTag, label);
    assert.equal(got.headers.vary, 'Origin, Accept-Encoding', label);
    assert.equal(
      got.headers['access-control-allow-origin'],
      allowed ? ask.origin : undefined,
      label,
    );
    assert.equal(
      got.headers['access-control-expose-headers'],
      allowed ? 'ETag, Retry-After, X-Cache, X-Pubnet-Status' : undefined,
      label,
    );
    assert.equal(got.headers['cache-control'], 'public, max-age=60, stale-while-revalidate=60');
    if (ask.conditional) {
      assert.equal(got.bytes.length, 0, label);
      assert.equal(got.headers['content-type'], undefined, label);
      assert.equal(got.headers['content-encoding'], undefined, label);
      return;
    }
    assert.equal(got.headers['content-type'], 'application/json', label);
    assert.equal(got.headers['content-encoding'], ask.gzip ? 'gzip' : undefined, label);
    if (ask.method === 'HEAD') return assert.equal(got.bytes.length, 0, label);
    assert.equal((ask.gzip ? gunzipSync(got.bytes) : got.bytes).toString(), json, label);
  };

  for (const [i, ask] of asks.entries()) await check(ask, `in order, #${i} ${JSON.stringify(ask)}`);
  for (const [i, ask] of [...asks].reverse().entries())
    await check(ask, `reversed, #${i} ${JSON.stringify(ask)}`);
  // Interleaved: each variant right after a different one.
  for (let i = 0; i < asks.length; i++) {
    const ask = asks[(i * 7) % asks.length]!;
    await check(ask, `interleaved, #${i} ${JSON.stringify(ask)}`);
  }
  assert.equal(stack.upstreamCalls().length, 1, 'one upstream call for all of them');
});

test('the same kept answer, once expired, is answered stale with its own headers, not the hit’s', async () => {
  let now = 1_000_000;
  const stack = await startStack({ cache: { ttl: 10_000 }, now: () => now, compose: false });
  const url = `${stack.proxy}publisher/offers/${known.offers[0]}/`;
  assert.equal((await raw(url, 'GET', {})).headers['x-cache'], 'MISS');
  const hit = await raw(url, 'GET', { 'Accept-Encoding': 'gzip' });
  assert.equal(hit.headers['x-cache'], 'HIT');
  assert.equal(hit.headers['cache-control'], 'public, max-age=10, stale-while-revalidate=60');

  now += 10_000;
  const fault: Fault = { path: '/publisher/offers/*', kind: 'status', status: 500, times: 1 };
  stack.emulator.setFaults([fault]);
  const stale = await raw(url, 'GET', { 'Accept-Encoding': 'gzip' });
  assert.equal(stale.status, 200);
  assert.equal(stale.headers['x-cache'], 'STALE');
  assert.equal(stale.headers['cache-control'], 'no-cache');
  assert.equal(stale.headers.etag, hit.headers.etag);
  assert.deepEqual(gunzipSync(stale.bytes), gunzipSync(hit.bytes));
});
