// Proxy: upstream calls per 1,000 simulated page views through the proxy with
// its default cache. A page view is the API requests a page of the bench makes
// (bodies built with the package's own client helpers, as the widgets build
// them), sent to the proxy handler in-process; the proxy calls the emulator
// over loopback. Upstream calls are counted on the emulator's log. With the
// cache they are bounded by the distinct resources, not by the views.
// View stats (`POST …/products/stats/`) are never cached by design and are
// left out of the simulated views.
import { measure, repeat } from '../lib/figures.mjs';

const VIEWS = 1000;
/** Page views in flight at once (visitors arriving together). */
const CONCURRENCY = 50;
const BASE = 'http://publisher.test/pubnet-api/';

const json = (method, path, body) => ({ method, path, body: body && JSON.stringify(body) });

/** The three kinds of page, as lists of steps; a step's requests run in parallel. */
async function pageKinds(emulator, { known, adslotProductSearch, buildSearch }) {
  const key = known.website.guid;
  // The filter slot's search body depends on its config, as in the widget.
  const response = await emulator.fetch(
    new Request(new URL(`publisher/adslots/${known.filterAdslot}/`, 'http://emulator.test/'), {
      headers: { Authorization: `Token ${emulator.token}` },
    }),
  );
  if (!response.ok) throw new Error(`the emulator answered ${response.status} for the slot`);
  const slot = await response.json();
  return [
    // A filter ad slot: its config, then its search.
    [
      [json('GET', `publisher/adslots/${known.filterAdslot}/`)],
      [json('POST', `publisher/products/?key=${key}`, adslotProductSearch(slot))],
    ],
    // A product grid.
    [
      [
        json(
          'POST',
          `publisher/products/?key=${key}`,
          buildSearch({ query: 'headphones', ordering: '-score', pageSize: 8 }),
        ),
      ],
    ],
    // Links to the three offers.
    [
      known.offers.map((id) =>
        json('PUT', `publisher/offers/${id}/tracking_link/`, { website: key }),
      ),
    ],
  ];
}

/** Sends `VIEWS` page views through `proxy`; counts the answers by their X-Cache. */
async function simulate(proxy, kinds) {
  const cache = {};
  const failed = [];
  const send = async ({ method, path, body }) => {
    const headers = body ? { 'content-type': 'application/json' } : {};
    const response = await proxy(new Request(BASE + path, { method, headers, body }), {
      remoteAddress: '127.0.0.1',
    });
    await response.arrayBuffer();
    const state = response.headers.get('x-cache') ?? '-';
    cache[state] = (cache[state] ?? 0) + 1;
    if (!response.ok) failed.push(`${response.status} ${method} ${path}`);
  };
  let next = 0;
  const visitor = async () => {
    while (next < VIEWS) {
      const steps = kinds[next++ % kinds.length];
      for (const step of steps) await Promise.all(step.map(send));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, visitor));
  return { cache, failed };
}

export async function proxyFigures({ runs, latency }) {
  // The built package (npm run build), imported here so that without it only this group fails.
  const { startEmulator, known } = await import('../../dist/emulator/index.js');
  const { createProxy } = await import('../../dist/proxy/index.js');
  const { adslotProductSearch, buildSearch } = await import('../../dist/client/product-search.js');
  const server = await startEmulator({ port: 0, host: '127.0.0.1', latency });
  try {
    const { emulator } = server;
    const kinds = await pageKinds(emulator, { known, adslotProductSearch, buildSearch });
    const distinct = new Set(
      kinds.flat(2).map(({ method, path, body }) => `${method} ${path} ${body ?? ''}`),
    ).size;
    const figure = await measure(
      {
        name: 'proxy.upstreamPer1000Views',
        label: `Proxy: upstream calls per ${VIEWS} page views`,
        unit: 'calls',
        goal: `≤ ${distinct} (distinct resources)`,
        max: distinct,
      },
      async () => {
        let last;
        const samples = await repeat(runs, async () => {
          const proxy = createProxy({
            token: emulator.token,
            upstream: server.url,
            basePath: '/pubnet-api/',
            websites: [known.website.guid],
            rateLimit: false,
          });
          emulator.clearRequests();
          last = await simulate(proxy, kinds);
          if (last.failed.length) throw new Error(`proxy answered ${last.failed[0]}`);
          return emulator.requests.length;
        });
        const requests = Object.values(last.cache).reduce((a, b) => a + b, 0);
        return {
          samples,
          requestsPerRun: requests,
          distinctResources: distinct,
          xCache: last.cache,
          summary: `${requests} proxy requests per run; X-Cache ${Object.entries(last.cache)
            .map(([state, n]) => `${state} ${n}`)
            .join(', ')}`,
        };
      },
    );
    return [figure];
  } finally {
    await server.close();
  }
}
