// Auto-linking (issue 21): a 500-link article over 12 merchant hosts (9 with an offer, 3
// without) plus opt-outs, auto-linked through the uncached proxy. Figures:
// - the scan time: from `autolink()` to the idle scan's end, which is when the last
//   qualifying link is handed to an `IntersectionObserver` (to be detected near the
//   viewport); the page counts those calls, so nothing inside autolink is timed;
// - detect requests per distinct qualifying host, once the page was read to its end
//   (goal 1.0: each host asked once), with the tracking links asked before any intent
//   (goal none) beside it;
// - long tasks (> 50 ms) from `autolink()` to the scan's end (goal none).
// The page loads auto-linking bundled from src/autolink/index.ts with esbuild (an IIFE,
// minified), called as the npm module is; the CDN file's size is in the size group.
import { articleLinks, HOSTS, LINKS, WITH_OFFER } from '../fixtures/long-article.mjs';
import { withPage } from '../lib/browser.mjs';
import { measure, median, repeat, round } from '../lib/figures.mjs';

/** After the last detect: time for late duplicates to show up. */
const SETTLE_MS = 300;
const PAGE = 'autolink-500.html';

/** The article's HTML and how many of its links qualify (every 25th is opted out). */
function article() {
  const paragraphs = [];
  let qualifying = 0;
  articleLinks().forEach(({ href, optOut }, i) => {
    const attrs = ['', ' data-pubnet="off"', '', ' class="nav"'][optOut + 1];
    if (optOut < 0) qualifying++;
    paragraphs.push(
      `<p${optOut == 1 ? ' data-pubnet="off"' : ''}>Paragraph ${i}, with ` +
        `<a href="${href}"${attrs}>item ${i}</a> in it, and some words around it to read.</p>`,
    );
  });
  return { html: paragraphs.join('\n'), qualifying };
}

/** Auto-linking as one classic script defining `PubnetAutolink`. */
async function bundle() {
  const { build } = await import('esbuild');
  const entry = new URL('../../src/autolink/index.ts', import.meta.url).pathname;
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'PubnetAutolink',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

function pageHtml(script, { html, qualifying }) {
  // The page counts the elements IntersectionObservers are given: the scan ends with the last
  // qualifying link's.
  const counter = `(() => {
    const seen = new Set();
    const observe = IntersectionObserver.prototype.observe;
    IntersectionObserver.prototype.observe = function (target) {
      seen.add(target);
      if (seen.size >= ${qualifying} && window.__bench.scanEnd == null)
        window.__bench.scanEnd = performance.now();
      return observe.call(this, target);
    };
    window.__bench.observed = () => seen.size;
  })();`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>Bench: a 500-link article</title>
<script src="/recorder.js"></script>
<script>${script.replace(/<\/script/gi, '<\\/script')}</script>
<script>${counter}</script>
</head><body><h1>A long article</h1><article>
${html}
</article></body></html>`;
}

/** One run: load, auto-link, wait for the scan, read to the end, count. */
async function once({ browser, stack }, body) {
  return withPage(browser, async (page) => {
    await page.route(stack.page(PAGE), (route) =>
      route.fulfill({ body, contentType: 'text/html; charset=utf-8' }),
    );
    const detects = [];
    let tracking = 0;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/offers/detect/'))
        detects.push(new URL(url.searchParams.get('url')).host);
      if (url.pathname.includes('/tracking_link/')) tracking++;
    });
    await page.goto(stack.page(PAGE));
    const api = new URL('/pubnet-api/', stack.origin).href;
    const key = stack.known.website.guid;
    const started = await page.evaluate(
      ([api, key]) => {
        const t0 = performance.now();
        window.__bench.stop = window.PubnetAutolink.autolink(document.querySelector('article'), {
          api,
          key,
          exclude: '.nav',
        });
        return t0;
      },
      [api, key],
    );
    await page.waitForFunction(() => window.__bench.scanEnd != null, null, {
      timeout: 10_000,
      polling: 10,
    });
    const { scanEnd, longTasks, observed } = await page.evaluate(() => ({
      scanEnd: window.__bench.scanEnd,
      longTasks: window.__bench.longTasks,
      observed: window.__bench.observed(),
    }));
    const during = longTasks.filter((t) => t.t + t.duration > started && t.t < scanEnd);
    // Read to the end, a screen at a time, each step after a rendering step.
    await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
      for (let y = 0; y <= document.documentElement.scrollHeight; y += innerHeight) {
        scrollTo(0, y);
        await frame();
        await frame();
      }
    });
    const deadline = Date.now() + 10_000;
    while (new Set(detects).size < HOSTS.length && Date.now() < deadline)
      await page.waitForTimeout(20);
    await page.waitForTimeout(SETTLE_MS);
    return {
      scanMs: scanEnd - started,
      observed,
      detects: detects.length,
      hosts: new Set(detects).size,
      tracking,
      longTasks: during.length,
      longest: Math.max(0, ...during.map((t) => t.duration)),
    };
  });
}

export async function autolinkFigures(ctx) {
  const { runs } = ctx;
  const content = article();
  const results = (async () => {
    const body = pageHtml(await bundle(), content);
    await once(ctx, body); // warm-up
    return repeat(runs, () => once(ctx, body));
  })();
  results.catch(() => {}); // each figure reports the failure
  const med = (list, key) => round(median(list.map((r) => r[key])));
  return [
    await measure(
      {
        name: 'autolink.scanMs500',
        label: 'Auto-linking: scan of a 500-link article',
        unit: 'ms',
        goal: '≤ 100 ms (idle time)',
        max: 100,
        timeoutMs: 120_000,
      },
      async () => {
        const list = await results;
        const wrong = list.filter((r) => r.observed != content.qualifying);
        return {
          samples: list.map((r) => r.scanMs),
          links: LINKS,
          qualifying: content.qualifying,
          summary: `${LINKS} links, ${content.qualifying} qualifying; from autolink() to the last one watched`,
          ...(wrong.length && {
            notes: [`links watched: ${wrong.map((r) => r.observed)} of ${content.qualifying}`],
          }),
        };
      },
    ),
    await measure(
      {
        name: 'autolink.detectPerHost',
        label: 'Auto-linking: detect requests per qualifying host',
        unit: '',
        goal: '1.0 (each host once)',
        min: 1,
        max: 1,
        digits: 2,
      },
      async () => {
        const list = await results;
        return {
          samples: list.map((r) => r.detects / HOSTS.length),
          detects: list.map((r) => r.detects),
          hostsAsked: list.map((r) => r.hosts),
          trackingBeforeIntent: list.map((r) => r.tracking),
          summary:
            `${med(list, 'detects')} detects for ${HOSTS.length} hosts ` +
            `(${WITH_OFFER.length} with an offer), read to the end; ` +
            `tracking links before intent: ${med(list, 'tracking')}`,
          ...(list.some((r) => r.tracking) && {
            notes: ['tracking links were asked for before any intent'],
          }),
        };
      },
    ),
    await measure(
      {
        name: 'autolink.longTasksScan',
        label: 'Auto-linking: long tasks during the scan',
        unit: '',
        goal: '0',
        max: 0,
        digits: 0,
      },
      async () => {
        const list = await results;
        return {
          samples: list.map((r) => r.longTasks),
          longestTaskMs: med(list, 'longest'),
          summary: `longest ${med(list, 'longest')} ms`,
        };
      },
    ),
  ];
}
