// The cap on upstream calls in flight: a slow upstream (held by the test, not by a clock)
// never gets more than `max` calls at once, a bounded queue waits for a bounded time, and the
// rest is refused with 503 + Retry-After, or answered the stale copy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UpstreamSlots, type Turn } from '../../../src/proxy/read/concurrency.js';
import type { ProxyLogEntry, ProxyOptions } from '../../../src/proxy/options.js';
import { createProxy } from '../../../src/proxy/proxy.js';
import { until } from '../../support/until.js';
import { heldUpstream } from '../support/held.js';
import { TOKEN, jsonInit, known } from '../support/stack.js';

/** A proxy in front of a held upstream: nothing answers until the test opens it. */
function slowProxy(options: Partial<ProxyOptions> = {}) {
  const upstream = heldUpstream();
  const logs: ProxyLogEntry[] = [];
  const proxy = createProxy({
    token: TOKEN,
    upstream: 'http://api.example/',
    fetch: upstream.fetch,
    websites: [known.website.guid],
    rateLimit: false,
    // Far beyond the test: a held call must wait for the test, not time out.
    timeout: 600_000,
    onLog: (entry) => logs.push(entry),
    ...options,
  });
  const settled: { status: number; retryAfter: string | null; cache: string | null }[] = [];
  /** A product search for `page`, its answer recorded in `settled` when it comes. */
  const search = async (page: number) => {
    const request = new Request(
      'http://proxy.example/publisher/products/',
      jsonInit('POST', { page }),
    );
    const response = await proxy(request, { remoteAddress: '192.0.2.1' });
    const text = await response.text();
    assert.ok(!text.includes(TOKEN), 'the token leaked');
    const { status, headers } = response;
    const answer = {
      status,
      retryAfter: headers.get('retry-after'),
      cache: headers.get('x-cache'),
    };
    settled.push(answer);
    return answer;
  };
  return { upstream, logs, settled, search };
}

test('50 distinct searches on a slow upstream: 32 in flight, the queue bounded, the rest 503', async () => {
  const { upstream, settled, search } = slowProxy({ concurrency: { queue: 10, wait: 30_000 } });
  const all = Promise.all(Array.from({ length: 50 }, (_, index) => search(index + 1)));
  // 32 calls reach upstream (the default cap), 10 wait, 8 find the queue full.
  await until(() => upstream.calls === 32 && settled.length === 8, '32 in flight, 8 refused');
  assert.ok(settled.every((answer) => answer.status === 503 && answer.retryAfter === '30'));
  assert.equal(upstream.inFlight, 32);

  upstream.open();
  const answers = await all;
  assert.equal(upstream.maxInFlight, 32, 'the queued calls only started as others finished');
  assert.equal(upstream.calls, 42);
  assert.equal(answers.filter((answer) => answer.status === 200).length, 42);
  assert.equal(answers.filter((answer) => answer.status === 503).length, 8);
  assert.equal(upstream.inFlight, 0);
});

test('by default 64 may wait: 50 distinct searches are all answered once upstream is back', async () => {
  const { upstream, settled, search } = slowProxy({ concurrency: { wait: 30_000 } });
  const all = Promise.all(Array.from({ length: 50 }, (_, index) => search(index + 1)));
  await until(() => upstream.calls === 32, 'the cap is reached');
  assert.equal(settled.length, 0, 'nobody refused: 18 are queued');
  upstream.open();
  const answers = await all;
  assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([200]));
  assert.equal(upstream.maxInFlight, 32);
});

test('a read refused a turn answers its stale copy when the cache has one, else 503', async () => {
  let now = 0;
  const { upstream, logs, search } = slowProxy({
    concurrency: { max: 1, queue: 0, wait: 30_000 },
    cache: { ttl: 10_000 },
    now: () => now,
  });
  upstream.open();
  assert.equal((await search(1)).status, 200);
  now += 10_000; // page 1 has expired; its copy is kept for stale-if-error
  upstream.hold();
  const busy = search(2);
  await until(() => upstream.inFlight === 1, 'the one slot is taken');
  // No queue: these two are refused a turn at once.
  const stale = await search(1);
  assert.deepEqual(stale, { status: 200, retryAfter: null, cache: 'STALE' });
  assert.match(logs.at(-1)?.note ?? '', /^stale: upstream queue full$/);
  assert.deepEqual(await search(4), { status: 503, retryAfter: '30', cache: 'MISS' });
  assert.equal(upstream.calls, 2, 'no upstream call for either');
  assert.equal(upstream.inFlight, 1);
  upstream.open();
  assert.equal((await busy).status, 200);
  assert.equal((await search(4)).status, 200, 'a turn is free again');
});

test('upstream slots: at most max active and queue waiting; released turns pass in order', async () => {
  const slots = new UpstreamSlots({ max: 2, queue: 3, wait: 30_000 });
  const order: number[] = [];
  const turns = Array.from({ length: 10 }, (_, index) =>
    slots.acquire().then((turn) => {
      if (turn.ok) order.push(index);
      return turn;
    }),
  );
  await until(() => order.length === 2, 'two turns given');
  assert.equal(slots.active, 2);
  assert.equal(slots.queued, 3);
  const refused = (await Promise.all(turns.slice(5))) as Turn[];
  assert.deepEqual(
    refused.map((turn) => (turn.ok ? 'ok' : turn.reason)),
    Array<string>(5).fill('queue full'),
  );
  for (let given = 0; given < 5; given += 1) {
    const turn = await turns[order[given]];
    assert.ok(turn.ok);
    turn.release();
    turn.release(); // a second release must not free a second slot
    await until(() => order.length === Math.min(5, given + 3), 'the next turn given');
  }
  assert.deepEqual(order, [0, 1, 2, 3, 4], 'first come, first served');
  assert.equal(slots.active, 0);
  assert.equal(slots.queued, 0);
});

test('upstream slots: a waiting call leaves the queue when it times out or its caller leaves', async () => {
  const slots = new UpstreamSlots({ max: 1, queue: 5, wait: 1 });
  const first = await slots.acquire();
  assert.ok(first.ok);
  // A 1 ms wait: the answer comes from the slots' own timer, awaited, not slept on.
  assert.deepEqual(await slots.acquire(), { ok: false, reason: 'queue timeout' });
  const patient = new UpstreamSlots({ max: 1, queue: 5, wait: 600_000 });
  assert.ok((await patient.acquire()).ok);
  const caller = new AbortController();
  const waiting = patient.acquire(caller.signal);
  assert.equal(patient.queued, 1);
  caller.abort();
  assert.deepEqual(await waiting, { ok: false, reason: 'cancelled' });
  assert.equal(patient.queued, 0);
  assert.equal(patient.active, 1);
});
