// The allow-list as a pure function: every route of the table resolves to itself or to nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routeList } from '../../../src/client/routes/index.js';
import { resolveRoute, widgetRoutes } from '../../../src/proxy/policy/allow-list.js';
import { createProxy } from '../../../src/proxy/proxy.js';
import { fillPath } from '../support/stack.js';

test('every widget route resolves to itself; every other route of the table to nothing', () => {
  let allowed = 0;
  for (const [key, def] of routeList) {
    const resolved = resolveRoute(def.method, fillPath(def.path));
    if (key in widgetRoutes) {
      allowed += 1;
      assert.equal(resolved?.key, key, `${def.method} ${def.path}`);
    } else {
      assert.equal(resolved, undefined, `${key}: ${def.method} ${def.path} must not be forwarded`);
    }
  }
  assert.equal(allowed, Object.keys(widgetRoutes).length, 'every allow-list key is in the table');
});

test('static segments win: "find" and "detect" are never taken for an id', () => {
  assert.equal(resolveRoute('GET', '/publisher/offers/detect/')?.key, 'offers.detect');
  assert.equal(resolveRoute('GET', '/publisher/offers/find/'), undefined);
  assert.equal(resolveRoute('GET', '/publisher/adslots/find/'), undefined);
  assert.equal(resolveRoute('POST', '/publisher/products/stats/')?.key, 'products.createStats');
  assert.equal(resolveRoute('POST', '/publisher/products/v2/')?.key, 'products.searchV2');
  // Claimed by two patterns, neither more specific: refused rather than guessed.
  assert.equal(
    resolveRoute('PUT', '/publisher/products/export_templates/tracking_link/'),
    undefined,
  );
});

test('methods, trailing slashes and ids that could leave their segment', () => {
  const offer = '/publisher/offers/0f1e2d3c-4b5a-4697-8877-665544332201/';
  assert.equal(resolveRoute('GET', offer)?.key, 'offers.get');
  assert.equal(resolveRoute('DELETE', offer), undefined);
  assert.equal(resolveRoute('PUT', offer), undefined);
  assert.equal(resolveRoute('GET', offer.slice(0, -1)), undefined, 'canonical paths only');
  assert.equal(resolveRoute('GET', '/publisher/adslots//'), undefined, 'empty id');
  for (const id of ['%2E%2E', '..', '.', 'a%2Fb', 'a%5Cb', '%E0%A4%A', '%0A'])
    assert.equal(resolveRoute('GET', `/publisher/offers/${id}/`), undefined, id);
  const route = resolveRoute('PUT', '/publisher/products/p%2010/tracking_link/');
  assert.equal(route?.params.id, 'p 10');
  assert.equal(route?.path, '/publisher/products/p%2010/tracking_link/');
  const page = resolveRoute('GET', '/publisher/payday-loans/abc');
  assert.equal(page?.public, true);
  assert.equal(page?.params.token, 'abc');
  assert.equal(resolveRoute('GET', '/publisher/payday-loans/abc/'), undefined);
});

test('invalid options throw a TypeError naming the option (and never the token)', () => {
  const ok = { token: 'secret-token-1', upstream: 'http://127.0.0.1:1/' };
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ token: undefined }, /token/],
    [{ token: '' }, /token/],
    [{ token: 'short' }, /token/],
    [{ token: 'has space token' }, /token/],
    [{ upstream: undefined }, /upstream/],
    [{ upstream: '/relative/' }, /upstream/],
    [{ upstream: 'ftp://x.example/' }, /upstream/],
    [{ upstream: 'https://user:pw@x.example/' }, /upstream/],
    [{ websites: 'guid' }, /websites/],
    [{ websites: ['ok', 3] }, /websites/],
    [{ allowOrigins: ['https://a.example/'] }, /allowOrigins/],
    [{ allowOrigins: 'https://a.example' }, /allowOrigins/],
    [{ basePath: 'pubnet-api' }, /basePath/],
    [{ cache: { ttl: -1 } }, /cache\.ttl/],
    [{ cache: 'yes' }, /cache/],
    [{ cache: { staleIfError: -1 } }, /cache\.staleIfError/],
    [{ cache: { staleIfError: Infinity } }, /cache\.staleIfError/],
    [{ cache: { staleIfError: '1000' } }, /cache\.staleIfError/],
    [{ cache: { notFoundTtl: -5 } }, /cache\.notFoundTtl/],
    [{ cache: { notFoundTtl: NaN } }, /cache\.notFoundTtl/],
    [{ rateLimit: { rate: 0 } }, /rateLimit\.rate/],
    [{ rateLimit: { ipHeader: 'bad header' } }, /rateLimit\.ipHeader/],
    [{ concurrency: { max: 0 } }, /concurrency\.max/],
    [{ concurrency: { queue: -1 } }, /concurrency\.queue/],
    [{ concurrency: { wait: Infinity } }, /concurrency\.wait/],
    [{ concurrency: 32 }, /concurrency/],
    [{ timeout: 'soon' }, /timeout/],
    [{ fetch: 'no' }, /fetch/],
    [{ publicUrl: 'nope' }, /publicUrl/],
  ];
  for (const [change, name] of cases) {
    const options = { ...ok, ...change } as Parameters<typeof createProxy>[0];
    assert.throws(
      () => createProxy(options),
      (error: unknown) =>
        error instanceof TypeError &&
        name.test(error.message) &&
        !error.message.includes('secret-token-1'),
      JSON.stringify(change),
    );
  }
  assert.equal(typeof createProxy({ ...ok, upstream: 'https://api.example/v1' }), 'function');
  assert.equal(typeof createProxy({ ...ok, allowOrigins: '*', cache: false }), 'function');
  const zero = { ttl: 1, staleIfError: 0, notFoundTtl: 0 };
  assert.equal(typeof createProxy({ ...ok, cache: zero }), 'function', '0 disables, is valid');
});
