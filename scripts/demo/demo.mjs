// The demo's servers, shared by `npm start` (scripts/start.mjs) and the
// screenshots (scripts/demo/screenshots.mjs). One origin serves the pages (demo/ at
// `/`), the CDN build (dist/cdn/ at `/cdn/`) and two token-holding proxies:
//   /pubnet-api/  in front of the emulator of the API, as a publisher runs it;
//   /faulty-api/  in front of a second emulator that fails on purpose (demo/faults.html).
// demo/server-rendered.html has its widgets rendered into its HTML at request
// time, through /pubnet-api/ (`renderTags` of pubnet-widgets/render, in scripts/demo/demo-server.mjs).
// demo/price-comparison.html and demo/loan-offers.html each have one element printed
// into them as any server would from the proxy's `/render/` routes: `<!-- pubnet-render
// render/…/?… -->` is replaced by the HTML the proxy answers for that path
// (renderIncludes, below).
// Pages never hold a token: only the proxies do. Run after the build (dist/).
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { startEmulator, known } from '../../dist/emulator/index.js';
import { createProxy } from '../../dist/proxy/index.js';
import { serve } from '../../dist/node-adapter/serve.js';
import { chooseEncoding, createDemoHandler, MIN_COMPRESS_BYTES } from './demo-server.mjs';

const dir = (path) => fileURLToPath(new URL(path, import.meta.url));
const PROXY_PATH = '/pubnet-api/';
const FAULTY_PATH = '/faulty-api/';

/** A seeded `filter` slot of the second website (`list` layout), for the widget_code page. */

/** What the faulty emulator does instead of answering (see demo/faults.html). */
export const demoFaults = [
  // Every product search fails: product grids and filter slots get nothing.
  { method: 'POST', path: '/publisher/products/', kind: 'status', status: 500 },
  // The filter slot's config comes back as broken JSON.
  { method: 'GET', path: `/publisher/adslots/${known.filterAdslot}/`, kind: 'malformed' },
  // The manual slot's config never comes: the widget gives up after its 8 s deadline.
  { method: 'GET', path: `/publisher/adslots/${known.manualAdslot}/`, kind: 'hang' },
  // Tracking links answer with a gateway's HTML error page.
  { method: 'PUT', path: '/publisher/offers/*/tracking_link/', kind: 'html' },
];

/** The strict policy of demo/csp.html: everything from the page's origin, images also from the API's. */
export const strictCsp = (imageOrigin) =>
  "default-src 'self'; script-src 'self'; style-src 'self'; " +
  `img-src 'self' ${imageOrigin}; require-trusted-types-for 'script'`;

/** Pages that print the proxy's `/render/` HTML where they say `<!-- pubnet-render path -->`. */
const RENDER_INCLUDES = ['/price-comparison.html', '/loan-offers.html'];
const INCLUDE = /<!--\s*pubnet-render\s+(render\/\S+)\s*-->/g;
const quick = {
  br: (bytes) => promisify(brotliCompress)(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 6 }),
};

/**
 * `pages`, with the `<!-- pubnet-render render/…/?… -->` comments of the pages in
 * `paths` replaced by what `GET {api}render/…/?…` answers: the element rendered by
 * the proxy, as a PHP or any other server prints it (docs/render.md, "Any language").
 * Such a page is new on every request (`no-store`, compressed per request), as
 * demo-server.mjs sends its server-rendered pages; a render that is not ready says
 * so in `X-Pubnet-Render`, and the element then loads in the browser.
 */
function renderIncludes(pages, paths, api) {
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (!paths.includes(pathname) || !['GET', 'HEAD'].includes(request.method))
      return pages(request);
    const plain = new Headers(request.headers);
    plain.set('accept-encoding', 'identity');
    plain.delete('if-none-match');
    const page = await pages(new Request(request.url, { headers: plain }));
    if (!page.ok) return page;
    const html = await page.text();
    const started = performance.now();
    const states = [];
    const fragments = await Promise.all(
      [...html.matchAll(INCLUDE)].map(async ([, path]) => {
        const answer = await fetch(new URL(path.replaceAll('&amp;', '&'), api));
        states.push(answer.headers.get('x-pubnet-render') ?? `status ${answer.status}`);
        return answer.ok ? answer.text() : '';
      }),
    );
    let i = 0;
    const body = Buffer.from(html.replace(INCLUDE, () => fragments[i++]));
    const headers = {
      'content-type': page.headers.get('content-type'),
      'cache-control': 'no-store',
      'server-timing': `render;dur=${(performance.now() - started).toFixed(1)}`,
      vary: 'Accept-Encoding',
    };
    const partial = states.find((state) => !state.startsWith('ready'));
    if (partial) headers['x-pubnet-render'] = partial;
    let sent = body;
    const encoding = chooseEncoding(request.headers.get('accept-encoding'));
    if (encoding !== 'identity' && body.byteLength >= MIN_COMPRESS_BYTES) {
      sent = await quick[encoding](body);
      headers['content-encoding'] = encoding;
    }
    headers['content-length'] = String(sent.byteLength);
    return new Response(request.method === 'HEAD' ? null : sent, { headers });
  };
}

/** The preferred port, or any free one when it is taken (0: any free one). */
async function listen(start, port) {
  try {
    return await start(port);
  } catch (error) {
    if (error?.code !== 'EADDRINUSE' || port === 0) throw error;
    return start(0);
  }
}

/**
 * Starts the emulator, the faulty emulator, and the page server with both
 * proxies. Resolves with their URLs, the values filled into the pages, and
 * `close()`, which stops all three.
 * `mounts` serves more page folders beside demo/ (the bench's quick-start pages):
 * `{ prefix: '/quick-start/', root, values?, serverRendered? }`, where `values`
 * overrides the demo's own and `serverRendered` names pages below `prefix` ('/x.html').
 */
export async function startDemo({
  host = '127.0.0.1',
  port = 8000,
  emulatorPort = 8787,
  latency = 150,
  mounts = [],
} = {}) {
  const routes = { proxy: undefined, faulty: undefined, pages: undefined };
  const unready = async () => new Response('Starting…', { status: 503 });
  const demo = await listen(
    (p) =>
      serve(
        (request, info) => {
          const { pathname } = new URL(request.url);
          if (pathname.startsWith(PROXY_PATH)) return (routes.proxy ?? unready)(request, info);
          if (pathname.startsWith(FAULTY_PATH)) return (routes.faulty ?? unready)(request, info);
          for (const [prefix, handler] of routes.mounts ?? [])
            if (pathname.startsWith(prefix))
              return handler(new Request(request.url.replace(prefix, '/'), request));
          return (routes.pages ?? unready)(request);
        },
        { host, port: p },
      ),
    port,
  );
  const servers = [demo];
  try {
    // The ad slots' `widget_code` names this server's bundle, as a CDN URL would.
    const bundleUrl = new URL('cdn/pubnet.min.js', demo.url).href;
    const emulator = await listen(
      (p) => startEmulator({ host, port: p, latency, bundleUrl }),
      emulatorPort,
    );
    servers.push(emulator);
    const faulty = await startEmulator({ host, port: 0, latency, bundleUrl, faults: demoFaults });
    servers.push(faulty);

    const websites = [known.website.guid, known.websites.secondActive.guid];
    const proxy = (upstream, basePath, extra = {}) =>
      createProxy({
        token: upstream.emulator.token,
        upstream: upstream.url,
        basePath,
        websites,
        rateLimit: false,
        ...extra,
      });
    routes.proxy = proxy(emulator, PROXY_PATH);
    // No cache: every request meets its fault.
    routes.faulty = proxy(faulty, FAULTY_PATH, { cache: false });

    const api = new URL(PROXY_PATH, demo.url).href;
    const faultyApi = new URL(FAULTY_PATH, demo.url).href;
    const values = {
      api,
      faultyApi,
      bundle: bundleUrl,
      key: known.website.guid,
      secondKey: known.websites.secondActive.guid,
      emulator: emulator.url,
      filterAdslot: known.filterAdslot,
      manualAdslot: known.manualAdslot,
      emptyFilterAdslot: known.emptyFilterAdslot,
      secondSiteAdslot: known.secondSiteAdslot,
      polishAdslot: known.polishAdslot,
      offer: known.offers[0],
      secondOffer: known.offers[1],
      thirdOffer: known.offers[2],
      comparisonGtin: known.comparison.gtin,
      comparisonMpn: known.comparison.mpn,
      comparisonQuery: known.comparison.query,
      grinderMpn: known.comparison.mpnOnly.mpn,
    };
    const pages = createDemoHandler({
      root: dir('../../demo/'),
      cdn: dir('../../dist/cdn/'),
      values,
      headers: {
        '/csp.html': { 'content-security-policy': strictCsp(new URL(emulator.url).origin) },
      },
      serverRendered: ['/server-rendered.html'],
    });
    routes.pages = renderIncludes(pages, RENDER_INCLUDES, api);
    routes.mounts = mounts.map((mount) => [
      mount.prefix,
      createDemoHandler({
        root: mount.root,
        cdn: dir('../../dist/cdn/'),
        values: { ...values, ...mount.values },
        serverRendered: mount.serverRendered ?? [],
      }),
    ]);

    return {
      url: demo.url,
      api,
      faultyApi,
      emulator: emulator.url,
      faultyEmulator: faulty.url,
      values,
      close: () => Promise.all(servers.map((server) => server.close())).then(() => {}),
    };
  } catch (error) {
    await Promise.all(servers.map((server) => server.close()));
    throw error;
  }
}
