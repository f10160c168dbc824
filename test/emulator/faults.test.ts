/** Latency and injected faults, over real HTTP; and the Node adapter's close(). */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createEmulator, known } from '../../src/emulator/index.js';
import { parseFaultSpec } from '../../src/emulator/faults.js';
import { start, until, type Started } from './helpers.js';

describe('latency and faults', () => {
  let emu: Started;
  before(async () => {
    emu = await start();
  });
  after(() => emu.close());

  test('a fixed latency delays every answer', async () => {
    emu.emulator.setLatency(120);
    try {
      const t0 = performance.now();
      const res = await emu.call('GET', '/publisher/offers/?page_size=1');
      assert.equal(res.status, 200);
      assert.ok(performance.now() - t0 >= 115, `took ${performance.now() - t0} ms`);
    } finally {
      emu.emulator.setLatency(0);
    }
    assert.throws(() => emu.emulator.setLatency(-1), TypeError);
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

  test('close() ends a server with a hanging request', async () => {
    const other = await start({ faults: [{ path: '*', kind: 'hang' }] });
    const pending = other.call('GET', '/publisher/offers/').then(
      () => 'answered',
      () => 'failed',
    );
    await until(() => other.emulator.requests.length > 0, 'the request to reach the emulator');
    const t0 = performance.now();
    await other.close();
    assert.ok(performance.now() - t0 < 1000);
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
