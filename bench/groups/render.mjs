// Render times: time from the element's connection to its `pubnet-load`, with
// the emulator's latency on every API answer, against the floor the network
// alone imposes, and where the time went.
//
// "Connection" is a `performance.mark('connected')` in an inline script right
// after the element: the CDN script is a plain (blocking) script in <head>, so
// the parser has upgraded and connected the element when that script runs.
// Time from navigation start is kept beside it as `fromNavigation`.
//
// The floor (issue 26): one visitor round trip, plus one API round trip when
// the proxy has served the slot before (its config is known), plus two for
// the very first view of a slot (config, then what it shows). Two latency
// placements (lib/stack.mjs):
// - "API latency": the emulator answers after `latency`, the visitor's hop is
//   loopback: floor 2 × latency for a first view, 1 × latency served before;
// - "near" (the proxy next to the API): `latency` on the visitor's hop, the API
//   answers at once: floor 1 × latency either way.
// A first view goes through a cache-less composing proxy (every view is its
// first); "served before" through a cached one whose clock the bench moves past
// the cache's lifetime before each run, after one warming view: the slot's
// config is stored but expired, as is everything else.
//
// Each cold figure of a composed slot says where the time went (medians): the
// visitor's hop (the request in flight minus the proxy's handling of it), each
// proxy → API call on the critical path (from the proxy's injected `fetch`),
// the proxy's own work (its handling minus those calls) and the widget's own
// work (connection → pubnet-load minus the request in flight).
//
// The forwarding-only proxy (`compose: false`) is kept for comparison: the
// widget's own second round trip (config, then search or tracking links).
import { withPage } from '../lib/browser.mjs';
import { measure, median, repeat, round } from '../lib/figures.mjs';
import { OWN_TIME_GOAL, ownTimeFigure, phasesOf } from '../lib/own-time.mjs';
import { timeOne, whereTime } from '../lib/render-timing.mjs';

/** The goal of a render (issue 26): 1.5 × its floor. */
const goalFor = (floor) => round(1.5 * floor);

/**
 * The floor of a cold view: `visitor` round trips on the visitor's hop and
 * `api` round trips proxy → API, in `placement` `'api'` (latency on the API)
 * or `'near'` (latency on the visitor's hop).
 */
function floorOf(latency, { placement, api, visitor = 1 }) {
  const [v, a] = placement === 'near' ? [latency, 0] : [0, latency];
  return {
    floor: visitor * v + api * a,
    text: `${visitor} visitor RT × ${v} + ${api} API RT × ${a}`,
  };
}

/**
 * Whether a served-before view found the slot's config stored: one API round
 * trip on the critical path, the slot revalidated in the background.
 */
function servedNote(where) {
  const trips = where.upstream.length;
  if (trips <= 1) return 'the stored slot config answered at once';
  return (
    `${trips} API round trips in a row where the floor counts 1: the proxy does not yet ` +
    'answer the expired slot config it stores at once'
  );
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
 * discarded warm-up (which, through a `served` proxy, is the view that stores
 * the slot). `served`: the slot was served before: every cache entry is
 * expired before each run. Resolves with the figure and the runs.
 */
async function coldFigure({ browser, stack, runs }, spec) {
  const { name, label, page, via, note, served = false } = spec;
  const { floor, text } = floorOf(stack.latency, spec.floor);
  const max = goalFor(floor);
  let results = [];
  const goal = `≤ ${max} ms (1.5 × floor ${floor} ms)`;
  const figure = await measure({ name, label, unit: 'ms', goal, max }, async () => {
    const once = () =>
      withPage(browser, (p) => {
        if (served) stack.expire();
        return timeOne(p, stack.page(page, { via }), stack);
      });
    await once(); // warm-up: first run pays process and JIT start-up
    results = await repeat(runs, once);
    const shown = details(results, floor);
    const requests = shown.apiRequests;
    const where = whereTime(results);
    return {
      samples: results.map((r) => r.fromConnection),
      proxy: via ?? 'composing',
      floorIs: text,
      ...shown,
      ...(where && { where }),
      summary:
        `${shown.summary}; ${requests} API request${requests == 1 ? '' : 's'}` +
        (where ? `; ${where.line}` : '') +
        (where && served ? `; ${servedNote(where)}` : '') +
        `; floor ${floor} ms = ${text}${note ? `; ${note}` : ''}`,
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
async function repeatFigures({ browser, stack, runs }, { name, title, page }) {
  const floor = stack.latency;
  const url = stack.page(page, { via: 'cached' });
  const once = () =>
    withPage(browser, async (p) => {
      await timeOne(p, url, stack);
      const from = stack.log.length;
      const again = await timeOne(p, url, stack);
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
      name: `${name}.repeat`,
      label: `Render: ${title}, repeat view (cached proxy)`,
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
      name: `${name}.repeat.blockingRoundTrips`,
      label: `Render: ${title}, repeat view: API round trips blocking it`,
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

/** The widget's own time of a served-before cold view, from its runs (no traces). */
const servedOwnTime = ({ name, label, from, cold }) =>
  derived({ name, label, unit: 'ms', goal: `≤ ${OWN_TIME_GOAL} ms`, max: OWN_TIME_GOAL }, () => {
    if (!cold.length) throw new Error(`${from} was not measured`);
    const { line, ...phases } = phasesOf(cold);
    return {
      samples: cold.map((r) => r.fromConnection - r.apiMs),
      from: `${from} (fromConnection - apiMs of its runs)`,
      phases,
      summary: `${line}; answer → pubnet-load ${phases.answerToLoad} ms`,
    };
  });

/** The slots measured cold in both placements, first view and served before. */
const SLOTS = [
  {
    name: 'render.filterSlot',
    title: 'filter slot',
    page: 'filter-slot.html',
  },
  {
    name: 'render.manualSlotPlaced',
    title: 'manual slot, placed products and offers',
    page: 'manual-lookups.html',
  },
];

export async function renderFigures(ctx) {
  const figures = [];
  const cold = {};
  for (const { name, title, page } of SLOTS) {
    const views = [
      ['cold', 'first view, API latency', undefined, 'api', 2, false],
      ['cold.near', 'first view, proxy next to the API', 'near', 'near', 2, false],
      ['servedBefore', 'served before, API latency', 'served', 'api', 1, true],
      ['servedBefore.near', 'served before, proxy next to the API', 'served-near', 'near', 1, true],
    ];
    for (const [suffix, how, via, placement, api, served] of views) {
      const measured = await coldFigure(ctx, {
        name: `${name}.${suffix}`,
        label: `Render: ${title}, cold, ${how}`,
        page,
        via,
        served,
        floor: { placement, api },
      });
      cold[`${name}.${suffix}`] = measured.results;
      figures.push(measured.figure);
    }
  }
  const forwarding = (name, label, page) =>
    coldFigure(ctx, { name, label, page, via: 'forward', floor: { placement: 'api', api: 2 } });
  figures.push(
    (
      await forwarding(
        'render.filterSlot.cold.forwarding',
        'Render: filter slot, cold, forwarding-only proxy (config + search)',
        'filter-slot.html',
      )
    ).figure,
    (
      await forwarding(
        'render.manualSlotLookups.cold',
        'Render: manual slot + tracking link, cold, forwarding-only proxy',
        'manual-lookups.html',
      )
    ).figure,
  );
  const eager = await coldFigure(ctx, {
    name: 'render.filterSlot.cold.eager',
    label: 'Render: filter slot with `eager`, cold, first view, proxy next to the API',
    page: 'filter-slot-eager.html',
    via: 'near',
    floor: { placement: 'near', api: 2 },
  });
  figures.push(eager.figure);
  figures.push(
    (
      await coldFigure(ctx, {
        name: 'render.manualSlot.cold',
        label: 'Render: manual slot (banner), cold, first view, API latency (config)',
        page: 'manual-slot.html',
        floor: { placement: 'api', api: 1 },
        note: 'its config is all it shows',
      })
    ).figure,
  );
  figures.push(...(await repeatFigures(ctx, SLOTS[0])), ...(await repeatFigures(ctx, SLOTS[1])));
  figures.push(
    await ownTimeFigure(ctx, {
      name: 'render.filterSlot.ownTime',
      label: 'Render: filter slot, cold: widget’s own time (not the network)',
      page: 'filter-slot.html',
      from: 'render.filterSlot.cold',
      cold: cold['render.filterSlot.cold'],
      coldEager: eager.results,
    }),
    await servedOwnTime({
      name: 'render.filterSlot.servedBefore.near.ownTime',
      label: 'Render: filter slot, cold, served before, proxy next to the API: widget’s own time',
      from: 'render.filterSlot.servedBefore.near',
      cold: cold['render.filterSlot.servedBefore.near'],
    }),
    await ownTimeFigure(ctx, {
      name: 'render.manualSlotPlaced.ownTime',
      label: 'Render: manual slot, placed products and offers, cold: widget’s own time',
      page: 'manual-lookups.html',
      from: 'render.manualSlotPlaced.cold',
      cold: cold['render.manualSlotPlaced.cold'],
    }),
    await servedOwnTime({
      name: 'render.manualSlotPlaced.servedBefore.near.ownTime',
      label: 'Render: manual slot, placed, cold, served before, next to the API: widget’s own time',
      from: 'render.manualSlotPlaced.servedBefore.near',
      cold: cold['render.manualSlotPlaced.servedBefore.near'],
    }),
  );
  return figures;
}
