// The servers a bench page talks to, all on loopback, as `npm start` runs them
// (scripts/start.mjs): one origin serving bench/pages/ and the CDN build, with
// the token-holding proxy mounted on the same origin, in front of the API
// emulator with injected latency.
//
// Several proxies are mounted, so that each figure can say which one it used:
// - `/pubnet-api/`: no cache (`cache: false`), composing (the default): what the
//   widgets themselves ask for, each slot's answer composed afresh;
// - `/pubnet-api-forward/`: no cache, `compose: false`: a proxy that only
//   forwards, so a slot costs the widget its second round trip (config, then search);
// - `/pubnet-api-cached/`: the default cache, composing, as a publisher deploys it;
// - `/pubnet-api-near/`: no cache, composing, with the latency moved to the
//   visitor's side: every request waits `latency` ms before the proxy sees it,
//   and the proxy calls a second emulator without latency (an API next to the
//   proxy). The one round trip of a composed slot then costs the page
//   `latency`, whatever the proxy does upstream.
// Pages are served once per proxy: at `/` with `{{api}}` = `/pubnet-api/`, and at
// `/cached/`, `/forward/`, `/near/` with the other ones.
// `server-rendered.html` is rendered at request time: its widget tags become
// `renderAdslot`'s HTML, loaded by the server through the page's own `{{api}}`
// proxy (`renderTags` of pubnet-widgets/render, in scripts/demo-server.mjs), before a byte is sent.
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
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
  // The API next to the proxy of `/pubnet-api-near/` (same seed, so the same ids).
  const nearEmulator = await startEmulator({ port: 0, host: '127.0.0.1', latency: 0 });
  // Every request the page origin received (with the proxy's X-Cache), to tell
  // what the HTTP cache answered and what went upstream.
  const log = [];
  let routes = [];
  const server = await serve(
    async (request, info) => {
      const { pathname } = new URL(request.url);
      const entry = { method: request.method, path: pathname, at: Date.now() };
      log.push(entry);
      const [, handler] = routes.find(([prefix]) => pathname.startsWith(prefix));
      const response = await handler(request, info);
      entry.cache = response.headers.get('x-cache') ?? undefined;
      return response;
    },
    { port: 0, host: '127.0.0.1' },
  );
  const origin = server.url; // ends with '/'

  const proxy = (path, { cache, compose, upstream = emulator } = {}) =>
    createProxy({
      token: upstream.emulator.token,
      upstream: upstream.url,
      basePath: path,
      websites: [known.website.guid],
      cache,
      compose,
      rateLimit: false,
    });
  const near = proxy('/pubnet-api-near/', { cache: false, upstream: nearEmulator });
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
      serverRendered: ['/server-rendered.html'],
    });
  /** `/<name>/x.html` is `/x.html` with `/pubnet-api-<name>/` as its `{{api}}`. */
  const mounted = (name) => {
    const handler = pages(`/pubnet-api-${name}/`);
    return [`/${name}/`, (request) => handler(new Request(request.url.replace(`/${name}/`, '/')))];
  };
  routes = [
    ['/pubnet-api/', proxy('/pubnet-api/', { cache: false })],
    ['/pubnet-api-forward/', proxy('/pubnet-api-forward/', { cache: false, compose: false })],
    ['/pubnet-api-cached/', proxy('/pubnet-api-cached/')],
    [
      '/pubnet-api-near/',
      async (request, info) => {
        await sleep(latency);
        return near(request, info);
      },
    ],
    mounted('cached'),
    mounted('forward'),
    mounted('near'),
    ['/', pages('/pubnet-api/')],
  ];

  return {
    origin,
    /**
     * The URL of a bench page, using the proxy `via`: `'cached'`, `'forward'`,
     * `'near'`, or none (`/pubnet-api/`); `cached: true` is `via: 'cached'`.
     */
    page: (name, { cached = false, via = cached ? 'cached' : undefined } = {}) =>
      new URL(`${via ? `${via}/` : ''}${name}`, origin).href,
    emulator: emulator.emulator,
    known,
    latency,
    log,
    close: () => Promise.all([server.close(), emulator.close(), nearEmulator.close()]),
  };
}
