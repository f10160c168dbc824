// Slot configs past their max-age (api-contract §12): a composed view answers the stored config
// at once and fetches it again in the background, so a cold view costs only its parts' calls,
// a changed config shows from the view after next, and an upstream error keeps the last one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AdslotEmbedded } from '../../../src/client/types.js';
import {
  TOKEN,
  call,
  isSlot,
  jsonInit,
  known,
  startStack,
  type Answer,
  type Stack,
} from '../support/stack.js';

const guid = known.website.guid;
const TTL = 10_000;
const FRESH = 'public, max-age=10, stale-while-revalidate=60';
const filter = `publisher/adslots/${known.filterAdslot}/?key=${guid}`;
const manual = `publisher/adslots/${known.manualAdslot}/?key=${guid}&sid=s1`;

interface Composed {
  title: string;
  _embedded?: AdslotEmbedded;
}
const composed = (answer: Answer) => answer.json as Composed;

const unhandled: unknown[] = [];
process.on('unhandledRejection', (reason) => unhandled.push(reason));

/**
 * A stack on an injected clock whose slot calls can be held (so what a view waited for is
 * told apart from what runs in the background), served with a `waitUntil` as on Workers.
 */
async function revalidatingStack(cache: { staleIfError?: number } = {}) {
  const clock = { now: 1_000_000 };
  let held: Promise<void> | undefined;
  let release = () => {};
  const stack = await startStack({
    websites: [guid],
    cache: { ttl: TTL, ...cache },
    now: () => clock.now,
    waitUntil: true,
    // Reached only if a view waited for a held slot call: then it fails, not hangs. Far
    // above how long the views beside a held background call take on a slow machine: at
    // 1 s, four cold views took longer on a loaded one, the held call timed out before it
    // was let go, and the test saw no call for the slot.
    timeout: 30_000,
    fetch: async (input, init) => {
      const signal = init?.signal;
      if (held && isSlot(input))
        await Promise.race([
          held,
          new Promise((_, reject) =>
            signal?.addEventListener('abort', () => reject(signal.reason)),
          ),
        ]);
      return fetch(input, init);
    },
  });
  const views = {
    clock,
    stack,
    /** Holds every slot call from now until {@link views.release}. */
    hold() {
      held = new Promise((resolve) => (release = resolve));
    },
    /** Lets the held slot calls go and waits until the background work has settled. */
    async release() {
      held = undefined;
      release();
      await stack.settled();
    },
    /** A view of `path` and the upstream calls made before its answer. */
    async view(path: string) {
      const before = stack.upstreamCalls().length;
      const answer = await call(stack.proxy + path);
      return { answer, calls: stack.upstreamCalls().slice(before).map(describe) };
    },
  };
  return views;
}

const describe = (c: { method: string; path: string }) => `${c.method} ${c.path}`;
const slotCall = (uuid: string) => `GET /publisher/adslots/${uuid}/`;

/** Changes the slot's title in the emulator, as the API does: a PUT with its `_version`. */
async function retitle(stack: Stack, uuid: string, title: string): Promise<void> {
  const url = `${stack.upstream}publisher/adslots/${uuid}/`;
  const headers = { Authorization: `Token ${TOKEN}` };
  const slot = (await (await fetch(url, { headers })).json()) as Record<string, unknown>;
  const { _version, type, config, filters, widgets } = slot;
  const body = { _version, title, website: guid, type, config, filters, widgets };
  const put = await fetch(url, jsonInit('PUT', body, headers));
  assert.equal(put.status, 200, await put.text());
}

test('a filter slot: 2 calls cold, 0 warm, 1 after its TTL; a change shows on the view after next', async () => {
  const { clock, stack, view, hold, release } = await revalidatingStack();
  const first = await view(filter);
  assert.deepEqual(first.calls, [slotCall(known.filterAdslot), 'POST /publisher/products/']);
  assert.equal(first.answer.headers.get('x-cache'), 'MISS');
  const old = composed(first.answer).title;
  assert.ok(composed(first.answer)._embedded?.products, 'composed');
  const repeat = await view(filter);
  assert.deepEqual(repeat.calls, [], 'within the TTL: no upstream call');
  assert.equal(repeat.answer.headers.get('x-cache'), 'HIT');

  await retitle(stack, known.filterAdslot, 'Retitled');
  clock.now += TTL;
  hold();
  const cold = await view(filter);
  assert.deepEqual(cold.calls, ['POST /publisher/products/'], 'only the search before the answer');
  assert.equal(cold.answer.status, 200);
  assert.equal(composed(cold.answer).title, old, 'the stored config');
  assert.ok(composed(cold.answer)._embedded?.products, 'composed as usual');
  assert.equal(cold.answer.headers.get('x-cache'), 'MISS');
  assert.equal(cold.answer.headers.get('cache-control'), 'no-cache', 'a CDN must ask again');
  assert.deepEqual(stack.logs.at(-1)?.note, 'revalidating slot config');
  const before = stack.upstreamCalls().length;
  await release();
  assert.deepEqual(stack.upstreamCalls().slice(before).map(describe), [
    slotCall(known.filterAdslot),
  ]);

  const next = await view(filter);
  assert.equal(composed(next.answer).title, 'Retitled', 'the view after next shows the change');
  assert.deepEqual(next.calls, [], 'its search is the one the cold view made');
  assert.equal(next.answer.headers.get('cache-control'), FRESH);
  assert.equal((await view(filter)).answer.headers.get('x-cache'), 'HIT', 'and it was kept');
});

test('a manual slot: after its TTL only its parts are on the view’s path, in one round trip', async () => {
  const { clock, stack, view, hold, release } = await revalidatingStack();
  const first = await view(manual);
  assert.equal(first.calls.length, 4, 'slot, link, placed products, offer');
  assert.equal(first.calls[0], slotCall(known.manualAdslot));
  assert.deepEqual((await view(manual)).calls, []);

  clock.now += TTL;
  hold();
  const cold = await view(manual);
  assert.equal(cold.calls.length, 3, 'the parts only');
  assert.ok(!cold.calls.includes(slotCall(known.manualAdslot)));
  const widgets = composed(cold.answer)._embedded?.widgets ?? [];
  assert.ok(widgets[0]?.product && widgets[0].tracking_link && widgets[1]?.offer);
  assert.equal(cold.answer.text, first.answer.text, 'the same config, the same parts');
  const before = stack.upstreamCalls().length;
  await release();
  assert.deepEqual(stack.upstreamCalls().slice(before).map(describe), [
    slotCall(known.manualAdslot),
  ]);
  const next = await view(manual);
  assert.deepEqual(next.calls, []);
  assert.equal(next.answer.headers.get('cache-control'), FRESH);
});

test('cold views at once share one background call for their slot', async () => {
  const { clock, stack, view, hold, release } = await revalidatingStack();
  await view(filter);
  await view(manual);
  clock.now += TTL;
  hold();
  const before = stack.upstreamCalls().length;
  await Promise.all([view(filter), view(filter), view(manual), view(manual)]);
  await release();
  const slots = stack
    .upstreamCalls()
    .slice(before)
    .map(describe)
    .filter((c) => c.startsWith('GET /publisher/adslots/'))
    .sort();
  assert.deepEqual(slots, [slotCall(known.filterAdslot), slotCall(known.manualAdslot)]);
});

test('an upstream error in the background keeps the last config; no 5xx reaches a visitor', async () => {
  const { clock, stack, view, hold, release } = await revalidatingStack();
  const first = await view(filter);
  const title = composed(first.answer).title;
  clock.now += TTL;
  stack.emulator.setFaults([{ path: '/publisher/adslots/*', kind: 'status', status: 500 }]);
  for (let visit = 0; visit < 3; visit++) {
    hold();
    const later = await view(filter);
    assert.equal(later.answer.status, 200);
    assert.equal(composed(later.answer).title, title);
    assert.ok(composed(later.answer)._embedded?.products, 'still composed from it');
    assert.equal(later.answer.headers.get('x-cache'), 'MISS');
    assert.equal(stack.logs.at(-1)?.note, 'revalidating slot config');
    const before = stack.upstreamCalls().length;
    await release();
    const made = stack.upstreamCalls().slice(before).map(describe);
    assert.deepEqual(made, [slotCall(known.filterAdslot)], 'tried again (and failed: 500)');
  }
  stack.emulator.setFaults([]);
  await view(filter);
  await release();
  const back = await view(filter);
  assert.equal(back.answer.headers.get('cache-control'), FRESH, 'revalidated once it answers');
  assert.deepEqual(unhandled, [], 'no unhandled rejection');
});

test('past staleIfError, or with it 0, a cold view fetches its slot first, as before', async () => {
  for (const staleIfError of [5_000, 0]) {
    const { clock, view } = await revalidatingStack({ staleIfError });
    await view(filter);
    clock.now += TTL + staleIfError;
    const cold = await view(filter);
    assert.deepEqual(cold.calls, [slotCall(known.filterAdslot), 'POST /publisher/products/']);
    assert.equal(cold.answer.headers.get('cache-control'), FRESH);
  }
});
