// The abuse vectors of api-contract §13 (abuse-vectors.json): what an anonymous visitor may
// try against a public proxy, as plain requests from plain client addresses. Run here against
// the real `pubnet-proxy` CLI (a child process, over raw sockets, each vector's client binding
// its own 127.x.y.z address), in front of the emulator; and the vectors whose figures depend
// on time once more against the same Node server in process with a frozen clock, where the
// rate limit's counts are exact. The same file is meant for the WordPress plugin's proxy.
//
// What the CLI holds is read from its own counters (SIGUSR2 prints them: cache entries and
// bytes against their bounds, and the process's RSS).
import { after, before, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { startEmulator } from '../../src/emulator/index.js';
import type { RequestLogEntry } from '../../src/emulator/types.js';
import { serve } from '../../src/node-adapter/serve.js';
import { createProxy } from '../../src/proxy/proxy.js';
import {
  abuseVectors,
  address,
  assertUpstream,
  fill,
  keepCalls,
  send,
  sendVector,
  type AbuseVector,
  type Answer,
  type VectorRequest,
} from '../support/abuse-vectors.js';
import { TOKEN } from './support/stack.js';

const { setup, vectors } = abuseVectors;

/**
 * The most the CLI's heap (after a collection) may grow over the 5,000 requests of the
 * storage vector: the cache's own bound (16 MiB by default) and room for the rest (the rate
 * limit's clients, V8's own). Measured: 9.8–10.5 MiB.
 */
const HEAP_GROWTH_MAX = 32 * 1024 * 1024;
/**
 * RSS is what the heap grew to in between, plus what the allocator keeps of socket buffers:
 * 67–99 MiB measured, from run to run. A bound that only a leak (or an unbounded store) passes.
 */
const RSS_GROWTH_MAX = 160 * 1024 * 1024;
/**
 * The storage vector's repetitions in `npm test`, and the CLI's cache bound then: enough that
 * what it keeps outgrows the bound (so a cache without it fails), at a tenth of the vector's
 * time. `npm run bench` (its `storage` group) replays all 5,000 requests against the default
 * bound, with PUBNET_STORAGE_REPLAY=full.
 */
const FULL = process.env.PUBNET_STORAGE_REPLAY === 'full';
const STORAGE_REPEAT = FULL ? undefined : 125;
const SHORT_CACHE_BYTES = 1024 * 1024;
/** Requests in flight at once in a vector that is not about the rate limit. */
const IN_FLIGHT = 8;

/** Where a runner sends the vectors, and what the API behind it saw. */
interface Target {
  base: string;
  calls: RequestLogEntry[];
  /** What the proxy holds now, from its own counters. */
  held(): Promise<Held>;
}

interface Held {
  entries: number;
  maxEntries: number;
  bytes: number;
  maxBytes: number;
  /** The URLs planned (src/proxy/plans.ts), and at most (the CLI's line only). */
  plans?: { entries: number; maxEntries: number };
  rss?: number;
  heap?: number;
}

/**
 * Checks X-Pubnet-Status (api-contract §14): on a 200, the request's `outcome` (and then
 * `Cache-Control: no-store`), or none without one; never on an answer that is not 200.
 */
function assertOutcome(what: string, request: VectorRequest, answer: Answer): void {
  const wanted =
    answer.status === 200 && request.outcome !== undefined ? String(request.outcome) : undefined;
  assert.equal(answer.headers.get('x-pubnet-status'), wanted, `${what}: X-Pubnet-Status`);
  if (wanted === undefined) return;
  assert.match(answer.headers.get('cache-control') ?? '', /no-store/, `${what}: Cache-Control`);
}

/** Runs `vector` against `target` and checks every outcome it states. */
async function run(t: TestContext, target: Target, vector: AbuseVector): Promise<void> {
  const seen = target.calls.length;
  const started = performance.now();
  // The rate limit's vectors in order, one at a time: the first `burst` must all pass.
  const results = await sendVector(target.base, vector, vector.limited ? 1 : IN_FLIGHT);
  const seconds = (performance.now() - started) / 1000;
  const calls = target.calls.slice(seen);

  let passed = 0;
  for (const { request, i, answer } of results) {
    const what = `${request.method} ${fill(request.path, i)} #${i}`;
    if (vector.limited && answer.status === 429) {
      assert.match(answer.headers.get('retry-after') ?? '', /^[1-9]\d*$/, `${what}: Retry-After`);
      assertOutcome(what, request, answer);
      continue;
    }
    passed += 1;
    assert.equal(answer.status, request.status, `${what}: ${answer.body.slice(0, 200)}`);
    assertOutcome(what, request, answer);
    if (request.bodyHas) {
      const json = JSON.parse(answer.body) as Record<string, unknown>;
      for (const field of request.bodyHas) assert.ok(field in json, `${what}: ${answer.body}`);
    }
  }
  if (vector.limited) {
    const { burst, rate } = vector.limited;
    const most = burst + (rate ? Math.floor(rate * seconds) + 1 : 0);
    assert.ok(
      results.slice(0, burst).every((r) => r.answer.status !== 429),
      'the burst passes whole',
    );
    assert.ok(passed >= burst && passed <= most, `${passed} passed, ${burst}–${most} expected`);
    // Where the clock runs (the CLI), a slow machine sends the vector so slowly that the bucket
    // refills enough for every request: `most` says so, and bounds what passed all the same.
    // The frozen clock's run (`rate` 0) holds that the rest are refused, on any machine.
    if (most < results.length) assert.ok(passed < results.length, 'some were refused');
    assert.equal(calls.length, passed, 'a 429 sends nothing upstream');
    t.diagnostic(`${passed} of ${results.length} passed in ${seconds.toFixed(2)} s; then 429`);
  }
  assertUpstream(vector, calls);
}

/** An emulator whose every call is kept (its own log keeps the last 10,000). */
async function api() {
  const calls: RequestLogEntry[] = [];
  const started = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    token: TOKEN,
    onRequest: keepCalls(calls),
  });
  return { ...started, calls };
}

test('the abuse vectors: plain data a second runner can replay, each with its expectations', () => {
  assert.ok(vectors.length >= 10);
  const plain = new Set([
    'method',
    'path',
    'query',
    'body',
    'pad',
    'hostLines',
    'from',
    'status',
    'outcome',
    'bodyHas',
  ]);
  for (const vector of vectors) {
    assert.ok(vector.name && vector.why && vector.from && vector.requests.length, vector.name);
    for (const request of vector.requests) {
      assert.ok(
        Object.keys(request).every((key) => plain.has(key)),
        vector.name,
      );
      assert.match(request.path, /^\//);
      assert.ok(Number.isInteger(request.status));
      // An expected outcome is answered 200 (api-contract §14).
      if (request.outcome !== undefined)
        assert.ok(request.status === 200 && Number.isInteger(request.outcome), vector.name);
    }
  }
  const total = (v: AbuseVector) => (v.repeat ?? 1) * v.requests.length;
  assert.ok(
    vectors.some((v) => v.bounded && total(v) >= 5000),
    'a 5,000-request storage vector',
  );
  assert.ok(vectors.filter((v) => v.limited).length >= 3, 'searches, stats and links limited');
});

describe('the abuse vectors against the pubnet-proxy CLI', () => {
  let child: ChildProcess;
  let emulator: Awaited<ReturnType<typeof api>>;
  let target: Target;
  const heldLines: string[] = [];
  let startLines = '';

  before(async () => {
    emulator = await api();
    const args = ['--upstream', emulator.url, '--port', '0'];
    for (const website of setup.websites) args.push('--website', website);
    for (const host of setup.deepLinkHosts) args.push('--deep-link-host', host);
    args.push('--rate', String(setup.rateLimit.rate), '--burst', String(setup.rateLimit.burst));
    if (!FULL) args.push('--cache-max-bytes', String(SHORT_CACHE_BYTES));
    // --expose-gc: its SIGUSR2 line then collects garbage first, so the heap figure is what it holds.
    const node = ['--expose-gc', '--import', 'tsx', 'src/proxy/cli.ts'];
    child = spawn(process.execPath, [...node, ...args], {
      env: { ...process.env, PUBNET_TOKEN: TOKEN },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    createInterface({ input: child.stderr! }).on('line', (line) => {
      if (line.startsWith('pubnet-proxy: held:')) heldLines.push(line);
      else if (line.startsWith('pubnet-proxy:')) startLines += `${line}\n`;
    });
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    target = {
      base: line,
      calls: emulator.calls,
      held: async () => {
        const count = heldLines.length;
        child.kill('SIGUSR2');
        for (let tries = 0; heldLines.length === count; tries++) {
          assert.ok(tries < 1000, 'no held line after SIGUSR2');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const held = heldLines.at(-1)!;
        const cache = /cache (\d+)\/(\d+) entries (\d+)\/(\d+) bytes/.exec(held);
        assert.ok(cache, held);
        const [entries, maxEntries, bytes, maxBytes] = cache.slice(1).map(Number);
        const figure = (name: string) => Number(new RegExp(`${name} (\\d+)`).exec(held)?.[1]);
        const planned = /plans (\d+)\/(\d+) URLs/.exec(held);
        assert.ok(planned, held);
        const plans = { entries: Number(planned[1]), maxEntries: Number(planned[2]) };
        const [rss, heap] = [figure('rss'), figure('heap')];
        return { entries, maxEntries, bytes, maxBytes, plans, rss, heap };
      },
    };
  });

  after(async () => {
    child.kill('SIGTERM');
    await once(child, 'close');
    await emulator.close();
  });

  test('with its website configured it says nothing at start but its URL', () => {
    assert.equal(startLines, '');
  });

  for (const vector of vectors)
    // 5,000 requests through two HTTP hops on a shared machine: up to a minute or so.
    test(
      vector.bounded && STORAGE_REPEAT
        ? `${vector.name} (${STORAGE_REPEAT * vector.requests.length} of them, the cache bound ${SHORT_CACHE_BYTES} B)`
        : vector.name,
      { timeout: vector.bounded ? 240_000 : undefined },
      async (t) => {
        if (!vector.bounded) return run(t, target, vector);
        // Loaded and warmed up first (one of each request), so growth is what the vector adds.
        for (const request of vector.requests) {
          const answer = await send(target.base, request, 'warm', '127.1.1.1');
          assert.equal(answer.status, request.status, answer.body);
          assertOutcome(`${request.method} ${request.path} (warm)`, request, answer);
        }
        const before = await target.held();
        await run(t, target, { ...vector, repeat: STORAGE_REPEAT ?? vector.repeat });
        const held = await target.held();
        const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
        const growth = { rss: held.rss! - before.rss!, heap: held.heap! - before.heap! };
        t.diagnostic(
          `cache ${held.entries}/${held.maxEntries} entries, ${held.bytes}/${held.maxBytes} bytes; ` +
            `plans ${held.plans?.entries}/${held.plans?.maxEntries} URLs; ` +
            `heap ${mib(before.heap!)} → ${mib(held.heap!)} (+${mib(growth.heap)}); ` +
            `RSS ${mib(before.rss!)} → ${mib(held.rss!)} (+${mib(growth.rss)})`,
        );
        assert.ok(held.entries <= held.maxEntries, `${held.entries} entries`);
        assert.ok(held.bytes <= held.maxBytes, `${held.bytes} bytes`);
        if (held.plans) {
          const { entries, maxEntries } = held.plans;
          assert.ok(entries > 0 && entries <= maxEntries, `${entries} URLs planned`);
        }
        // The replay pressed the bound: without it, the cache would hold more than it does.
        assert.ok(
          held.entries === held.maxEntries || held.bytes > held.maxBytes * 0.9,
          'the replay filled the cache to its bound',
        );
        assert.ok(growth.heap <= HEAP_GROWTH_MAX, `the heap grew by ${mib(growth.heap)}`);
        assert.ok(growth.rss <= RSS_GROWTH_MAX, `RSS grew by ${mib(growth.rss)}`);
      },
    );
});

describe('the time-dependent vectors against the Node server with a frozen clock', () => {
  let emulator: Awaited<ReturnType<typeof api>>;
  let target: Target;
  let close: () => Promise<void>;

  before(async () => {
    emulator = await api();
    const proxy = createProxy({
      token: TOKEN,
      upstream: emulator.url,
      websites: setup.websites,
      deepLinkHosts: setup.deepLinkHosts,
      rateLimit: setup.rateLimit,
      now: () => 1_000_000,
    });
    const server = await serve(proxy, { port: 0, host: '127.0.0.1' });
    close = () => server.close();
    const { cache } = proxy.held();
    target = {
      base: server.url,
      calls: emulator.calls,
      held: async () => ({ ...cache!, ...proxy.held().cache! }),
    };
  });

  after(async () => {
    await close();
    await emulator.close();
  });

  for (const vector of vectors.filter((v) => !v.bounded))
    test(vector.name, async (t) => {
      if (!vector.limited) return run(t, target, vector);
      // No token comes back while the clock stands still: exactly the burst passes.
      const frozen = { ...vector, limited: { ...vector.limited, rate: 0 } };
      await run(t, target, frozen);
      // And the address stays refused while another is served.
      const again = await send(target.base, vector.requests[0], 'again', address(vector.from, 0));
      assert.equal(again.status, 429);
    });
});
