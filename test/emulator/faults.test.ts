/** Latency and injected faults, over real HTTP; and the Node adapter's close(). */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createEmulator, known } from '../../src/emulator/index.js';
import { parseFaultSpec } from '../../src/emulator/faults.js';
import { until } from '../support/until.js';
import { start, type Started } from './support/calls.js';

interface FakeTimer {
  ms: number;
  fire: () => void;
  /** Resolves when the timer is cleared. */
  cleared: Promise<void>;
}

/** Timers that record each setTimeout and fire only when the test fires them. */
function fakeTimers() {
  const all: FakeTimer[] = [];
  const clears = new Map<FakeTimer, () => void>();
  const waiting: ((timer: FakeTimer) => void)[] = [];
  return {
    all,
    /** Resolves with the n-th timer set (from 0), at once if it already was. */
    nth(n: number): Promise<FakeTimer> {
      const timer = all[n];
      if (timer) return Promise.resolve(timer);
      return new Promise((resolve) => {
        waiting[n] = resolve;
      });
    },
    setTimeout(fire: () => void, ms: number): unknown {
      let clear!: () => void;
      const cleared = new Promise<void>((resolve) => (clear = resolve));
      const timer: FakeTimer = { ms, fire, cleared };
      clears.set(timer, clear);
      all.push(timer);
      waiting[all.length - 1]?.(timer);
      return timer;
    },
    clearTimeout(id: unknown): void {
      clears.get(id as FakeTimer)?.();
    },
  };
}

describe('latency and faults', () => {
  let emu: Started;
  before(async () => {
    emu = await start();
  });
  after(() => emu.close());

  // Over real HTTP, with the emulator's timers injected: each timer is recorded and fires only
  // when the test fires it, so the answer's wait is seen without any wall-clock time. Every
  // wait below is for an event (a timer set or cleared, an answer); the timeout is only a
  // limit for a wait that would never end.
  test(
    'a fixed latency holds every answer on a timer of that many ms',
    { timeout: 60_000 },
    async (t) => {
      const timers = fakeTimers();
      const slow = await start({ latency: 120, timers });
      t.after(() => slow.close());
      const ask = (signal?: AbortSignal) => {
        const state = { settled: false };
        const n = timers.all.length;
        const answer = slow
          .call('GET', '/publisher/offers/?page_size=1', { signal })
          .finally(() => (state.settled = true));
        // This request's timer; fails at once should the answer come with no timer set.
        const timer = Promise.race([
          timers.nth(n),
          answer.then(() => {
            throw new Error('answered with no latency timer set');
          }),
        ]);
        timer.catch(() => {}); // not awaited without latency
        return { answer, state, timer };
      };

      const first = ask();
      const held = await first.timer;
      assert.equal(held.ms, 120);
      // A later request, released first, makes a full round trip while the first one is still
      // unanswered: the first answer waits for its timer, not for the network.
      const second = ask();
      (await second.timer).fire();
      assert.equal((await second.answer).status, 200);
      assert.equal(first.state.settled, false, 'answered before its latency timer fired');
      held.fire();
      assert.equal((await first.answer).status, 200);

      // setLatency changes the timer of the next answers; 0 sets none.
      slow.emulator.setLatency(30);
      const third = ask();
      const thirdTimer = await third.timer;
      assert.equal(thirdTimer.ms, 30);
      thirdTimer.fire();
      assert.equal((await third.answer).status, 200);
      slow.emulator.setLatency(0);
      assert.equal((await ask().answer).status, 200);
      assert.equal(timers.all.length, 3, 'no timer without latency');

      // A caller leaving during the wait clears the timer.
      slow.emulator.setLatency(120);
      const controller = new AbortController();
      const left = ask(controller.signal);
      const leftTimer = await left.timer;
      controller.abort();
      await assert.rejects(left.answer, { name: 'AbortError' });
      await leftTimer.cleared;
      assert.deepEqual(
        timers.all.map((timer) => timer.ms),
        [120, 120, 30, 120],
      );
      assert.throws(() => slow.emulator.setLatency(-1), TypeError);
    },
  );

  test('timers must be an object with setTimeout and clearTimeout', () => {
    const noop = () => {};
    for (const bad of [null, 42, 'timers', {}, { setTimeout: noop }, { clearTimeout: noop }]) {
      assert.throws(
        () => createEmulator({ timers: bad as never }),
        (e: unknown) => e instanceof TypeError && /\btimers\b/.test(e.message),
        String(bad),
      );
    }
    assert.doesNotThrow(() => createEmulator({ timers: { setTimeout: noop, clearTimeout: noop } }));
  });

  test('onRequest hears of a request as it is logged, also one that is never answered', async () => {
    let hear!: (entry: string) => void;
    const heard = new Promise<string>((resolve) => (hear = resolve));
    const inproc = createEmulator({
      faults: [{ path: '/publisher/offers/', kind: 'hang' }],
      onRequest: (entry) => hear(`${entry.method} ${entry.path}`),
    });
    const controller = new AbortController();
    let answered = false;
    const answer = inproc
      .fetch(new Request('http://x.test/publisher/offers/', { signal: controller.signal }))
      .finally(() => (answered = true));
    // Told with the log's entry, and with no answer (the request hangs).
    assert.equal(await heard, 'GET /publisher/offers/');
    assert.equal(answered, false);
    assert.deepEqual(
      inproc.requests.map((entry) => `${entry.method} ${entry.path}`),
      ['GET /publisher/offers/'],
    );
    controller.abort();
    await answer;
    for (const bad of [42, 'x', {}])
      assert.throws(
        () => createEmulator({ onRequest: bad as never }),
        (e: unknown) => e instanceof TypeError && /\bonRequest\b/.test(e.message),
      );
  });

  test('status fault: JSON detail and Retry-After', async () => {
    emu.emulator.setFaults([
      { path: '/publisher/products/*', kind: 'status', status: 429, retryAfter: 3 },
    ]);
    const res = await emu.call('POST', '/publisher/products/', { body: {} });
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '3');
    assert.match(res.body.detail, /throttled/);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(
      (await emu.call('GET', '/publisher/offers/')).status,
      200,
      'other paths untouched',
    );
    emu.emulator.setFaults([{ path: '/publisher/offers/', kind: 'status' }]);
    const plain = await emu.call('GET', '/publisher/offers/');
    assert.equal(plain.status, 500);
    assert.equal(plain.headers.get('retry-after'), null);
    emu.emulator.setFaults([]);
  });

  test('malformed: 200 application/json that does not parse', async () => {
    emu.emulator.setFaults([{ path: '/publisher/offers/*', kind: 'malformed' }]);
    const res = await fetch(new URL(`publisher/offers/${known.offers[0]}/`, emu.url), {
      headers: { Authorization: `Token ${known.token}` },
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    await assert.rejects(res.json());
    emu.emulator.setFaults([]);
  });

  test('html: a 502 gateway page', async () => {
    emu.emulator.setFaults([{ path: /^\/publisher\/adslots\//, kind: 'html' }]);
    const res = await emu.call('GET', `/publisher/adslots/${known.filterAdslot}/`);
    assert.equal(res.status, 502);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.match(res.body, /502 Bad Gateway/);
    emu.emulator.setFaults([]);
  });

  test('times: only the first N matching requests; method narrows', async () => {
    emu.emulator.setFaults([
      { path: '/publisher/adslots/*', method: 'POST', kind: 'status', status: 503 },
      { path: '/publisher/offers/*', kind: 'status', status: 503, times: 2 },
    ]);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await emu.call('GET', '/publisher/offers/')).status);
    assert.deepEqual(statuses, [503, 503, 200, 200]);
    assert.equal((await emu.call('GET', '/publisher/adslots/')).status, 200, 'GET is not POST');
    assert.equal((await emu.call('POST', '/publisher/adslots/', { body: {} })).status, 503);
    emu.emulator.setFaults([{ path: '/publisher/offers/*', kind: 'status', times: 1 }]);
    assert.equal(
      (await emu.call('GET', '/publisher/offers/')).status,
      500,
      'setFaults restarts counts',
    );
    emu.emulator.setFaults([]);
  });

  test('hang: never answers until the client aborts', async () => {
    emu.emulator.clearRequests();
    emu.emulator.setFaults([{ path: '/publisher/offers/', kind: 'hang' }]);
    const controller = new AbortController();
    let settled = false;
    const hanging = emu
      .call('GET', '/publisher/offers/', { signal: controller.signal })
      .finally(() => (settled = true));
    await until(() => emu.emulator.requests.length > 0, 'the request reaches the emulator', {
      ms: 60_000,
    });
    // The emulator answers another request in full while this one stays unanswered.
    const other = await emu.call('GET', `/publisher/adslots/${known.filterAdslot}/`);
    assert.equal(other.status, 200);
    assert.equal(settled, false);
    controller.abort();
    await assert.rejects(hanging, { name: 'AbortError' });
    emu.emulator.setFaults([]);
    assert.equal(
      (await emu.call('GET', '/publisher/offers/')).status,
      200,
      'the server is still fine',
    );
  });

  // close() destroys the open sockets at once: had it waited for the hanging request, it
  // would never resolve (the timeout is only a limit for that failure, never a wait).
  test('close() ends a server with a hanging request', { timeout: 90_000 }, async () => {
    const other = await start({ faults: [{ path: '*', kind: 'hang' }] });
    const pending = other.call('GET', '/publisher/offers/').then(
      () => 'answered',
      () => 'failed',
    );
    await until(() => other.emulator.requests.length > 0, 'the request reaches the emulator', {
      ms: 60_000,
    });
    await other.close();
    assert.equal(await pending, 'failed');
  });

  test('hang in-process ends when the request signal aborts', async () => {
    const inproc = createEmulator({ faults: [{ path: '/publisher/offers/', kind: 'hang' }] });
    const controller = new AbortController();
    let settled = false;
    const answer = inproc
      .fetch(new Request('http://x.test/publisher/offers/', { signal: controller.signal }))
      .finally(() => (settled = true));
    // Another request is answered in full while this one stays unanswered.
    const other = await inproc.fetch(
      new Request(`http://x.test/publisher/adslots/${known.filterAdslot}/`, {
        headers: { Authorization: `Token ${known.token}` },
      }),
    );
    assert.equal(other.status, 200);
    assert.equal(settled, false);
    controller.abort();
    const res = await answer;
    assert.notEqual(res.status, 200);
  });

  test('fault specs of the CLI', () => {
    assert.deepEqual(parseFaultSpec('POST /publisher/products/*=500'), {
      path: '/publisher/products/*',
      method: 'POST',
      kind: 'status',
      status: 500,
    });
    assert.deepEqual(parseFaultSpec('/publisher/*=429,retry-after=5,times=2'), {
      path: '/publisher/*',
      kind: 'status',
      status: 429,
      retryAfter: 5,
      times: 2,
    });
    assert.deepEqual(parseFaultSpec('/x/=hang'), { path: '/x/', kind: 'hang' });
    for (const bad of ['nothing', '/x=teapot', 'x=500', '/x=500,forever', '/x=99']) {
      assert.throws(() => parseFaultSpec(bad), TypeError, bad);
    }
    assert.throws(
      () => createEmulator({ faults: [{ path: '/', kind: 'status', status: 1000 }] }),
      TypeError,
    );
  });
});
