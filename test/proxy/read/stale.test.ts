// Stale-if-error: when a cached read has expired and upstream then fails, the expired entry
// answers (for `cache.staleIfError` ms after it expired) instead of the failure. The ad slot is
// read plain (`compose: false`): a composition's slot read is revalidated instead (revalidate.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Fault } from '../../../src/emulator/types.js';
import { call, jsonInit, known, startStack, statusOf, type Answer } from '../support/stack.js';

const adslot = `publisher/adslots/${known.filterAdslot}/`;
const adslotFault = (fault: Omit<Fault, 'path'>): Fault[] => [
  { path: '/publisher/adslots/*', ...fault },
];

test('an expired entry answers for an upstream 5xx, non-JSON, timeout, 429 and back-off', async () => {
  let now = 1_000_000;
  // Only the hang may time out: every other call is let finish however long this machine
  // takes (its signal is not passed on), so a slow answer is never taken for a timeout.
  let hanging = false;
  const stack = await startStack({
    cache: { ttl: 10_000 },
    timeout: 300,
    now: () => now,
    compose: false,
    fetch: (input, init) => fetch(input, hanging ? init : { ...init, signal: undefined }),
  });
  const url = stack.proxy + adslot;
  const fresh = await call(url);
  assert.equal(fresh.status, 200);
  now += 10_000; // expired at exactly the TTL

  const failures: [Omit<Fault, 'path'> | undefined, RegExp][] = [
    [{ kind: 'status', status: 500, times: 1 }, /^stale: upstream 500$/],
    [{ kind: 'status', status: 503, times: 1 }, /^stale: upstream 503$/],
    [{ kind: 'html', times: 1 }, /^stale: upstream 502, not JSON$/],
    [{ kind: 'hang', times: 1 }, /^stale: upstream timeout 300 ms$/],
    [{ kind: 'status', status: 429, retryAfter: 5, times: 1 }, /^stale: upstream 429/],
    [undefined, /^stale: backing off$/], // within Retry-After: upstream is not called
  ];
  for (const [fault, note] of failures) {
    stack.emulator.setFaults(fault ? adslotFault(fault) : []);
    hanging = fault?.kind === 'hang';
    const calls = stack.upstreamCalls().length;
    const answer = await call(url);
    assert.equal(answer.status, 200, note.source);
    assert.equal(answer.text, fresh.text, 'the stored body');
    assert.equal(answer.headers.get('x-cache'), 'STALE');
    assert.equal(answer.headers.get('cache-control'), 'no-cache', 'a CDN must not keep it fresh');
    assert.equal(answer.headers.get('etag'), fresh.headers.get('etag'));
    const log = stack.logs.at(-1)!;
    assert.equal(log.cache, 'stale');
    assert.match(log.note ?? '', note);
    assert.equal(stack.upstreamCalls().length, calls + (fault ? 1 : 0));
  }

  now += 5_000; // Retry-After passed, upstream answers again
  const back = await call(url);
  assert.equal(back.headers.get('x-cache'), 'MISS');
  assert.equal(back.headers.get('cache-control'), 'public, max-age=10, stale-while-revalidate=60');
  assert.equal((await call(url)).headers.get('x-cache'), 'HIT', 'fresh again');
});

test('a network error (injected fetch) answers the expired entry, for searches too', async () => {
  let now = 0;
  let down = false;
  const stack = await startStack({
    now: () => now,
    compose: false,
    fetch: (input, init) =>
      down ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init),
  });
  const search = () =>
    call(
      `${stack.proxy}publisher/products/?key=${known.website.guid}`,
      jsonInit('POST', { filters: [{ brand: { lookup: 'contains', value: 'Sony' } }] }),
    );
  const read = (): Promise<Answer[]> => Promise.all([call(stack.proxy + adslot), search()]);
  const fresh = await read();
  now += 60_000; // the default TTL
  down = true;
  const stale = await read();
  assert.deepEqual(
    stale.map((a) => [a.status, a.text, a.headers.get('x-cache'), a.headers.get('cache-control')]),
    [
      [200, fresh[0].text, 'STALE', 'no-cache'],
      [200, fresh[1].text, 'STALE', 'no-store'],
    ],
  );
  assert.deepEqual(
    stack.logs.slice(-2).map((l) => [l.cache, l.note]),
    [
      ['stale', 'stale: upstream unreachable'],
      ['stale', 'stale: upstream unreachable'],
    ],
  );
  // The default window is 24 h after expiry.
  now = 60_000 + 86_399_999;
  assert.equal((await call(stack.proxy + adslot)).headers.get('x-cache'), 'STALE');
  now += 1;
  assert.equal((await call(stack.proxy + adslot)).status, 502);
  // Without an entry there is nothing to fall back on.
  assert.equal((await call(`${stack.proxy}publisher/offers/${known.offers[0]}/`)).status, 502);
});

test('a 4xx from upstream is a real answer, never replaced by stale data', async () => {
  let now = 0;
  const stack = await startStack({ cache: { ttl: 1_000 }, now: () => now, compose: false });
  const url = stack.proxy + adslot;
  assert.equal((await call(url)).status, 200);
  now += 1_000;
  // A slot the API does not know is an expected outcome: 200 with its 404 (api-contract §14).
  for (const [status, answered] of [
    [400, '400'],
    [403, '403'],
    [404, '200 (404)'],
  ] as const) {
    stack.emulator.setFaults(adslotFault({ kind: 'status', status, times: 1 }));
    const answer = await call(url);
    assert.equal(statusOf(answer), answered);
    assert.equal(answer.headers.get('x-cache'), 'MISS');
    assert.equal(stack.logs.at(-1)!.cache, 'miss');
  }
});

test('stale answers only within cache.staleIfError; 0 disables them', async () => {
  let now = 0;
  const failing = adslotFault({ kind: 'status', status: 500 });
  const stack = await startStack({
    cache: { ttl: 1_000, staleIfError: 5_000 },
    now: () => now,
    compose: false,
  });
  const url = stack.proxy + adslot;
  await call(url);
  stack.emulator.setFaults(failing);
  now = 1_000 + 4_999;
  assert.equal((await call(url)).headers.get('x-cache'), 'STALE');
  now = 1_000 + 5_000;
  const late = await call(url);
  assert.equal(late.status, 500);
  assert.equal(late.headers.get('x-cache'), 'MISS');

  const off = await startStack({
    cache: { ttl: 1_000, staleIfError: 0 },
    now: () => now,
    compose: false,
  });
  now = 0;
  await call(off.proxy + adslot);
  off.emulator.setFaults(failing);
  now = 1_000;
  assert.equal((await call(off.proxy + adslot)).status, 500);
  assert.equal(off.logs.at(-1)!.cache, 'miss');
});
