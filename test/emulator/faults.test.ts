/** Latency and injected faults, over real HTTP; and the Node adapter's close(). */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createEmulator, known } from '../../src/emulator/index.js';
import { parseFaultSpec } from '../../src/emulator/faults.js';
import { start, turns, until, type Started } from './helpers.js';

describe('latency and faults', () => {
  let emu: Started;
  before(async () => {
    emu = await start();
  });
  after(() => emu.close());

  test('a fixed latency holds every answer on a timer of that many ms', async (t) => {
    // The emulator's own setTimeout, replaced for this test: each timer is recorded and fires
    // only when the test fires it, so the answer's wait is seen without any wall-clock time.
    const timers: { ms: number; fire: () => void; cleared: boolean }[] = [];
    t.mock.method(globalThis, 'setTimeout', (fire: () => void, ms: number) => {
      const timer = { ms, fire, cleared: false };
      timers.push(timer);
      return timer;
    });
    t.mock.method(globalThis, 'clearTimeout', (timer: { cleared: boolean }) => {
      timer.cleared = true;
    });
    const inproc = createEmulator({ latency: 120 });
    const ask = (signal?: AbortSignal) => {
      const state = { settled: false };
      const answer = inproc
        .fetch(
          new Request('http://x.test/publisher/offers/?page_size=1', {
            headers: { Authorization: `Token ${known.token}` },
            signal,
          }),
        )
        .finally(() => (state.settled = true));
      return { answer, state };
    };

    const first = ask();
    await turns(() => timers.length > 0, 'the latency timer');
    assert.deepEqual(
      timers.map((timer) => timer.ms),
      [120],
    );
    for (let turn = 0; turn < 50; turn += 1) await new Promise((go) => setImmediate(go));
    assert.equal(first.state.settled, false, 'answered before its latency timer fired');
    timers[0]!.fire();
    assert.equal((await first.answer).status, 200);

    // setLatency changes the timer of the next answers; 0 sets none.
    inproc.setLatency(30);
    const second = ask();
    await turns(() => timers.length > 1, 'the second latency timer');
    assert.equal(timers[1]!.ms, 30);
    timers[1]!.fire();
    assert.equal((await second.answer).status, 200);
    inproc.setLatency(0);
    assert.equal((await ask().answer).status, 200);
    assert.equal(timers.length, 2, 'no timer without latency');

    // A caller leaving during the wait clears the timer, and gets no answer of the route.
    inproc.setLatency(120);
    const controller = new AbortController();
    const third = ask(controller.signal);
    await turns(() => timers.length > 2, 'the third latency timer');
    controller.abort();
    assert.notEqual((await third.answer).status, 200);
    assert.equal(timers[2]!.cleared, true);
    assert.throws(() => inproc.setLatency(-1), TypeError);
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
    await until(() => emu.emulator.requests.length > 0, 'the request to reach the emulator');
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
  test('close() ends a server with a hanging request', { timeout: 10_000 }, async () => {
    const other = await start({ faults: [{ path: '*', kind: 'hang' }] });
    const pending = other.call('GET', '/publisher/offers/').then(
      () => 'answered',
      () => 'failed',
    );
    await until(() => other.emulator.requests.length > 0, 'the request to reach the emulator');
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
