// `npm run bench`: the benchmarks of pubnet-widgets, on loopback only.
//
// Starts the API emulator (with latency), the page origin with the proxy
// mounted under /pubnet-api/, and headless Chromium; measures each figure as
// the median of several runs; prints a table and writes bench/results.json.
// Uses the built files: run `npx rollup -c` (npm run build) first.
//
//   node bench/run.mjs [group…]    groups: size render requests main-thread memory proxy
//                                  server-rendered autolink intext storage lighthouse
//   node bench/run.mjs --merge size requests
//                                  those groups measured again, their figures put in place of
//                                  theirs in bench/results.json, every other figure kept (the
//                                  run is listed in its `partialRuns`); without --merge a run
//                                  of some groups only prints
//   BENCH_RUNS=5 BENCH_LATENCY=100 node bench/run.mjs
//   BENCH_LIGHTHOUSE_PAGES="theming quick-start" node bench/run.mjs lighthouse
//
// A figure that cannot be measured is reported as failed with its reason; the
// bench itself stops by itself within a few minutes whatever happens.
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { launchBrowser } from './lib/browser.mjs';
import { round } from './lib/figures.mjs';
import { startStack } from './lib/stack.mjs';
import { printTable } from './lib/table.mjs';
import { sizeFigures } from './groups/size.mjs';
import { renderFigures } from './groups/render.mjs';
import { requestFigures } from './groups/requests.mjs';
import { mainThreadFigures } from './groups/main-thread.mjs';
import { memoryFigures } from './groups/memory.mjs';
import { proxyFigures } from './groups/proxy.mjs';
import { serverRenderedFigures } from './groups/server-rendered.mjs';
import { autolinkFigures } from './groups/autolink.mjs';
import { intextFigures } from './groups/intext.mjs';
import { lighthouseFigures } from './groups/lighthouse.mjs';
import { storageFigures } from './groups/storage.mjs';

const RUNS = Math.max(5, Number(process.env.BENCH_RUNS) || 5);
const LATENCY = Number(process.env.BENCH_LATENCY ?? 100);
/**
 * Past this the bench reports what it has and exits, whatever is still running.
 * The other groups take about 2 minutes, storage (5,000 requests twice) 2.5 more, lighthouse
 * (38 Lighthouse runs) about 5 more (262 s for 36 on a busy 2-core machine): about 9.5 min for
 * the whole bench there, hence a cap with room above it.
 */
const HARD_CAP_MS = 12 * 60_000;

/** Each group: whether it needs the bench's browser, and how its figures' names start (--merge). */
const groups = {
  size: { browser: false, run: () => sizeFigures(), names: ['size.'] },
  render: { browser: true, run: renderFigures, names: ['render.'] },
  requests: { browser: true, run: requestFigures, names: ['requests.'] },
  'main-thread': { browser: true, run: mainThreadFigures, names: ['mainThread.'] },
  memory: { browser: true, run: memoryFigures, names: ['memory.'] },
  proxy: { browser: false, run: proxyFigures, names: ['proxy.'] },
  'server-rendered': { browser: true, run: serverRenderedFigures, names: ['serverRendered.'] },
  autolink: { browser: true, run: autolinkFigures, names: ['autolink.'] },
  intext: { browser: true, run: intextFigures, names: ['intext.'] },
  // 5,000 requests through the CLI and through a real WordPress: about 2.5 minutes.
  storage: {
    browser: false,
    run: storageFigures,
    names: ['cliStorage', 'wordpressStorage'],
  },
  // Its own Chromium (Lighthouse drives it), its own servers (the demo as `npm start`
  // serves it): the bench's browser is closed before it, so it runs last.
  lighthouse: {
    browser: false,
    ownBrowser: true,
    run: lighthouseFigures,
    names: ['lighthouse.', 'quick-start'],
  },
};

const args = process.argv.slice(2);
const merge = args.includes('--merge');
const chosen = args.filter((arg) => !arg.startsWith('--'));
for (const arg of args.filter((a) => a.startsWith('--') && a !== '--merge')) {
  console.error(`Unknown option "${arg}"; options: --merge`);
  process.exit(2);
}
for (const name of chosen)
  if (!(name in groups)) {
    console.error(`Unknown group "${name}"; groups: ${Object.keys(groups).join(' ')}`);
    process.exit(2);
  }
const selected = Object.entries(groups).filter(([name]) => !chosen.length || chosen.includes(name));

const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    node: process.version,
    chromium: null,
    // Times are only comparable on a quiet machine: the 1-minute load, before and after.
    loadAverage: { start: round(loadavg()[0], 2), end: null },
  },
  latencyMs: LATENCY,
  runs: RUNS,
  figures: {},
  problems: [],
};

/** Which group measured each figure of this run, by the figure's name. */
const groupOf = {};
const RESULTS = new URL('./results.json', import.meta.url);

/**
 * bench/results.json with this run's groups measured again: each group's figures where its
 * old ones were (in this run's order), the old figures of the other groups as they were;
 * `partialRuns` says when, on what, and what went wrong. Refused (undefined) when the runs
 * or the latency differ from the file's, which would make its figures incomparable.
 */
async function mergedResults() {
  let previous;
  try {
    previous = JSON.parse(await readFile(RESULTS, 'utf8'));
  } catch (error) {
    results.problems.push(`--merge: bench/results.json not read (${error.message}); not written`);
    return undefined;
  }
  if (previous.runs !== results.runs || previous.latencyMs !== results.latencyMs) {
    results.problems.push(
      `--merge: bench/results.json has ${previous.runs} runs at ${previous.latencyMs} ms, ` +
        `this run ${results.runs} at ${results.latencyMs} ms; not written`,
    );
    return undefined;
  }
  // A group that measured nothing (it failed as a whole) keeps its old figures.
  const measured = selected.filter(([name]) => Object.values(groupOf).includes(name));
  const names = Object.fromEntries(measured.map(([name, group]) => [name, group.names]));
  const ownerOf = (figure) =>
    Object.keys(names).find((group) => names[group].some((start) => figure.startsWith(start)));
  const fresh = (group) =>
    Object.entries(results.figures).filter(([name]) => groupOf[name] === group);
  const figures = {};
  const placed = new Set();
  const place = (group) => {
    if (placed.has(group)) return;
    placed.add(group);
    for (const [name, figure] of fresh(group)) figures[name] = figure;
  };
  for (const [name, figure] of Object.entries(previous.figures ?? {})) {
    const group = ownerOf(name);
    if (group) place(group);
    else figures[name] = figure;
  }
  for (const [group] of measured) place(group);
  return {
    ...previous,
    figures,
    partialRuns: [
      ...(previous.partialRuns ?? []),
      {
        date: results.date,
        groups: measured.map(([name]) => name),
        machine: results.machine,
        problems: results.problems,
      },
    ],
  };
}

async function finish(code) {
  results.machine.loadAverage.end = round(loadavg()[0], 2);
  const { start } = results.machine.loadAverage;
  if (start > results.machine.cpus)
    results.problems.push(
      `the machine was busy before the bench (load ${start} on ${results.machine.cpus} CPUs): times are inflated`,
    );
  printTable(Object.values(results.figures), { latency: LATENCY, runs: RUNS });
  for (const problem of results.problems) console.log(`! ${problem}`);
  if (!chosen.length) {
    await writeFile(RESULTS, JSON.stringify(results, null, 2) + '\n');
    console.log('Wrote bench/results.json');
  } else if (merge) {
    const next = await mergedResults();
    if (next) {
      await writeFile(RESULTS, JSON.stringify(next, null, 2) + '\n');
      console.log(`Merged ${chosen.join(', ')} into bench/results.json`);
    } else console.log(`! ${results.problems.at(-1)}`);
  }
  process.exit(code);
}

const watchdog = setTimeout(() => {
  results.problems.push(`stopped at the ${HARD_CAP_MS / 60_000} min cap; figures missing above`);
  void finish(1);
}, HARD_CAP_MS);
watchdog.unref();

const started = Date.now();
let stack;
let browser;
try {
  // The servers and the browser are what most figures need; each failing is
  // reported on the figures that needed it.
  let browserError;
  let stackError;
  if (selected.some(([, g]) => g.browser)) {
    try {
      stack = await startStack({ latency: LATENCY });
    } catch (error) {
      stackError = error;
    }
    try {
      browser = await launchBrowser();
      results.machine.chromium = browser.version();
    } catch (error) {
      browserError = error;
    }
  }
  for (const [name, group] of selected) {
    const t0 = Date.now();
    process.stdout.write(`${name}… `);
    let figures;
    const missing = group.browser && (stackError ?? browserError);
    // One Chromium at a time on 2 cores.
    if (group.ownBrowser && browser) {
      await browser.close().catch(() => {});
      browser = undefined;
      browserError = new Error('the browser was closed for a group with its own');
    }
    try {
      if (missing) throw missing;
      figures = await group.run({ browser, stack, runs: RUNS, latency: LATENCY });
    } catch (error) {
      const reason = error?.message?.split('\n')[0] ?? String(error);
      results.problems.push(`${name}: not measured: ${reason}`);
      figures = [];
    }
    for (const figure of figures) {
      results.figures[figure.name] = figure;
      groupOf[figure.name] = name;
    }
    console.log(`${figures.length} figures in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
} finally {
  await browser?.close().catch(() => {});
  await stack?.close().catch(() => {});
}
console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
await finish(0);
