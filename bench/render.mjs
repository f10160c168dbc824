// Render times: time from the element's connection to its `pubnet-load`, with
// the emulator's latency on every API answer, against the floor the network
// alone imposes (round trips the widget cannot avoid × latency).
//
// "Connection" is a `performance.mark('connected')` in an inline script right
// after the element: the CDN script is a plain (blocking) script in <head>, so
// the parser has upgraded and connected the element when that script runs.
// Time from navigation start is kept beside it as `fromNavigation`.
//
// Which proxy a figure goes through (lib/stack.mjs) is part of its label:
// - the composing proxy (the default): a slot's answer comes with what it
//   shows, one request. The proxy itself still asks the API for the slot and
//   then, in parallel, for its parts: two API round trips in a row, so with the
//   latency on the API (the emulator's) it takes 2 × latency whatever the page
//   does;
// - the same proxy "next to the API": the latency moved to the visitor's hop
//   (each request waits `latency` before the proxy sees it; the API answers at
//   once). Then one request costs the page one `latency`: the case the
//   1-round-trip floor describes;
// - a forwarding-only proxy (`compose: false`): the widget's own second
//   round trip (config, then search or tracking links), as before composition.
import { waitForWidgets, withPage } from './lib/browser.mjs';
import { measure, median, repeat, round } from './lib/figures.mjs';
import { breakdown, KINDS, traced } from './lib/trace.mjs';

/** Today's goal of a render: 1.5 × floor + 20 ms. */
const goalFor = (floor) => 1.5 * floor + 20;
/** The goal of a slot through the composing proxy: 1.3 × its one round trip. */
const composedGoalFor = (floor) => round(1.3 * floor);
/** The widget's own time a cold render may take (ms). */
const OWN_TIME_GOAL = 30;
/** Traced runs for the breakdown of the widget's own time. */
const TRACED_RUNS = 5;

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
 * `requests`: the API requests in flight between the connection and the
 * event, with what Resource Timing says of them.
 */
async function timeOne(page, url) {
  await page.goto(url);
  const [event] = await waitForWidgets(page, 1);
  const { connected, intersection, api } = await page.evaluate(() => ({
    connected: performance.getEntriesByName('connected')[0]?.startTime,
    intersection: performance.getEntriesByName('first-intersection')[0]?.startTime,
    api: performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.startsWith('/pubnet-api'))
      .map((e) => ({
        url: e.name,
        start: e.startTime,
        end: e.responseEnd,
        transferSize: e.transferSize,
        deliveryType: e.deliveryType,
      })),
  }));
  if (connected === undefined) throw new Error('no "connected" mark on the page');
  const fromConnection = event.t - connected;
  const requests = api.filter((r) => r.start < event.t && r.end > connected);
  const apiMs = covered(requests.map((r) => [r.start, r.end]));
  return {
    fromConnection,
    fromNavigation: event.t,
    apiMs,
    event,
    connected,
    requests,
    // Phases from the connection, for the breakdown of the widget's own time.
    firstIntersection: intersection === undefined ? undefined : intersection - connected,
    requestAt: requests.length ? Math.min(...requests.map((r) => r.start)) - connected : undefined,
    answeredAt: requests.length ? Math.max(...requests.map((r) => r.end)) - connected : undefined,
  };
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
    apiRequests: median(results.map((r) => r.requests.length)),
    count: results[0].event.count,
    renderedAtLoad: results[0].event.rendered,
    summary: `${floor ? `${ratio}× floor; ` : ''}API in flight ${apiMs} ms, rest ${ownMs} ms`,
  };
}

/**
 * A render figure over `runs` cold runs (fresh context each), after one
 * discarded warm-up. `goal`: `[text, max]`; default today's 1.5 × floor + 20.
 * Resolves with the figure and the runs (for figures derived from them).
 */
async function coldFigure({ browser, stack, runs }, spec) {
  const { name, label, page, via, roundTrips, note } = spec;
  const floor = roundTrips * stack.latency;
  const [goal, max] = spec.goal ?? [
    `≤ ${goalFor(floor)} ms (1.5 × floor ${floor} ms + 20)`,
    goalFor(floor),
  ];
  let results = [];
  const figure = await measure({ name, label, unit: 'ms', goal, max }, async () => {
    const once = () => withPage(browser, (p) => timeOne(p, stack.page(page, { via })));
    await once(); // warm-up: first run pays process and JIT start-up
    results = await repeat(runs, once);
    const shown = details(results, floor);
    const requests = shown.apiRequests;
    return {
      samples: results.map((r) => r.fromConnection),
      proxy: via ?? 'composing',
      ...shown,
      summary: `${shown.summary}; ${requests} API request${requests == 1 ? '' : 's'}${note ? `; ${note}` : ''}`,
    };
  });
  return { figure, results };
}

/** A figure made of samples already measured (`collect` only arranges them). */
const derived = (spec, collect) => measure(spec, async () => collect());

/**
 * The repeat view: the same page navigated again in the same context, through
 * the cached composing proxy (as deployed). Its render time, and the API round
 * trips that block it.
 *
 * A blocking round trip is an API request in flight between the element's
 * connection and its `pubnet-load` (Resource Timing: started before the
 * event, ended after the mark) that left the browser: not answered from its
 * HTTP cache (`transferSize > 0`: a 200 or a 304 revalidation both cost a
 * round trip to the proxy, on a real network, even when the proxy answers it
 * from its own cache). Requests started after `pubnet-load` (view stats on an
 * impression) cannot block it. Cross-checked on the page origin's log, which
 * also says which of them the proxy answered from its cache (X-Cache HIT) and
 * which went on to the API.
 */
async function repeatFigures({ browser, stack, runs }) {
  const floor = stack.latency;
  const url = stack.page('filter-slot.html', { via: 'cached' });
  const once = () =>
    withPage(browser, async (page) => {
      await timeOne(page, url);
      const from = stack.log.length;
      const again = await timeOne(page, url);
      const reached = stack.log
        .slice(from)
        .filter((r) => r.path.startsWith('/pubnet-api') && !r.path.endsWith('/products/stats/'));
      const blocking = again.requests.filter((r) => r.transferSize > 0);
      return {
        ...again,
        blocking: blocking.length,
        fromHttpCache: again.requests.length - blocking.length,
        reached: reached.map((r) => `${r.method} ${r.path} (${r.cache ?? '-'})`),
        upstream: reached.filter((r) => r.cache !== 'HIT').length,
      };
    });
  let results = [];
  const time = await measure(
    {
      name: 'render.filterSlot.repeat',
      label: 'Render: filter slot, repeat view (cached proxy)',
      unit: 'ms',
      goal: `≤ ${floor} ms (under 1 API round trip)`,
      max: floor,
    },
    async () => {
      await once();
      results = await repeat(runs, once);
      const shown = details(results, 0);
      // What still reached the page's origin on the second view (not the HTTP cache).
      const api = results.at(-1).reached;
      return {
        samples: results.map((r) => r.fromConnection),
        ...shown,
        apiRequestsOnRepeat: api,
        summary: `${shown.summary}; ${api.length} API requests reached the origin: ${
          api.map((r) => r.replace(/[0-9a-f-]{36}/g, '{id}')).join(', ') || 'none'
        } (view stats after pubnet-load not counted)`,
      };
    },
  );
  const blocking = await derived(
    {
      name: 'render.filterSlot.repeat.blockingRoundTrips',
      label: 'Render: filter slot, repeat view: API round trips blocking it',
      unit: 'round trips',
      goal: '0',
      max: 0,
      digits: 0,
    },
    () => {
      if (!results.length) throw new Error('the repeat view was not measured');
      const sum = (key) => results.reduce((n, r) => n + r[key], 0);
      return {
        samples: results.map((r) => r.blocking),
        counted:
          'API requests in flight between the "connected" mark and pubnet-load that left the ' +
          'browser (Resource Timing transferSize > 0: not the HTTP cache; a proxy cache hit ' +
          'counts, it is a round trip on a real network)',
        fromHttpCachePerRun: results.map((r) => r.fromHttpCache),
        upstreamPerRun: results.map((r) => r.upstream),
        summary:
          `${sum('blocking')} in ${runs} runs left the browser before pubnet-load ` +
          `(${sum('upstream')} went on to the API); ${sum('fromHttpCache')} answered by ` +
          `the HTTP cache (the composed GET: public, max-age)`,
      };
    },
  );
  return [time, blocking];
}

/** The traced windows, in the page's time, of one run: what the own time is made of. */
function windowsOf(run) {
  const { connected: c, event } = run;
  const sent = c + run.requestAt;
  const answered = c + run.answeredAt;
  return {
    whole: [c, event.t],
    beforeRequest: [c, sent],
    network: [sent, answered],
    afterAnswer: [answered, event.t],
    afterLoad: [event.t, event.t + 500],
  };
}

const WINDOW_TITLES = {
  beforeRequest: 'connected → API request sent',
  network: 'API request in flight',
  afterAnswer: "answer's last byte → pubnet-load",
  whole: 'the whole window, connected → pubnet-load',
  afterLoad: 'after pubnet-load, 500 ms (not in the figure)',
};

/**
 * The widget's own time in a cold render (`fromConnection - apiMs` of the
 * cold composed filter slot), and where it goes: phases from the page's
 * marks and Resource Timing (untraced runs), main-thread time by kind in each
 * phase from DevTools traces of `TRACED_RUNS` more runs, and `JSON.parse` of
 * the slot's answer timed apart.
 */
async function ownTimeFigure(
  { browser, stack },
  { name, label, page, from, cold, coldEager = [] },
) {
  return measure(
    {
      name,
      label,
      unit: 'ms',
      goal: `≤ ${OWN_TIME_GOAL} ms`,
      max: OWN_TIME_GOAL,
      timeoutMs: 90_000,
    },
    async () => {
      if (!cold.length) throw new Error(`${from} was not measured`);
      const med = (list) => round(median(list.filter((v) => v !== undefined)));
      const phases = {
        firstIntersection: med(cold.map((r) => r.firstIntersection)),
        requestSent: med(cold.map((r) => r.requestAt)),
        answerToLoad: med(cold.map((r) => r.fromConnection - r.answeredAt)),
      };
      const url = stack.page(page);
      const runs = [];
      let parse;
      for (let i = 0; i <= TRACED_RUNS; i++) {
        const run = await withPage(browser, async (page) => {
          const { result, events } = await traced(page, () => timeOne(page, url));
          if (result.requests.length !== 1) throw new Error('expected one API request');
          const parts = breakdown(events, {
            script: '/cdn/pubnet.min.js',
            mark: 'connected',
            markTime: result.connected,
            windows: windowsOf(result),
          });
          // JSON.parse of the slot's own answer, as the client parses it (text, then parse).
          parse ??= await page.evaluate(async (href) => {
            const text = await (await fetch(href, { cache: 'no-store' })).text();
            const t0 = performance.now();
            for (let n = 0; n < 50; n++) JSON.parse(text);
            return { ms: (performance.now() - t0) / 50, bytes: text.length };
          }, result.requests[0].url);
          return { ...parts, ownMs: result.fromConnection - result.apiMs };
        });
        if (i > 0) runs.push(run); // the first pays process and JIT start-up
      }
      const trace = {
        runs: runs.length,
        ownMsTraced: med(runs.map((r) => r.ownMs)),
        bundleEvaluationMs: med(runs.map((r) => r.bundle.ms)),
        bundleEndedBeforeConnectedMs: med(runs.map((r) => -r.bundle.endsAt)),
      };
      for (const name of Object.keys(WINDOW_TITLES))
        trace[name] = {
          ms: med(runs.map((r) => r[name].ms)),
          busy: med(runs.map((r) => r[name].busy)),
          idle: med(runs.map((r) => r[name].idle)),
          byKind: Object.fromEntries(
            KINDS.map((k) => [k, med(runs.map((r) => r[name].byKind[k]))]),
          ),
          decodeAnyThread: med(runs.map((r) => r[name].decodeAnyThread)),
        };
      const jsonParseMs = round(parse.ms, 2);
      const eagerOwnMs = coldEager.length
        ? med(coldEager.map((r) => r.fromConnection - r.apiMs))
        : undefined;
      const kinds = ({ byKind, decodeAnyThread }) =>
        KINDS.filter((k) => byKind[k] >= 0.05)
          .map((k) => `${k} ${byKind[k]}`)
          .join(', ') + (decodeAnyThread ? `; image decode on any thread ${decodeAnyThread}` : '');
      const breakdownLines = [
        `phases (untraced runs of ${from}, from the "connected" mark): API request sent at ` +
          `+${phases.requestSent} (the widget sends it from its first IntersectionObserver callback), ` +
          `pubnet-load ${phases.answerToLoad} after the answer's last byte; the page's own observer on the element ` +
          `(created after the widget's) first called back at +${phases.firstIntersection}`,
        `main thread, traced (median of ${trace.runs} runs; own time while traced ${trace.ownMsTraced}), self time by kind:`,
        ...Object.entries(WINDOW_TITLES).map(
          ([name, title]) =>
            `  ${title}: ${trace[name].ms} ms = busy ${trace[name].busy} (${kinds(trace[name])}) + idle ${trace[name].idle}`,
        ),
        `JSON.parse of the slot's ${round(parse.bytes / 1024)} KB composed answer: ${jsonParseMs} (timed apart; inside "script")`,
        `before the element: bundle evaluation (compile + run of pubnet.min.js, EvaluateScript) ${trace.bundleEvaluationMs}, ` +
          `ended ${trace.bundleEndedBeforeConnectedMs} before the "connected" mark`,
        ...(eagerOwnMs === undefined
          ? []
          : [
              `with \`eager\` on the element (no wait for an IntersectionObserver callback), render.filterSlot.cold.eager: own time ${eagerOwnMs}`,
            ]),
      ];
      const b = trace.beforeRequest;
      const a = trace.afterAnswer;
      return {
        samples: cold.map((r) => r.fromConnection - r.apiMs),
        from: `${from} (fromConnection - apiMs of its runs)`,
        phases,
        trace,
        jsonParseMs,
        answerBytes: parse.bytes,
        ...(eagerOwnMs !== undefined && { eagerOwnMs }),
        summary:
          `request sent +${phases.requestSent} ms, after the first IntersectionObserver callback, which waits for ` +
          `the page's first frame (traced: busy ${b.busy}: script ${b.byKind.script}, ` +
          `style+layout ${round(b.byKind.style + b.byKind.layout)}, paint ${b.byKind.paint}; idle ${b.idle}); ` +
          `answer → pubnet-load ${phases.answerToLoad} ms (traced: script ${a.byKind.script}, JSON.parse ${jsonParseMs}, ` +
          `style+layout ${round(a.byKind.style + a.byKind.layout)}, paint ${a.byKind.paint}, decode ${a.decodeAnyThread}, ` +
          `other ${a.byKind.other}); ` +
          `bundle evaluation ${trace.bundleEvaluationMs} ms before the element` +
          (eagerOwnMs === undefined ? '' : `; with eager: ${eagerOwnMs} ms`),
        breakdownLines,
      };
    },
  );
}

export async function renderFigures(ctx) {
  const { stack } = ctx;
  const figures = [];
  const latency = stack.latency;
  const oneTrip = [
    `≤ ${composedGoalFor(latency)} ms (1.3 × 1 round trip, ${latency} ms)`,
    composedGoalFor(latency),
  ];

  const cold = await coldFigure(ctx, {
    name: 'render.filterSlot.cold',
    label: 'Render: filter slot, cold, composing proxy (1 request)',
    page: 'filter-slot.html',
    roundTrips: 1,
    goal: oneTrip,
    note: `the proxy asks the API for the slot, then its search: 2 × ${latency} ms at the API`,
  });
  figures.push(cold.figure);
  figures.push(
    (
      await coldFigure(ctx, {
        name: 'render.filterSlot.cold.near',
        label: 'Render: filter slot, cold, composing proxy next to the API',
        page: 'filter-slot.html',
        via: 'near',
        roundTrips: 1,
        goal: oneTrip,
        note: `${latency} ms on the visitor's hop, 0 ms proxy → API`,
      })
    ).figure,
  );
  figures.push(
    (
      await coldFigure(ctx, {
        name: 'render.filterSlot.cold.forwarding',
        label: 'Render: filter slot, cold, forwarding-only proxy (config + search)',
        page: 'filter-slot.html',
        via: 'forward',
        roundTrips: 2,
      })
    ).figure,
  );
  const eager = await coldFigure(ctx, {
    name: 'render.filterSlot.cold.eager',
    label: 'Render: filter slot with `eager`, cold, composing proxy next to the API',
    page: 'filter-slot-eager.html',
    via: 'near',
    roundTrips: 1,
    goal: oneTrip,
    note: 'no wait for the first IntersectionObserver callback',
  });
  figures.push(eager.figure);
  figures.push(
    (
      await coldFigure(ctx, {
        name: 'render.manualSlot.cold',
        label: 'Render: manual slot (banner), cold (config)',
        page: 'manual-slot.html',
        roundTrips: 1,
      })
    ).figure,
  );
  const placed = await coldFigure(ctx, {
    name: 'render.manualSlotPlaced.cold',
    label: 'Render: manual slot, placed products and offers, cold, composing proxy',
    page: 'manual-lookups.html',
    roundTrips: 1,
    goal: oneTrip,
    note: `the proxy asks the API for the slot, then its parts in parallel: 2 × ${latency} ms at the API`,
  });
  figures.push(placed.figure);
  figures.push(
    (
      await coldFigure(ctx, {
        name: 'render.manualSlotPlaced.cold.near',
        label: 'Render: manual slot, placed products and offers, cold, proxy next to the API',
        page: 'manual-lookups.html',
        via: 'near',
        roundTrips: 1,
        goal: oneTrip,
        note: `${latency} ms on the visitor's hop, 0 ms proxy → API`,
      })
    ).figure,
  );
  figures.push(
    (
      await coldFigure(ctx, {
        name: 'render.manualSlotLookups.cold',
        label: 'Render: manual slot + tracking link, cold, forwarding-only proxy',
        page: 'manual-lookups.html',
        via: 'forward',
        roundTrips: 2,
      })
    ).figure,
  );
  figures.push(...(await repeatFigures(ctx)));
  figures.push(
    await ownTimeFigure(ctx, {
      name: 'render.filterSlot.ownTime',
      label: 'Render: filter slot, cold: widget’s own time (not the network)',
      page: 'filter-slot.html',
      from: 'render.filterSlot.cold',
      cold: cold.results,
      coldEager: eager.results,
    }),
  );
  figures.push(
    await ownTimeFigure(ctx, {
      name: 'render.manualSlotPlaced.ownTime',
      label: 'Render: manual slot, placed products and offers, cold: widget’s own time',
      page: 'manual-lookups.html',
      from: 'render.manualSlotPlaced.cold',
      cold: placed.results,
    }),
  );
  return figures;
}
