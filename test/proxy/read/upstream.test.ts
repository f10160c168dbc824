// Upstream trouble: down, hanging, failing, rate limiting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { ProxyLogEntry } from '../../../src/proxy/options.js';
import { createProxy } from '../../../src/proxy/proxy.js';
import { TOKEN, call, jsonInit, known, startProxy, startStack } from '../support/stack.js';

const offer = (i = 0) => `publisher/offers/${known.offers[i]}/`;

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// At the first refusal: one attempt, no wait for the timeout (two minutes here, so a proxy
// that waited would answer 504, not 502), judged by what the proxy did, not by the clock.
test('upstream down → 502 with a JSON body, at its first refusal', async () => {
  let attempts = 0;
  const proxy = await startProxy({
    token: TOKEN,
    upstream: `http://127.0.0.1:${await closedPort()}/`,
    rateLimit: false,
    timeout: 120_000,
    fetch: (input, init) => {
      attempts += 1;
      return fetch(input, init);
    },
  });
  const answer = await call(proxy + offer());
  assert.equal(answer.status, 502);
  assert.equal(typeof (answer.json as { detail: string }).detail, 'string');
  assert.ok(!answer.text.includes('127.0.0.1'), 'the upstream address is not shown');
  assert.equal(attempts, 1, 'one attempt');
});

test('upstream hanging → 504 within the timeout', async () => {
  const stack = await startStack({ timeout: 300 });
  stack.emulator.setFaults([{ path: '/publisher/offers/*', kind: 'hang' }]);
  const started = performance.now();
  const answer = await call(stack.proxy + offer());
  const took = performance.now() - started;
  assert.equal(answer.status, 504);
  assert.equal(answer.headers.get('content-type'), 'application/json');
  // Not before the timeout, and because of it; had it not fired, the test's own timeout would.
  assert.ok(took >= 280, `took ${took} ms`);
  assert.equal(stack.logs.at(-1)?.note, 'upstream timeout 300 ms');
});

test('upstream HTML or malformed answers → 502 with a JSON body, not cached', async () => {
  const stack = await startStack();
  stack.emulator.setFaults([
    { path: '/publisher/offers/*', kind: 'html', status: 502, times: 1 },
    { path: '/publisher/adslots/*', kind: 'malformed', times: 1 },
  ]);
  const html = await call(stack.proxy + offer());
  assert.equal(html.status, 502);
  assert.ok(!html.text.includes('<'), html.text);
  const malformed = await call(`${stack.proxy}publisher/adslots/${known.filterAdslot}/`);
  assert.equal(malformed.status, 502);
  assert.equal(typeof (malformed.json as { detail: string }).detail, 'string');
  assert.equal((await call(stack.proxy + offer())).status, 200, 'the failure was not cached');
});

test('upstream 429 → the proxy answers itself until Retry-After has passed', async () => {
  let now = 50_000;
  const stack = await startStack({ now: () => now });
  stack.emulator.setFaults([
    { path: '/publisher/offers/*', kind: 'status', status: 429, retryAfter: 3, times: 1 },
  ]);
  const first = await call(stack.proxy + offer(0));
  assert.equal(first.status, 503);
  assert.equal(first.headers.get('retry-after'), '3');
  assert.equal(stack.upstreamCalls().length, 1);

  now += 1_000;
  const answers = await Promise.all([
    call(stack.proxy + offer(1)),
    call(stack.proxy + offer(2)),
    call(`${stack.proxy}publisher/products/`, jsonInit('POST', {})),
    call(
      `${stack.proxy}publisher/products/stats/`,
      jsonInit('POST', { event: 'view', products: [] }),
    ),
  ]);
  for (const answer of answers) {
    assert.equal(answer.status, 503);
    assert.equal(answer.headers.get('retry-after'), '2');
  }
  assert.equal(stack.upstreamCalls().length, 1, 'no stampede: upstream was left alone');

  now += 2_000;
  assert.equal((await call(stack.proxy + offer(1))).status, 200);
  assert.equal(stack.upstreamCalls().length, 2);
});

test('upstream 429 without Retry-After → an exponential default', async () => {
  let now = 0;
  const stack = await startStack({ now: () => now });
  stack.emulator.setFaults([
    { path: '/publisher/offers/*', kind: 'status', status: 429, times: 2 },
  ]);
  assert.equal((await call(stack.proxy + offer(0))).headers.get('retry-after'), '1');
  now += 1_000;
  assert.equal((await call(stack.proxy + offer(0))).headers.get('retry-after'), '2');
  now += 1_000;
  assert.equal((await call(stack.proxy + offer(0))).status, 503, 'still backing off');
  now += 1_000;
  assert.equal((await call(stack.proxy + offer(0))).status, 200);
  assert.equal(stack.upstreamCalls().length, 3);
});

test('a caller that goes away does not cancel a call others share', async () => {
  // Upstream answers only when the test says so; like fetch, it gives up when aborted.
  const upstreamSignals: AbortSignal[] = [];
  let answer!: (response: Response) => void;
  let called!: () => void;
  const calledUpstream = new Promise<void>((resolve) => (called = resolve));
  const logs: ProxyLogEntry[] = [];
  const proxy = createProxy({
    token: TOKEN,
    upstream: 'https://api.example/',
    rateLimit: false,
    onLog: (entry) => logs.push(entry),
    fetch: (_input, init) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init!.signal!;
        upstreamSignals.push(signal);
        answer = resolve;
        signal.addEventListener('abort', () => reject(signal.reason));
        called();
      }),
  });
  const url = `https://proxy.example/${offer(0)}`;
  const leaving = new AbortController();
  const gone = proxy(new Request(url, { signal: leaving.signal }));
  const staying = proxy(new Request(url));
  await calledUpstream;
  // Nothing between the second caller and the shared call waits on I/O: one
  // turn of the event loop later, it has joined.
  await new Promise((resolve) => setImmediate(resolve));
  leaving.abort();
  assert.equal((await gone).status, 499);
  assert.equal(upstreamSignals[0]!.aborted, false, 'the shared call goes on');
  answer(new Response(JSON.stringify({ id: known.offers[0] }), { status: 200 }));
  const kept = await staying;
  assert.equal(kept.status, 200);
  assert.deepEqual(await kept.json(), { id: known.offers[0] });
  assert.equal(upstreamSignals.length, 1);
  // The staying caller got the answer of the call the leaving one started.
  assert.deepEqual(
    logs.map((entry) => [entry.status, entry.cache]),
    [
      [499, '-'],
      [200, 'shared'],
    ],
  );
});
