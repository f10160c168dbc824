// The allow-list's shared test vectors (allow-list-vectors.json): which method and
// path the proxy forwards. The same file is run against the WordPress plugin's PHP
// proxy (test/wordpress/proxy.test.ts), so both decide alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolveRoute, widgetRoutes } from '../../../src/proxy/policy/allow-list.js';

export interface AllowListVector {
  method: string;
  /** Relative to the API root, still percent-encoded. */
  path: string;
  allowed: boolean;
  why: string;
  /** A query string (`?…`) the route needs (for the proxies' end-to-end runs; not part of `path`). */
  query?: string;
  /** A body that passes the route's checks (for the proxies' end-to-end runs). */
  body?: unknown;
}

const vectors = JSON.parse(
  readFileSync(new URL('./allow-list-vectors.json', import.meta.url), 'utf8'),
) as AllowListVector[];

test('the shared allow-list vectors: at least 25, each widget route allowed', () => {
  assert.ok(vectors.length >= 25, `${vectors.length} vectors`);
  const keys = new Set(
    vectors.filter((v) => v.allowed).map((v) => resolveRoute(v.method, v.path)?.key),
  );
  for (const key of Object.keys(widgetRoutes))
    assert.ok(keys.has(key as never), `no allowed vector for ${key}`);
});

for (const vector of vectors)
  test(`${vector.allowed ? 'allows' : 'refuses'} ${vector.method} ${vector.path} (${vector.why})`, () => {
    assert.equal(resolveRoute(vector.method, vector.path) !== undefined, vector.allowed);
  });
