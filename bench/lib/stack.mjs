// The servers a bench page talks to, all on loopback, as `npm start` runs them
// (scripts/start.mjs): one origin serving bench/pages/ and the CDN build, with
// the token-holding proxy mounted on the same origin, in front of the API
// emulator with injected latency.
//
// Two proxies are mounted, so that each figure can say which one it used:
// - `/pubnet-api/`: no cache (`cache: false`): what the widgets themselves ask for;
// - `/pubnet-api-cached/`: the default cache, as a publisher deploys it.
// Pages are served twice: at `/` with `{{api}}` = the uncached proxy, and at
// `/cached/` with `{{api}}` = the cached one.
import { fileURLToPath } from 'node:url';
import { createDemoHandler } from '../../scripts/demo-server.mjs';

const dir = (path) => fileURLToPath(new URL(path, import.meta.url));

/** Starts the emulator and the page origin; `close()` stops both. */
export async function startStack({ latency }) {
  // The built package (npm run build); imported here so that without it only
  // the figures that need it fail, with this reason.
  const { startEmulator, known } = await import('../../dist/emulator/index.js');
  const { createProxy } = await import('../../dist/proxy/index.js');
  const { serve } = await import('../../dist/node/serve.js');
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', latency });
  // Every request the page origin received, to tell what the HTTP cache answered.
  const log = [];
  let routes = [];
  const server = await serve(
    (request, info) => {
      const { pathname } = new URL(request.url);
      log.push({ method: request.method, path: pathname, at: Date.now() });
      const [, handler] = routes.find(([prefix]) => pathname.startsWith(prefix));
      return handler(request, info);
    },
    { port: 0, host: '127.0.0.1' },
  );
  const origin = server.url; // ends with '/'

  const proxy = (path, cache) =>
    createProxy({
      token: emulator.emulator.token,
      upstream: emulator.url,
      basePath: path,
      websites: [known.website.guid],
      cache,
      rateLimit: false,
    });
  const pages = (api) =>
    createDemoHandler({
      root: dir('../pages/'),
      cdn: dir('../../dist/cdn/'),
      values: {
        api: new URL(api, origin).href,
        key: known.website.guid,
        filterAdslot: known.filterAdslot,
        manualAdslot: known.manualAdslot,
        bannerAdslot: known.bannerAdslot,
        offer0: known.offers[0],
        offer1: known.offers[1],
        offer2: known.offers[2],
      },
    });
  const plainPages = pages('/pubnet-api/');
  const cachedPages = pages('/pubnet-api-cached/');
  routes = [
    ['/pubnet-api/', proxy('/pubnet-api/', false)],
    ['/pubnet-api-cached/', proxy('/pubnet-api-cached/', undefined)],
    // `/cached/x.html` is `/x.html` with the cached proxy as its `{{api}}`.
    ['/cached/', (request) => cachedPages(new Request(request.url.replace('/cached/', '/')))],
    ['/', plainPages],
  ];

  return {
    origin,
    /** The URL of a bench page; `cached: true` for the one using the cached proxy. */
    page: (name, { cached = false } = {}) =>
      new URL(`${cached ? 'cached/' : ''}${name}`, origin).href,
    emulator: emulator.emulator,
    known,
    latency,
    log,
    close: () => Promise.all([server.close(), emulator.close()]),
  };
}
