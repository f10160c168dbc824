// Render times: time from the element's connection to its `pubnet-load`, with
// the emulator's latency on every API answer, against the floor the network
// alone imposes (round trips the widget cannot avoid × latency).
//
// "Connection" is a `performance.mark('connected')` in an inline script right
// after the element: the CDN script is a plain (blocking) script in <head>, so
// the parser has upgraded and connected the element when that script runs.
// Time from navigation start is kept beside it as `fromNavigation`.
import { waitForWidgets, withPage } from './lib/browser.mjs';
import { measure, median, repeat, round } from './lib/figures.mjs';

/** How much above the floor a render may take: 1.5 × floor + 20 ms. */
const goalFor = (floor) => 1.5 * floor + 20;

/** How long at least one of `intervals` (`[start, end]`) was open, in total. */
function covered(intervals) {
  let total = 0;
  let until = -Infinity;
  for (const [start, end] of [...intervals].sort((a, b) => a[0] - b[0])) {
    if (end <= until) continue;
    total += end - Math.max(start, until);
    until = end;
  }
  return total;
}

/**
 * Loads `url` in `page` and times its one widget. `apiMs` is how long an API
 * request of the page was in flight (Resource Timing), so that
 * `fromConnection - apiMs` is the widget's own time (script, layout, render).
 */
async function timeOne(page, url) {
  await page.goto(url);
  const [event] = await waitForWidgets(page, 1);
  const { connected, api } = await page.evaluate(() => ({
    connected: performance.getEntriesByName('connected')[0]?.startTime,
    api: performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.startsWith('/pubnet-api'))
      .map((e) => [e.startTime, e.responseEnd]),
  }));
  if (connected === undefined) throw new Error('no "connected" mark on the page');
  const fromConnection = event.t - connected;
  const apiMs = covered(api.filter(([start]) => start < event.t));
  return { fromConnection, fromNavigation: event.t, apiMs, event };
}

/** The medians kept beside every render figure, and its one-line summary. */
function details(results, floor) {
  const fromConnection = median(results.map((r) => r.fromConnection));
  const apiMs = round(median(results.map((r) => r.apiMs)));
  const ownMs = round(median(results.map((r) => r.fromConnection - r.apiMs)));
  const ratio = floor ? round(fromConnection / floor, 2) : undefined;
  return {
    ...(floor && { floor, ratio }),
    fromNavigation: round(median(results.map((r) => r.fromNavigation))),
    apiMs,
    ownMs,
    count: results[0].event.count,
    renderedAtLoad: results[0].event.rendered,
    summary: `${floor ? `${ratio}× floor; ` : ''}API in flight ${apiMs} ms, rest ${ownMs} ms`,
  };
}

/** A render figure over `runs` cold runs (fresh context each), after one discarded warm-up. */
function coldFigure({ browser, stack, runs }, { name, label, page, roundTrips }) {
  const floor = roundTrips * stack.latency;
  return measure(
    {
      name,
      label,
      unit: 'ms',
      goal: `≤ ${goalFor(floor)} ms (1.5 × floor ${floor} ms + 20)`,
      max: goalFor(floor),
    },
    async () => {
      const once = () => withPage(browser, (p) => timeOne(p, stack.page(page)));
      await once(); // warm-up: first run pays process and JIT start-up
      const results = await repeat(runs, once);
      return { samples: results.map((r) => r.fromConnection), ...details(results, floor) };
    },
  );
}

export async function renderFigures(ctx) {
  const { browser, stack, runs } = ctx;
  const figures = [];
  figures.push(
    await coldFigure(ctx, {
      name: 'render.filterSlot.cold',
      label: 'Render: filter slot, cold (config + search)',
      page: 'filter-slot.html',
      roundTrips: 2,
    }),
  );
  figures.push(
    await coldFigure(ctx, {
      name: 'render.manualSlot.cold',
      label: 'Render: manual slot (banner), cold (config)',
      page: 'manual-slot.html',
      roundTrips: 1,
    }),
  );
  figures.push(
    await coldFigure(ctx, {
      name: 'render.manualSlotLookups.cold',
      label: 'Render: manual slot + tracking link, cold',
      page: 'manual-lookups.html',
      roundTrips: 2,
    }),
  );

  // Repeat view: the same page navigated again in the same context, through the
  // cached proxy (as deployed): the HTTP cache may answer the config GET and the
  // proxy's cache the search POST, so no API round trip is needed at all.
  const floor = stack.latency;
  figures.push(
    await measure(
      {
        name: 'render.filterSlot.repeat',
        label: 'Render: filter slot, repeat view (cached proxy)',
        unit: 'ms',
        goal: `≤ ${floor} ms (under 1 API round trip)`,
        max: floor,
      },
      async () => {
        const url = stack.page('filter-slot.html', { cached: true });
        const once = () =>
          withPage(browser, async (page) => {
            await timeOne(page, url);
            const from = stack.log.length;
            const again = await timeOne(page, url);
            const api = stack.log.slice(from).filter((r) => r.path.startsWith('/pubnet-api'));
            return { ...again, apiRequests: api.map((r) => `${r.method} ${r.path}`) };
          });
        await once();
        const results = await repeat(runs, once);
        const shown = details(results, 0);
        // What still reached the page's origin on the second view (not the HTTP cache).
        const api = results.at(-1).apiRequests;
        return {
          samples: results.map((r) => r.fromConnection),
          ...shown,
          apiRequestsOnRepeat: api,
          summary: `${shown.summary}; ${api.length} API requests reached the origin: ${
            api.map((r) => r.replace(/[0-9a-f-]{36}/g, '{id}')).join(', ') || 'none'
          }`,
        };
      },
    ),
  );
  return figures;
}
