// `npm run load:proxy`: the proxy under widget traffic, on Node, Deno, Bun and workerd.
//
// Each runtime runs its deployment recipe (scripts/test/runtimes.mjs, started as
// test/proxy/runtimes.test.ts starts them) in front of the emulator on loopback (20 ms
// latency), with the client's address taken from a header a load balancer would set. The
// same fixed list of mixed widget reads (composed ad slot GETs, product searches, offer
// tracking links, detects; repeats, so most are cache hits or shared, some misses) from
// CLIENTS simulated clients, each sending its own address in that header, goes out with
// CONCURRENCY requests in flight; twice per runtime, each on a fresh process: once alone,
// once next to one client that hammers cache misses (distinct searches, as fast as it can).
//
// Per run: requests/s, p50 and p99 of the widget reads, their share of 429s (goal: 0), and
// the runtime process's peak RSS (VmHWM). Checks: no widget read gets 429 or fails, the
// hammering client gets 429s, and the others' p99 with it stays within 2x of without.
// Then cache hits (lib/cache-hits.mjs): each runtime's share of a bare node:http server's
// requests/s on the same bytes, in the same run (goal for Node: half), and its peak RSS.
// Prints a table, writes bench/proxy-load.json. Loopback only; every loop is bounded; the
// script stops by itself and kills every child it started.
import { Agent, request as httpRequest } from 'node:http';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { prng } from '../scripts/test/prng.mjs';
import { killAll, memoryOf, prepare, runtimes, start, stop } from '../scripts/test/runtimes.mjs';
import { HITS, cacheHits, printHits } from './lib/cache-hits.mjs';

register();
const { startEmulator, known } = await import('../src/emulator/index.ts');

const LATENCY = 20;
const CONCURRENCY = 50;
const REQUESTS = 10_000;
const CLIENTS = 250;
/** The hammering client's requests in flight. */
const HAMMER_CONCURRENCY = 10;
/** Per run: the widget reads stop after this long, sent or not. */
const RUN_CAP_MS = 15_000;
/** The whole script never takes longer than this, whatever happens. */
const TOTAL_CAP_MS = 240_000;
/** The goal: the others' p99 with the hammering client at most this times without. */
const MAX_P99_RATIO = 2;
const TOKEN = 'load-test-token-0123456789';
const OUT = fileURLToPath(new URL('./proxy-load.json', import.meta.url));

const watchdog = setTimeout(() => {
  console.error('load-proxy: time cap reached, stopping.');
  killAll();
  process.exit(1);
}, TOTAL_CAP_MS);
watchdog.unref();
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });

const guid = known.website.guid;
const random = prng(14);
/** An index into `n` items, popular ones first (roughly Zipf-like). */
const popular = (n) => Math.floor(n * random() ** 2);
const pick = (items) => items[popular(items.length)];

const adslots = [known.filterAdslot, known.manualAdslot, known.bannerAdslot];
const brands = ['Sony', 'Bose', 'Apple', 'Samsung', 'JBL', 'Philips', 'Sennheiser', 'LG'];
const sids = ['home', 'article', 'review', 'deals', 'sidebar', 'news', 'guide', 'top10'];
const pages = [
  ...['audio/headphones', 'audio/speakers', 'tv', 'phones', 'laptops', 'cameras', 'watches'],
  ...['gaming', 'kitchen', 'coffee', 'vacuum', 'tablets'],
];

/** One widget read: [method, path, body]. */
function widgetRead() {
  const r = random();
  if (r < 0.4) {
    const sid = pick(sids);
    return ['GET', `/publisher/adslots/${pick(adslots)}/?key=${guid}&sid=${sid}`];
  }
  if (r < 0.65) {
    const body = {
      filters: [{ brand: { lookup: 'contains', value: pick(brands) } }],
      page_size: pick([4, 8]),
      page: pick([1, 2, 3]),
    };
    return ['POST', `/publisher/products/?key=${guid}`, body];
  }
  if (r < 0.85) {
    const body = { website: guid, sid: pick(sids) };
    return ['PUT', `/publisher/offers/${pick(known.offers)}/tracking_link/`, body];
  }
  const url = `https://www.mediapoint.example/${pick(pages)}?ref=${pick(sids)}`;
  return ['GET', `/publisher/offers/detect/?url=${encodeURIComponent(url)}`];
}

/** The same list for every run: each read from one of CLIENTS addresses (TEST-NET-2/3). */
const reads = Array.from({ length: REQUESTS }, () => {
  const n = Math.floor(random() * CLIENTS);
  const ip = n < 250 ? `198.51.100.${n + 1}` : `203.0.113.${n - 249}`;
  return { ip, request: widgetRead() };
});
const distinct = new Set(reads.map(({ request }) => JSON.stringify(request))).size;
const HAMMER_IP = '192.0.2.66';

/** One request; resolves with its status (0: network error) and time in ms. */
function send(agent, base, ipHeader, ip, [method, path, body]) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = { [ipHeader]: ip };
  if (payload) headers['content-type'] = 'application/json';
  const t = performance.now();
  return new Promise((done) => {
    const req = httpRequest(`${base}${path}`, { method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - t }));
      res.on('error', () => done({ status: 0, ms: performance.now() - t }));
    });
    req.setTimeout(10_000, () => req.destroy());
    req.on('error', () => done({ status: 0, ms: performance.now() - t }));
    req.end(payload);
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round = (value, digits = 1) => Number(value.toFixed(digits));

/** One run on a fresh process of `runtime`: the widget reads, with or without the hammer. */
async function run(runtime, scratch, upstream, hammer) {
  const vars = { PUBNET_TOKEN: TOKEN, PUBNET_UPSTREAM: upstream, PUBNET_WEBSITES: guid };
  const { child, url } = await start(runtime, vars, scratch);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const hammerAgent = new Agent({ keepAlive: true, maxSockets: HAMMER_CONCURRENCY });
  let peakRss = 0;
  const sample = () => (peakRss = Math.max(peakRss, memoryOf(child.pid)?.rss ?? 0));
  const sampler = setInterval(sample, 100);
  try {
    const latencies = [];
    const statuses = {};
    let next = 0;
    let done = false;
    const started = performance.now();
    const deadline = started + RUN_CAP_MS;

    const hammerStats = { requests: 0, limited: 0, statuses: {} };
    async function hammerer() {
      while (!done && performance.now() < deadline) {
        // A search nobody made before: always a miss.
        const i = hammerStats.requests++;
        const body = { filters: [{ title: { lookup: 'contains', value: `h${i}` } }], page_size: 1 };
        const { status } = await send(hammerAgent, url, runtime.ipHeader, HAMMER_IP, [
          'POST',
          `/publisher/products/?key=${guid}`,
          body,
        ]);
        if (status === 429) hammerStats.limited += 1;
        hammerStats.statuses[status] = (hammerStats.statuses[status] ?? 0) + 1;
      }
    }
    async function worker() {
      while (next < reads.length && performance.now() < deadline) {
        const { ip, request } = reads[next++];
        const { status, ms } = await send(agent, url, runtime.ipHeader, ip, request);
        latencies.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }
    const hammering = hammer
      ? Promise.all(Array.from({ length: HAMMER_CONCURRENCY }, hammerer))
      : Promise.resolve();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    done = true;
    await hammering;
    sample();
    const memory = memoryOf(child.pid);
    latencies.sort((a, b) => a - b);
    const count = (test) =>
      Object.entries(statuses).reduce((sum, [s, n]) => sum + (test(Number(s)) ? n : 0), 0);
    return {
      requests: latencies.length,
      rps: Math.round(latencies.length / seconds),
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      share429: round(count((s) => s === 429) / Math.max(1, latencies.length), 4),
      // Anything but an answer the API itself gives (a detect of an unknown page is a 404).
      failed: count((s) => s === 0 || s >= 500 || s === 429),
      statuses,
      peakRssMb: round(Math.max(memory?.hwm ?? 0, peakRss)),
      ...(hammer ? { hammer: hammerStats } : {}),
    };
  } finally {
    clearInterval(sampler);
    agent.destroy();
    hammerAgent.destroy();
    await stop(child);
  }
}

let hits = [];
const emulator = await startEmulator({
  port: 0,
  host: '127.0.0.1',
  token: TOKEN,
  latency: LATENCY,
});
const scratch = await prepare({ behindLoadBalancer: true, node: true });
const results = [];
const problems = [];
try {
  for (const runtime of runtimes) {
    const version = runtime.version();
    const alone = await run(runtime, scratch, emulator.url, false);
    const hammered = await run(runtime, scratch, emulator.url, true);
    const p99Ratio = round(hammered.p99Ms / Math.max(0.1, alone.p99Ms), 2);
    results.push({ runtime: runtime.name, version, alone, hammered, p99Ratio });
    for (const [name, r] of [
      ['alone', alone],
      ['with hammer', hammered],
    ]) {
      if (r.requests < REQUESTS)
        problems.push(`${runtime.name} ${name}: ${r.requests} of ${REQUESTS} sent in time`);
      if (r.failed)
        problems.push(
          `${runtime.name} ${name}: ${r.failed} widget reads failed or 429 (${JSON.stringify(r.statuses)})`,
        );
    }
    if (!hammered.hammer.limited) problems.push(`${runtime.name}: the hammering client got no 429`);
    if (p99Ratio > MAX_P99_RATIO)
      problems.push(`${runtime.name}: p99 with the hammering client is ${p99Ratio}x of without`);
  }
  hits = await cacheHits(scratch, {
    vars: { PUBNET_TOKEN: TOKEN, PUBNET_UPSTREAM: emulator.url, PUBNET_WEBSITES: guid },
    path: `/publisher/offers/${known.offers[0]}/`,
  });
  for (const row of hits) if (row.problem) problems.push(row.problem);
} catch (error) {
  problems.push(error.message);
} finally {
  killAll();
  scratch.remove();
  await emulator.close();
}

const header = [
  'runtime',
  'req/s',
  'p50 ms',
  'p99 ms',
  '429s',
  'peak RSS MB',
  'p99 with hammer ms',
  'ratio',
  'hammer 429s',
];
const rows = results.map(({ runtime, alone, hammered, p99Ratio }) => [
  runtime,
  alone.rps,
  alone.p50Ms,
  alone.p99Ms,
  `${(alone.share429 * 100).toFixed(1)}%`,
  alone.peakRssMb,
  hammered.p99Ms,
  `${p99Ratio}x`,
  `${hammered.hammer.limited} of ${hammered.hammer.requests}`,
]);
const widths = header.map((h, i) =>
  Math.max(h.length, ...rows.map((row) => String(row[i]).length)),
);
console.log(
  `proxy load: ${REQUESTS} widget reads (${distinct} distinct), ${CLIENTS} clients, concurrency ${CONCURRENCY}, emulator latency ${LATENCY} ms, loopback\n`,
);
for (const row of [header, widths.map((w) => '-'.repeat(w)), ...rows])
  console.log(row.map((cell, i) => String(cell).padStart(widths[i])).join('  '));
console.log('');
for (const { runtime, version } of results) console.log(`${runtime}: ${version}`);

if (hits.length) printHits(hits);

const figures = {
  date: new Date().toISOString().slice(0, 10),
  machine: { cpus: (await import('node:os')).availableParallelism(), platform: process.platform },
  latencyMs: LATENCY,
  concurrency: CONCURRENCY,
  requests: REQUESTS,
  distinctRequests: distinct,
  clients: CLIENTS,
  hammerConcurrency: HAMMER_CONCURRENCY,
  results,
  cacheHits: { ...HITS, results: hits },
};
if (results.length) {
  writeFileSync(OUT, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\nwrote ${OUT}`);
}
clearTimeout(watchdog);
if (problems.length) {
  console.error(`\nload-proxy: not green:\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
}
