// How a composed ad slot answer is made: its parts in parallel, through the proxy's one read
// path (cache, coalescing, stale-if-error), and what is left out when a part fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AdslotEmbedded } from '../../../src/client/types.js';
import { createProxy } from '../../../src/proxy/proxy.js';
import { TOKEN, call, isSlot, known, startStack, statusOf } from '../support/stack.js';

const guid = known.website.guid;
const manual = `publisher/adslots/${known.manualAdslot}/?key=${guid}&sid=s1`;
const filter = `publisher/adslots/${known.filterAdslot}/?key=${guid}`;
const embedded = (json: unknown) => (json as { _embedded?: AdslotEmbedded })._embedded;

/** Resolves when `count` calls have been made to {@link Gate.fetch}, then lets them all through. */
class Gate {
  arrived = 0;
  inFlight = 0;
  mostInFlight = 0;
  readonly #count: number;
  #open!: () => void;
  readonly #opened = new Promise<void>((resolve) => (this.#open = resolve));

  constructor(count: number) {
    this.#count = count;
  }

  /** A fetch that holds each call until `count` calls are waiting (or the caller aborts it). */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    this.inFlight += 1;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    if ((this.arrived += 1) === this.#count) this.#open();
    try {
      const signal = init?.signal;
      await Promise.race([
        this.#opened,
        new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
      ]);
      return await fetch(input, init);
    } finally {
      this.inFlight -= 1;
    }
  };
}

test('the parts of one composition are fetched in parallel', async () => {
  // The manual slot needs three parts: its product's link, the placed products, the offer.
  const gate = new Gate(3);
  const stack = await startStack({
    websites: [guid],
    // Sequential parts would wait for each other here until this timeout left them out (a
    // hang guard too: the parts in parallel take a fraction of it on any machine).
    timeout: 20_000,
    fetch: (input, init) => (isSlot(input) ? fetch(input, init) : gate.fetch(input, init)),
  });
  const answer = await call(stack.proxy + manual);
  assert.equal(answer.status, 200);
  assert.equal(gate.mostInFlight, 3, 'all three parts were in flight at once');
  const [product, offer] = embedded(answer.json)!.widgets!;
  assert.ok(product?.tracking_link && product.product && offer?.offer, 'and none was left out');
  assert.equal(stack.logs.at(-1)?.note, undefined);
});

test('a repeat is a cache hit with no upstream call; concurrent ones share one composition', async () => {
  const stack = await startStack({ websites: [guid] });
  // The slot's answer is held until both requests have joined the composition.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let slotCalls = 0;
  let slotArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (slotArrived = resolve));
  const proxy = createProxy({
    token: TOKEN,
    upstream: stack.upstream,
    rateLimit: false,
    websites: [guid],
    fetch: async (input, init) => {
      if (isSlot(input)) {
        slotCalls += 1;
        slotArrived();
        await held;
      }
      return fetch(input, init);
    },
  });
  const request = () => proxy(new Request(`http://proxy.example/${manual}`));
  const first = request();
  await arrived;
  const second = request();
  // Let the second request run up to where it joins (no I/O before that point).
  await new Promise((resolve) => setImmediate(resolve));
  release();
  const answers = await Promise.all([first, second]);
  assert.deepEqual(answers.map((a) => a.headers.get('x-cache')).sort(), ['MISS', 'SHARED']);
  const [a, b] = await Promise.all(answers.map((a) => a.text()));
  assert.equal(a, b);
  assert.equal(slotCalls, 1);
  const calls = stack.upstreamCalls().length;
  assert.equal(calls, 4, 'one set: slot, link, placed products, offer');

  const again = await proxy(new Request(`http://proxy.example/${manual}`));
  assert.equal(again.headers.get('x-cache'), 'HIT');
  assert.equal(await again.text(), a);
  assert.equal(stack.upstreamCalls().length, calls, 'no upstream call');
});

test('a part that fails upstream is left out; the rest is answered, and not cached', async () => {
  const stack = await startStack({ websites: [guid] });
  stack.emulator.setFaults([{ path: '/publisher/products/*', kind: 'status', status: 500 }]);
  const partial = await call(stack.proxy + manual);
  assert.equal(partial.status, 200);
  const [product, offer, banner] = embedded(partial.json)!.widgets!;
  assert.deepEqual(product, {}, 'its link and product were left out, not set to null');
  assert.ok(offer?.offer?.title, 'the offer was still read');
  assert.equal(banner, null);
  assert.equal(partial.headers.get('cache-control'), 'no-cache', 'a CDN must ask again');
  assert.match(stack.logs.at(-1)?.note ?? '', /^left out: .*upstream 500/);

  const filtered = await call(stack.proxy + filter);
  assert.equal(filtered.status, 200);
  assert.equal((filtered.json as { id: string }).id, known.filterAdslot, 'the slot itself');
  assert.deepEqual(embedded(filtered.json), {}, 'without products');

  // The API is back: the next request composes again, from the cached slot and offer.
  stack.emulator.setFaults([]);
  const calls = stack.upstreamCalls().length;
  const whole = await call(stack.proxy + manual);
  assert.equal(whole.headers.get('x-cache'), 'MISS');
  assert.ok(embedded(whole.json)!.widgets![0]?.product);
  assert.deepEqual(
    stack
      .upstreamCalls()
      .slice(calls)
      .map((c) => c.method)
      .sort(),
    ['POST', 'PUT'],
  );
});

test('a part the proxy cannot reach (injected fetch) is left out the same way', async () => {
  const stack = await startStack({
    websites: [guid],
    fetch: (input, init) =>
      String(input).includes('/publisher/offers/')
        ? Promise.reject(new TypeError('fetch failed'))
        : fetch(input, init),
  });
  const answer = await call(stack.proxy + manual);
  const [product, offer] = embedded(answer.json)!.widgets!;
  assert.ok(product?.product && product.tracking_link);
  assert.deepEqual(offer, {});
  assert.match(stack.logs.at(-1)?.note ?? '', /offer .* \(upstream unreachable\)/);
});

test('the slot failing keeps its last config; parts failing serve the last composed answer', async () => {
  let now = 1_000_000;
  const stack = await startStack({
    websites: [guid],
    cache: { ttl: 10_000 },
    now: () => now,
    waitUntil: true,
  });
  const fresh = await call(stack.proxy + manual);
  assert.equal(embedded(fresh.json)!.widgets!.length, 4);
  now += 10_000;

  // The slot fails while it is revalidated in the background (revalidate.test.ts): composed
  // again from its last config, its parts read as usual, and not kept.
  stack.emulator.setFaults([{ path: '/publisher/adslots/*', kind: 'status', status: 500 }]);
  let calls = stack.upstreamCalls().length;
  const kept = await call(stack.proxy + manual);
  await stack.settled();
  assert.equal(kept.status, 200);
  assert.equal(kept.text, fresh.text);
  assert.equal(kept.headers.get('x-cache'), 'MISS');
  assert.equal(kept.headers.get('cache-control'), 'no-cache');
  assert.equal(kept.headers.get('etag'), fresh.headers.get('etag'));
  assert.equal(stack.logs.at(-1)?.note, 'revalidating slot config');
  assert.equal(stack.upstreamCalls().length, calls + 4, 'the slot and three parts');

  // The parts fail: their expired entries make it stale, so the last whole composition.
  now += 10_000;
  stack.emulator.setFaults([{ path: '/publisher/products/*', kind: 'status', status: 503 }]);
  calls = stack.upstreamCalls().length;
  const parts = await call(stack.proxy + manual);
  await stack.settled();
  assert.equal(parts.text, fresh.text);
  assert.equal(parts.headers.get('x-cache'), 'STALE');
  assert.equal(parts.headers.get('cache-control'), 'no-cache');
  assert.equal(stack.upstreamCalls().length, calls + 4, 'slot and three parts were tried');

  // Without an earlier composition for this sid, the slot's failure is the answer.
  stack.emulator.setFaults([{ path: '/publisher/adslots/*', kind: 'status', status: 404 }]);
  const missing = await call(stack.proxy + filter);
  assert.equal(statusOf(missing), '200 (404)');
  assert.equal(missing.headers.get('cache-control'), 'no-store');
});

test('compose: false only forwards: the plain slot, exactly its own upstream call', async () => {
  const stack = await startStack({ websites: [guid], compose: false });
  for (const [path, slot] of [
    [manual, known.manualAdslot],
    [filter, known.filterAdslot],
    // Not checked when not composing: dropped like any query parameter the route does not take.
    [`publisher/adslots/${known.filterAdslot}/?key=not-served&sid=${'x'.repeat(40)}`, null],
  ] as const) {
    const calls = stack.upstreamCalls().length;
    const answer = await call(stack.proxy + path);
    assert.equal(answer.status, 200, path);
    const json = answer.json as { id: string; _embedded?: unknown };
    assert.equal(json.id, slot ?? known.filterAdslot);
    assert.equal('_embedded' in json, false, 'no _embedded');
    const made = stack.upstreamCalls().slice(calls);
    if (slot === null) {
      // The same plain slot as the request before: answered from the cache.
      assert.equal(made.length, 0);
      assert.equal(answer.headers.get('x-cache'), 'HIT');
      continue;
    }
    assert.deepEqual(
      made.map((c) => `${c.method} ${c.path}${c.search}`),
      [`GET /publisher/adslots/${slot}/`],
      'only the slot, without key or sid',
    );
    assert.equal(answer.headers.get('x-cache'), 'MISS');
  }

  // The default composes the same request.
  const composing = await startStack({ websites: [guid] });
  const composed = await call(composing.proxy + filter);
  assert.ok(embedded(composed.json)?.products, 'composed by default');
  assert.equal(composing.upstreamCalls().length, 2, 'the slot and its search');
});

test('compose must be a boolean', () => {
  assert.throws(
    () =>
      createProxy({
        token: TOKEN,
        upstream: 'http://127.0.0.1:1/',
        compose: 'no' as unknown as boolean,
      }),
    { name: 'TypeError', message: /Invalid proxy option compose: expected a boolean/ },
  );
});
