// Server-rendered widgets (api-contract §11): a filter slot above article text,
// rendered into the page's HTML by the bench's server at request time
// (`renderAdslot` through the uncached composing proxy `/pubnet-api/`,
// lib/stack.mjs), the CDN bundle loaded `async`; beside it, its
// client-rendered twin: the same page with the tag left as written and no CSS
// reserving the slot's height.
//
// Each run is a cold page load (fresh context), after one discarded warm-up
// per page. Once the load event and `pubnet-load` have come, two animation
// frames more: the frame that showed what `pubnet-load` announced has then
// been laid out, so its layout shifts are recorded. Read then:
// - layout shift: every 'layout-shift' entry without recent input, summed;
// - the first product link: when `a[data-i][href]` existed in the slot's
//   shadow root (pages/first-link.js), beside the HTML's arrival (the
//   navigation's responseEnd) and the server's render time (Server-Timing);
// - API requests the page started before that link (Resource Timing; the
//   server's own requests are not the page's), and all it sent (playwright);
// - hydration: the CDN script's last byte → the element's `pubnet-load`,
//   split at the slot's definition.
import { fileURLToPath } from 'node:url';
import { waitForWidgets, withPage } from '../lib/browser.mjs';
import { measure, median, repeat, round } from '../lib/figures.mjs';

/**
 * The page's instruments, run before any of its scripts: injected rather
 * than fetched, which would hold the parser up before the slot.
 */
const INSTRUMENTS = ['../pages/recorder.js', '../pages/first-link.js'].map((path) =>
  fileURLToPath(new URL(path, import.meta.url)),
);

const isApi = (path) => path.startsWith('/pubnet-api');
const isStats = (path) => path.endsWith('/products/stats/');

/** In the page, once it has settled: what the figures are made of. */
async function readPage() {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  // A buffered observer holds every entry so far at once: no wait for delivery.
  const observer = new PerformanceObserver(() => {});
  observer.observe({ type: 'layout-shift', buffered: true });
  const shifts = observer.takeRecords();
  observer.disconnect();
  const navigation = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const bundle = resources.find((e) => new URL(e.name).pathname === '/cdn/pubnet.min.js');
  return {
    shifts: shifts
      .filter((s) => !s.hadRecentInput)
      .map((s) => ({
        t: s.startTime,
        value: s.value,
        sources: s.sources.map((source) => source.node?.nodeName ?? '?'),
      })),
    htmlEnd: navigation.responseEnd,
    serverRender: navigation.serverTiming.find((t) => t.name === 'render')?.duration,
    bundleEnd: bundle?.responseEnd,
    defined: window.__bench.defined,
    documentAt: window.__bench.documentAt,
    firstLink: window.__bench.firstLink,
    resources: resources.map((e) => ({
      path: new URL(e.name).pathname,
      start: e.startTime,
      end: e.responseEnd,
    })),
  };
}

/** One cold load of `name`: checks what the server sent, waits as above, reads the page. */
function loadOnce({ browser, stack }, name, serverRendered) {
  return withPage(browser, async (page) => {
    for (const path of INSTRUMENTS) await page.addInitScript({ path });
    // Every API request the page sent, finished or not (Resource Timing has finished ones only).
    const sent = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (isApi(pathname) && !isStats(pathname)) sent.push(pathname);
    });
    const response = await page.goto(stack.page(name)); // resolves at the load event
    const html = await response.text();
    const rendered = /<template [^>]*shadowrootmode="open"/.test(html);
    if (serverRendered && !(rendered && / state="ready"/.test(html)))
      throw new Error(
        `${name}: the server did not render the slot ready (${response.headers()['x-pubnet-render'] ?? 'no shadow root'})`,
      );
    const [event] = await waitForWidgets(page, 1);
    const read = await page.evaluate(readPage);
    if (read.firstLink === undefined) throw new Error(`${name}: no product link in the slot`);
    const fromPage = read.resources.filter((r) => isApi(r.path));
    return {
      ...read,
      api: fromPage,
      load: event.t,
      cls: read.shifts.reduce((sum, s) => sum + s.value, 0),
      beforeLink: fromPage.filter((r) => r.start < read.firstLink).length,
      requests: sent.length,
      stats: fromPage.filter((r) => isStats(r.path)).length,
    };
  });
}

/** The cold runs of one page, after a warm-up (server and browser start-up, module loading). */
async function runsOf(ctx, name, serverRendered) {
  await loadOnce(ctx, name, serverRendered);
  return repeat(ctx.runs, () => loadOnce(ctx, name, serverRendered));
}

const med = (runs, pick) => round(median(runs.map(pick)));

function shiftSummary(runs) {
  const shifts = runs.flatMap((r) => r.shifts);
  const sources = [...new Set(shifts.flatMap((s) => s.sources))];
  return shifts.length
    ? `${shifts.length} shifts in ${runs.length} runs, at ${med(shifts, (s) => s.t)} ms; moved: ${sources.join(', ') || '?'}`
    : 'no layout shift';
}

/** A figure of samples already measured (`collect` arranges them; it throws when they are missing). */
const derived = (spec, collect) => measure(spec, async () => collect());

function need(runs, what) {
  if (!runs.length) throw new Error(`${what} was not measured`);
  return runs;
}

export async function serverRenderedFigures(ctx) {
  let ssr = [];
  let csr = [];
  const figures = [];
  figures.push(
    await measure(
      {
        name: 'serverRendered.cls',
        label: 'Server-rendered: CLS, filter slot above text',
        unit: '',
        goal: '0 (< 0.001)',
        max: 0.000999,
        digits: 4,
        timeoutMs: 45_000,
      },
      async () => {
        ssr = await runsOf(ctx, 'server-rendered.html', true);
        return {
          samples: ssr.map((r) => r.cls),
          shiftsPerRun: ssr.map((r) => r.shifts.length),
          summary: `${shiftSummary(ssr)}; state="ready" in the HTML, taken over by the async bundle`,
        };
      },
    ),
  );
  figures.push(
    await measure(
      {
        name: 'serverRendered.clientCls',
        label: 'Client-rendered twin: CLS, slot pasted with no CSS above text',
        unit: '',
        goal: '≤ 0.1',
        max: 0.1,
        digits: 4,
        timeoutMs: 45_000,
      },
      async () => {
        csr = await runsOf(ctx, 'client-rendered.html', false);
        return {
          samples: csr.map((r) => r.cls),
          shiftsPerRun: csr.map((r) => r.shifts.length),
          summary: `${shiftSummary(csr)}; no page CSS reserves the slot's height`,
        };
      },
    ),
  );
  figures.push(
    await derived(
      {
        name: 'serverRendered.roundTripsBeforeLink',
        label: 'Server-rendered: browser API round trips before the first product link',
        unit: 'round trips',
        goal: '0',
        max: 0,
        digits: 0,
      },
      () => {
        need(ssr, 'the server-rendered page');
        const sum = (runs, key) => runs.reduce((n, r) => n + r[key], 0);
        return {
          samples: ssr.map((r) => r.beforeLink),
          clientRendered: csr.length ? median(csr.map((r) => r.beforeLink)) : null,
          requestsPerRun: ssr.map((r) => r.requests),
          summary:
            `API requests from the page in ${ssr.length} runs, until pubnet-load + 2 frames: ` +
            `${sum(ssr, 'requests')} (+ ${sum(ssr, 'stats')} view stats, after the link); ` +
            `client-rendered twin: ${csr.length ? median(csr.map((r) => r.beforeLink)) : '?'} before its first link`,
        };
      },
    ),
  );
  const firstLink = await derived(
    {
      name: 'serverRendered.firstLink',
      label: 'Server-rendered: navigation → first product link',
      unit: 'ms',
      goal: "≈ the HTML's arrival: in its first parse, before the bundle runs",
    },
    () => {
      need(ssr, 'the server-rendered page');
      const htmlEnd = med(ssr, (r) => r.htmlEnd);
      return {
        samples: ssr.map((r) => r.firstLink),
        htmlResponseEnd: htmlEnd,
        serverRenderMs: med(ssr, (r) => r.serverRender),
        afterHtmlMs: med(ssr, (r) => r.firstLink - r.htmlEnd),
        documentAfterHtmlMs: med(ssr, (r) => r.documentAt - r.htmlEnd),
        parsedAfterDocumentMs: med(ssr, (r) => r.firstLink - r.documentAt),
        beforeBundleRunsMs: med(ssr, (r) => r.defined - r.firstLink),
        clientRenderedMs: csr.length ? med(csr, (r) => r.firstLink) : null,
        summary:
          `HTML's last byte at ${htmlEnd} ms (the server rendered for ` +
          `${med(ssr, (r) => r.serverRender)} ms: the proxy's 2 API round trips); link ` +
          `${med(ssr, (r) => r.firstLink - r.htmlEnd)} ms after it = navigation commit until ` +
          `the document exists ${med(ssr, (r) => r.documentAt - r.htmlEnd)} + parsing up to ` +
          `the slot ${med(ssr, (r) => r.firstLink - r.documentAt)}; ` +
          `${med(ssr, (r) => r.defined - r.firstLink)} ms before the bundle defined the slot; ` +
          `client-rendered twin: ${csr.length ? med(csr, (r) => r.firstLink) : '?'} ms`,
      };
    },
  );
  // In the HTML: the link is there before any script of ours has run, in every run.
  if (!firstLink.error) firstLink.ok = ssr.every((r) => r.firstLink < r.defined);
  figures.push(firstLink);
  const clientLink = await derived(
    {
      name: 'serverRendered.clientFirstLink',
      label: 'Client-rendered twin: navigation → first product link',
      unit: 'ms',
      goal: '(reference)',
    },
    () => {
      need(csr, 'the client-rendered twin');
      const api = csr.map((r) => r.api.filter((a) => !isStats(a.path)));
      return {
        samples: csr.map((r) => r.firstLink),
        htmlResponseEnd: med(csr, (r) => r.htmlEnd),
        summary:
          `HTML's last byte at ${med(csr, (r) => r.htmlEnd)} ms, bundle's at ${med(csr, (r) => r.bundleEnd)} ms; ` +
          `API request ${round(median(api.map((a) => a[0]?.start)))} → ${round(median(api.map((a) => a[0]?.end)))} ms ` +
          `(${median(api.map((a) => a.length))} request)`,
      };
    },
  );
  if (!clientLink.error) clientLink.ok = null; // a reference, not a goal
  figures.push(clientLink);
  const hydration = await derived(
    {
      name: 'serverRendered.hydration',
      label: "Server-rendered: hydration (CDN script's last byte → pubnet-load)",
      unit: 'ms',
      goal: '(reported)',
    },
    () => {
      need(ssr, 'the server-rendered page');
      const defined = med(ssr, (r) => r.defined - r.bundleEnd);
      const takeOver = med(ssr, (r) => r.load - r.defined);
      return {
        samples: ssr.map((r) => r.load - r.bundleEnd),
        toDefinedMs: defined,
        takeOverMs: takeOver,
        pubnetLoadMs: med(ssr, (r) => r.load),
        summary:
          `the script's last byte → the slot defined ${defined} ms (wait for the main thread, ` +
          `compile, run) → pubnet-load ${takeOver} ms (take-over: first render from data-answer); ` +
          `pubnet-load at ${med(ssr, (r) => r.load)} ms from navigation`,
      };
    },
  );
  if (!hydration.error) hydration.ok = null;
  figures.push(hydration);
  return figures;
}
