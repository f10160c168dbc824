// `npm run load:proxy`: a bounded load test of the proxy on loopback.
//
// Starts the emulator in this process (20 ms latency) and the proxy as a child
// process through its CLI (so its memory is measured alone), then sends a fixed
// number of requests per scenario with a fixed concurrency and a time cap, and
// prints requests/s and p50/p99 latency for cached and uncached calls, and the
// proxy's RSS before and after. Stops by itself; prints a table, then the raw
// figures as one JSON line.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { startEmulator, known } = await import('../src/emulator/index.ts');

const LATENCY = 20;
const CONCURRENCY = 50;
/** Per scenario: at most this many requests, and at most this long. */
const SCENARIO_CAP_MS = 15_000;
/** The whole run never takes longer than this, whatever happens. */
const TOTAL_CAP_MS = 90_000;
const TOKEN = 'load-test-token-0123456789';
const root = fileURLToPath(new URL('..', import.meta.url));

const watchdog = setTimeout(() => {
  console.error('load-proxy: time cap reached, stopping.');
  process.exit(1);
}, TOTAL_CAP_MS);
watchdog.unref();

/** RSS of a process in MB: /proc on Linux, ps elsewhere. */
function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)[1]) / 1024;
  } catch {
    return (
      Number(
        execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
          .toString()
          .trim(),
      ) / 1024
    );
  }
}

const emulator = await startEmulator({
  port: 0,
  host: '127.0.0.1',
  token: TOKEN,
  latency: LATENCY,
});
const child = spawn(
  process.execPath,
  [
    ...['--import', 'tsx', 'src/proxy/cli.ts', '--upstream', emulator.url, '--port', '0'],
    // The point is the proxy's own cost: no per-IP limit for one loopback client.
    '--no-rate-limit',
  ],
  {
    cwd: root,
    env: { ...process.env, PUBNET_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'ignore'],
  },
);
const [proxy] = await once(createInterface({ input: child.stdout }), 'line');
// Let the child finish loading before the first measurement.
await new Promise((resolve) => setTimeout(resolve, 300));
const rssBefore = rssOf(child.pid);

const adslot = `${proxy}publisher/adslots/${known.filterAdslot}/`;
const searchUrl = `${proxy}publisher/products/?key=${known.website.guid}`;
const json = (method, body) => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

const scenarios = [
  { name: 'cached GET ad slot', total: 5000, request: () => [adslot] },
  {
    name: 'cached POST search',
    total: 5000,
    request: () => [searchUrl, json('POST', { filters: [], page_size: 10 })],
  },
  {
    name: 'uncached POST search',
    total: 1000,
    // A distinct page each time: every call is a miss.
    request: (i) => [searchUrl, json('POST', { filters: [], page_size: 1, page: (i % 1900) + 1 })],
  },
  {
    name: 'uncached POST stats',
    total: 1000,
    request: () => [
      `${proxy}publisher/products/stats/`,
      json('POST', { event: 'view', products: [known.product], website: known.website.guid }),
    ],
  },
];

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function run({ name, total, request }) {
  // One warm-up call, so "cached" means cached.
  await fetch(...request(0)).then((r) => r.arrayBuffer());
  const latencies = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + SCENARIO_CAP_MS;
  async function worker() {
    while (next < total && performance.now() < deadline) {
      const i = next++;
      const t = performance.now();
      const response = await fetch(...request(i + 1));
      await response.arrayBuffer();
      latencies.push(performance.now() - t);
      if (!response.ok) failed += 1;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    failed,
    rps: Math.round(latencies.length / seconds),
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
  };
}

const results = [];
try {
  for (const scenario of scenarios) results.push(await run(scenario));
} finally {
  const rssAfter = rssOf(child.pid);
  child.kill('SIGTERM');
  await once(child, 'exit');
  await emulator.close();

  const pad = (v, n) => String(v).padStart(n);
  console.log(`proxy load, loopback, emulator latency ${LATENCY} ms, concurrency ${CONCURRENCY}\n`);
  console.log(
    `${'scenario'.padEnd(22)} ${pad('requests', 8)} ${pad('failed', 6)} ${pad('req/s', 7)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)}`,
  );
  for (const r of results)
    console.log(
      `${r.name.padEnd(22)} ${pad(r.requests, 8)} ${pad(r.failed, 6)} ${pad(r.rps, 7)} ${pad(r.p50, 7)} ${pad(r.p99, 7)}`,
    );
  console.log(`\nproxy RSS: ${rssBefore.toFixed(1)} MB before, ${rssAfter.toFixed(1)} MB after`);
  console.log(
    JSON.stringify({
      latencyMs: LATENCY,
      concurrency: CONCURRENCY,
      results,
      rssMb: { before: Number(rssBefore.toFixed(1)), after: Number(rssAfter.toFixed(1)) },
    }),
  );
  clearTimeout(watchdog);
}
