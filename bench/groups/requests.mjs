// Requests: how many API requests the page makes per distinct resource (goal
// 1.0: each resource asked for once), counted in the browser with
// `page.on('request')` against the uncached proxy. A resource is method + URL +
// body. Product view stats (`POST …/products/stats/`) are events, not
// resources: they are counted apart. The emulator's log gives the upstream
// calls beside it (the proxy, even uncached, shares identical calls in flight).
// Ten ad slots of one uuid are counted in requests, through the composing
// proxy (lib/stack.mjs): one, the slot's answer carrying its products.
// A price comparison's view is counted in requests too: its one search, then
// one read of each shop's offer for its logo, which the element makes after
// `pubnet-load` (so the count waits until no API request is in flight); and
// two comparisons whose shops overlap, to see whether a shop's offer is read once.
// Loan offers' view is one read of the website's payday-loans page, whatever the
// filters; three lists with different filters on one page, to see whether they share it.
import { waitForWidgets, withPage } from '../lib/browser.mjs';
import { measure, repeat } from '../lib/figures.mjs';

/** Extra time after the last widget finished, for late duplicates to show up. */
const SETTLE_MS = 300;
/** The longest the count waits for the API requests in flight after the widgets loaded. */
const IN_FLIGHT_MS = 5_000;
const isStats = (path) => path.endsWith('/products/stats/');

/** Loads `page` in a fresh context and counts its API requests. */
async function countRequests({ browser, stack }, pageName, widgets) {
  return withPage(browser, async (page) => {
    const seen = [];
    const inFlight = new Set();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/pubnet-api/')) {
        seen.push({ method: request.method(), url, body: request.postData() ?? '' });
        inFlight.add(request);
      }
    });
    for (const end of ['requestfinished', 'requestfailed'])
      page.on(end, (request) => inFlight.delete(request));
    stack.emulator.clearRequests();
    await page.goto(stack.page(pageName));
    await waitForWidgets(page, widgets);
    // Requests a widget makes after it loaded (a comparison's logos): until they ended.
    const until = Date.now() + IN_FLIGHT_MS;
    while (inFlight.size && Date.now() < until) await page.waitForTimeout(20);
    await page.waitForTimeout(SETTLE_MS);
    const resources = seen.filter((r) => !isStats(r.url.pathname));
    const distinct = new Set(resources.map((r) => `${r.method} ${r.url.href} ${r.body}`));
    const byRoute = {};
    for (const r of resources) {
      const path = r.url.pathname.replace(/^\/pubnet-api/, '').replace(/[0-9a-f-]{36}/g, '{id}');
      const route = `${r.method} ${path}`;
      byRoute[route] = (byRoute[route] ?? 0) + 1;
    }
    return {
      total: resources.length,
      distinct: distinct.size,
      stats: seen.length - resources.length,
      upstream: stack.emulator.requests.filter(
        (r) => !isStats(r.path) && !r.path.startsWith('/images/'),
      ).length,
      byRoute,
    };
  });
}

/**
 * Requests per distinct resource; with `total`, the number of requests
 * itself against that goal (`{ goal, max }`).
 */
function requestFigure(ctx, { name, label, page, widgets, expected, total, perView }) {
  const spec = total
    ? { unit: 'req', goal: total.goal, max: total.max, digits: 0 }
    : { unit: 'req/resource', goal: '1.0', max: 1, digits: 2 };
  return measure({ name, label, ...spec }, async () => {
    const once = () => countRequests(ctx, page, widgets);
    const results = await repeat(ctx.runs, once);
    const last = results.at(-1);
    const notes = [];
    if (last.distinct !== expected)
      notes.push(`expected ${expected} distinct resources, saw ${last.distinct}`);
    return {
      samples: results.map((r) => (total ? r.total : r.total / r.distinct)),
      requests: last.total,
      resources: last.distinct,
      byRoute: last.byRoute,
      upstreamCalls: last.upstream,
      statsRequests: last.stats,
      summary:
        `${last.total} requests for ${last.distinct} resources: ` +
        Object.entries(last.byRoute)
          .map(([route, n]) => `${n}× ${route}`)
          .join(', ') +
        (perView ? `; ${perView}` : ''),
      ...(notes.length && { notes }),
    };
  });
}

export async function requestFigures(ctx) {
  return [
    await requestFigure(ctx, {
      name: 'requests.offerLinks',
      label: 'Requests: 12 offer links over 3 offers',
      page: 'offer-links.html',
      widgets: 12,
      expected: 3,
    }),
    // Through the composing proxy: the slot's answer has its products, so no search.
    await requestFigure(ctx, {
      name: 'requests.adslotsSameUuid',
      label: 'Requests: 10 ad slots of one uuid, composing proxy',
      page: 'adslots-same.html',
      widgets: 10,
      expected: 1,
      total: { goal: '1 request', max: 1 },
    }),
    // The search, then the logos: one read of each of the six shops' offers.
    await requestFigure(ctx, {
      name: 'requests.priceComparison',
      label: 'Requests: a price comparison of 6 shops, with their logos',
      page: 'price-comparison.html',
      widgets: 1,
      expected: 7,
      total: { goal: '7 (1 search + 1 offer read per shop)', max: 7 },
      perView: '1 search, then 6 offer reads (one per shop, for its logo) after pubnet-load',
    }),
    // The grinder's three shops are among the espresso machine's six.
    await requestFigure(ctx, {
      name: 'requests.priceComparisonsSharedShops',
      label: 'Requests: 2 price comparisons, 9 rows over 6 shops',
      page: 'price-comparisons.html',
      widgets: 2,
      expected: 8,
      total: { goal: '8 (2 searches + 1 offer read per distinct shop)', max: 8 },
    }),
    // The website's page, read once: the offers shown are chosen from it in the browser.
    await requestFigure(ctx, {
      name: 'requests.loanOffers',
      label: 'Requests: a list of loan offers',
      page: 'loan-offers.html',
      widgets: 1,
      expected: 1,
      total: { goal: '1 (the payday-loans page)', max: 1 },
      perView: "1 read of the website's payday-loans page; logos are images, not API requests",
    }),
    // Short-term, filtered and long-term lists: the same page, so one read if shared.
    await requestFigure(ctx, {
      name: 'requests.loanOffersShared',
      label: 'Requests: 3 lists of loan offers, each with its own filters',
      page: 'loan-offers-three.html',
      widgets: 3,
      expected: 1,
      total: { goal: '1 (one payday-loans page for the 3 lists)', max: 1 },
    }),
  ];
}
