// Lighthouse (the npm package's programmatic API, 12.x) on the demo as
// `npm start` serves it (scripts/demo/demo.mjs: pages, CDN build, proxy, emulator
// with the bench's latency, all on loopback), and on the README's quick start
// as pasted (fixtures/quick-start.mjs), and on two pages of expected outcomes
// (fixtures/outcome-pages.mjs, issue 37: an auto-linking article, half its
// links to hosts without an offer, and a closed offer's link), each page with
// Lighthouse's own desktop and mobile presets (their simulated throttling).
// One Lighthouse run per page and form factor (a figure's one sample; 3 for a
// client-rendered quick start page, whose CLS varies from run to run), 38 runs
// in about 5 minutes, one page at a time, in one Chromium (launched by
// chrome-launcher; the bench's own browser is closed first).
//
// Figures:
// - `lighthouse.<page>.<form factor>`: the performance score, with
//   accessibility, best practices, the console messages (Lighthouse's
//   `errors-in-console`) and CLS beside it; goals performance ≥ 95,
//   accessibility 100, best practices 100. An audit that costs a point is
//   named in a note, with the nodes it found.
// - `lighthouse.<outcome page>.<form factor>`: the best practices score, with
//   the console messages beside it; goal best practices 100 and 0 messages
//   (the network's normal answers are not errors on a reader's page).
// - `quick-start.<page>.<form factor>`: the quick start's CLS, goal ≤ 0.05
//   (0 for a server-rendered page), with the three scores beside it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, findBrowser } from '../../scripts/machine/find-browser.mjs';
import { measure, round } from '../lib/figures.mjs';
import { outcomePages } from '../fixtures/outcome-pages.mjs';
import { quickStartSite } from '../fixtures/quick-start.mjs';

/** The demo pages measured, by their file in demo/. */
export const DEMO_PAGES = [
  'index',
  'product-grid',
  'filter-slot',
  'manual-slot',
  'server-rendered',
  'offer-links',
  'polish',
  'price-comparison',
  'loan-offers',
];
/** The pages of expected outcomes (fixtures/outcome-pages.mjs), served below OUTCOMES_PATH. */
export const OUTCOME_PAGES = Object.keys(outcomePages());
const OUTCOMES_PATH = '/outcomes/';
export const FORM_FACTORS = ['desktop', 'mobile'];
/**
 * BENCH_LIGHTHOUSE_PAGES="theming faults quick-start" measures only those
 * pages of demo/ (any of them), and the quick start only when named; an
 * outcome page (autolink-article, closed-offer) only when named too.
 */
const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(/[\s,]+/).filter(Boolean);
const outcomes = only ? OUTCOME_PAGES.filter((name) => only.includes(name)) : OUTCOME_PAGES;
const demoPages = only
  ? only.filter((name) => name !== 'quick-start' && !OUTCOME_PAGES.includes(name))
  : DEMO_PAGES;
const withQuickStart = !only || only.includes('quick-start');
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
export const GOALS = { performance: 95, accessibility: 100, bestPractices: 100 };
export const CLS_GOAL = 0.05;
/** Console messages an outcome page may log (`errors-in-console`): none. */
export const CONSOLE_GOAL = 0;
/** One Lighthouse run; a cold load with simulated throttling takes 6–10 s here. */
const RUN_TIMEOUT_MS = 90_000;
/**
 * Runs of a client-rendered quick-start page: its CLS depends on whether the
 * async script arrives before the first paint, so one run can say 0 or 0.5;
 * the median of 3 is reported (a server-rendered page's is 0 either way: 1 run).
 */
const QUICK_START_RUNS = 3;

const version = createRequire(import.meta.url)('lighthouse/package.json').version;

/** A Chromium for Lighthouse: headless, quiet, and unable to reach anything but loopback. */
async function launchChrome() {
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({
    chromePath: findBrowser(),
    chromeFlags: [
      '--headless=new',
      ...chromiumArgs,
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
    logLevel: 'silent',
  });
  // The bench may exit at its cap with this run still going: never leave Chromium behind.
  const reap = () => {
    try {
      process.kill(chrome.pid, 'SIGKILL');
    } catch {
      // gone already
    }
  };
  process.once('exit', reap);
  return {
    port: chrome.port,
    kill: async () => {
      process.off('exit', reap);
      await chrome.kill();
    },
  };
}

/** The nodes or sources an audit found, in a few words each. */
function where(audit) {
  const items = audit.details?.items ?? [];
  return items.slice(0, 6).map((item) => {
    const node = item.node ?? item.relatedNode;
    if (node?.selector)
      return `${node.selector}${node.snippet ? ` ${node.snippet.slice(0, 80)}` : ''}`;
    if (item.description)
      return `${item.description} (${item.sourceLocation?.url ?? item.url ?? item.source ?? ''})`;
    return item.source?.url ?? item.url ?? JSON.stringify(item).slice(0, 100);
  });
}

/** Runs Lighthouse once; resolves with the scores (0–100), CLS, and what cost points. */
async function audit(chrome, url, formFactor) {
  if (chrome.error) throw chrome.error;
  const { default: lighthouse } = await import('lighthouse');
  const config =
    formFactor === 'desktop'
      ? (await import('lighthouse/core/config/desktop-config.js')).default
      : undefined; // the default config is mobile
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'silent',
      onlyCategories: CATEGORIES,
      // Pictures nobody looks at here: a second or so less per run.
      disableFullPageScreenshot: true,
      skipAudits: ['screenshot-thumbnails', 'final-screenshot'],
    },
    config,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse gave no result');
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = (id) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const failing = [];
  for (const category of CATEGORIES)
    for (const ref of lhr.categories[category].auditRefs) {
      const found = lhr.audits[ref.id];
      if (ref.weight > 0 && found.score !== null && found.score < 1 && category !== 'performance')
        failing.push({ category, audit: ref.id, score: found.score, nodes: where(found) });
    }
  const metric = (id) => lhr.audits[id]?.numericValue;
  // What "Browser errors were logged to the console" found (errors, failed requests included).
  const logged = lhr.audits['errors-in-console']?.details?.items ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    consoleMessages: logged.length,
    cls: metric('cumulative-layout-shift'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    failing,
    warnings: lhr.runWarnings ?? [],
  };
}

const scoresText = (r) =>
  `perf ${r.performance} · a11y ${r.accessibility} · bp ${r.bestPractices} · console ${r.consoleMessages}`;
const notesOf = (r) => [
  ...r.failing.map((f) => `${f.category} ${f.audit}: ${f.nodes.join(' | ') || '(no nodes)'}`),
  ...r.warnings.map((w) => `Lighthouse: ${w}`),
];

/** What a figure keeps of one Lighthouse run: `sample` as its value, every score beside it. */
const measured = (r, sample, summary) => ({
  samples: [sample],
  scores: {
    performance: r.performance,
    accessibility: r.accessibility,
    bestPractices: r.bestPractices,
  },
  consoleMessages: r.consoleMessages,
  cls: r.cls,
  lcpMs: r.lcpMs,
  tbtMs: r.tbtMs,
  failing: r.failing,
  summary,
  notes: notesOf(r),
});

export async function lighthouseFigures({ latency }) {
  const { startDemo } = await import('../../scripts/demo/demo.mjs');
  const { known } = await import('../../dist/emulator/index.js');
  const dir = await mkdtemp(join(tmpdir(), 'pubnet-quick-start-'));
  const figures = [];
  let demo;
  let chrome;
  try {
    // A README the extraction cannot read fails the quick-start figures only.
    let site;
    let quick = { pages: [], notes: [] };
    let quickError;
    try {
      if (withQuickStart) site = quickStartSite(dir, known);
    } catch (error) {
      quickError = error;
    }
    // The outcome pages, written where the quick start's are, served with the demo's values.
    const outcomesRoot = join(dir, 'outcomes');
    await mkdir(outcomesRoot, { recursive: true });
    for (const [name, html] of Object.entries(outcomePages()))
      await writeFile(join(outcomesRoot, `${name}.html`), html);
    const mounts = [
      ...(site?.mounts ?? []),
      { prefix: OUTCOMES_PATH, root: outcomesRoot, values: { closedOffer: known.closedOffer } },
    ];
    demo = await startDemo({ port: 0, emulatorPort: 0, latency, mounts });
    if (site) quick = await site.write({ origin: demo.url, api: demo.api });
    chrome = await launchChrome();

    /**
     * One figure from `runs` runs (the run with the median sample gives the
     * other fields); Chromium is started again after a failed run.
     */
    const run = async (spec, path, formFactor, toFigure, runs = 1) => {
      const figure = await measure({ ...spec, timeoutMs: RUN_TIMEOUT_MS * runs }, async () => {
        const results = [];
        for (let i = 0; i < runs; i++)
          results.push(toFigure(await audit(chrome, new URL(path, demo.url).href, formFactor)));
        const samples = results.map((r) => r.samples[0]);
        const middle = [...results].sort((a, b) => a.samples[0] - b.samples[0])[runs >> 1];
        const shown = samples.map((sample) => round(sample, spec.digits ?? 1));
        const summary = runs > 1 ? `${middle.summary}; runs ${shown.join(', ')}` : middle.summary;
        return { ...middle, summary, samples, page: path, formFactor, lighthouse: version };
      });
      if (figure.error) {
        await chrome.kill().catch(() => {});
        // Not started again: the runs left fail at once, each with this reason.
        chrome = await launchChrome().catch((error) => ({
          port: 0,
          kill: async () => {},
          error,
        }));
      }
      figures.push(figure);
    };

    for (const name of demoPages)
      for (const formFactor of FORM_FACTORS)
        await run(
          {
            name: `lighthouse.${name}.${formFactor}`,
            label: `Lighthouse ${name} (${formFactor})`,
            unit: 'perf',
            digits: 0,
            goal: `perf ≥ ${GOALS.performance}, a11y ${GOALS.accessibility}, bp ${GOALS.bestPractices}`,
            min: GOALS.performance,
          },
          `/${name}.html`,
          formFactor,
          (r) =>
            measured(
              r,
              r.performance,
              `a11y ${r.accessibility} · bp ${r.bestPractices} · console ${r.consoleMessages} · CLS ${r.cls.toFixed(3)}`,
            ),
        );

    for (const name of outcomes)
      for (const formFactor of FORM_FACTORS)
        await run(
          {
            name: `lighthouse.${name}.${formFactor}`,
            label: `Lighthouse ${name} (${formFactor}), best practices`,
            unit: 'bp',
            digits: 0,
            goal: `bp ${GOALS.bestPractices}, ${CONSOLE_GOAL} console messages`,
            min: GOALS.bestPractices,
          },
          `${OUTCOMES_PATH}${name}.html`,
          formFactor,
          (r) =>
            measured(
              r,
              r.bestPractices,
              `console ${r.consoleMessages} · perf ${r.performance} · a11y ${r.accessibility} · CLS ${r.cls.toFixed(3)}`,
            ),
        );

    for (const page of quick.pages)
      for (const formFactor of FORM_FACTORS) {
        const max = page.serverRendered ? 0 : CLS_GOAL;
        await run(
          {
            name: `quick-start.${page.name}.${formFactor}`,
            label: `Quick start ${page.name} (${formFactor}), CLS`,
            unit: '',
            digits: 3,
            goal: `≤ ${max}`,
            max,
          },
          page.path,
          formFactor,
          (r) => measured(r, r.cls, scoresText(r)),
          page.serverRendered ? 1 : QUICK_START_RUNS,
        );
      }
    if (quickError)
      figures.push(
        await measure({ name: 'quick-start', label: 'Quick start', unit: '' }, async () => {
          throw quickError;
        }),
      );
    // Which quick start was measured: the same for every figure, told once.
    const first = figures.find((f) => f.name.startsWith('quick-start.'));
    if (first) first.notes = [...(first.notes ?? []), ...quick.notes];
    // The overall ok of a demo page is all three goals, not only its performance; of an
    // outcome page, its best practices and a console with nothing in it.
    const isOutcome = (figure) => OUTCOME_PAGES.some((name) => figure.name.includes(`.${name}.`));
    for (const figure of figures)
      if (figure.name.startsWith('lighthouse.') && figure.scores)
        figure.ok = isOutcome(figure)
          ? figure.scores.bestPractices >= GOALS.bestPractices &&
            figure.consoleMessages <= CONSOLE_GOAL
          : figure.scores.performance >= GOALS.performance &&
            figure.scores.accessibility >= GOALS.accessibility &&
            figure.scores.bestPractices >= GOALS.bestPractices;
    return figures;
  } finally {
    await chrome?.kill().catch(() => {});
    await demo?.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}
