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
//   `latency`, whatever the proxy does upstream;
// - `/pubnet-api-served/` and `/pubnet-api-served-near/`: the default cache,
//   composing, with the API latency and next to the API as above, on a clock
//   of the bench's (`expire()` moves it past the cache's lifetime): a slot the
//   proxy has served before (its config stored) but whose every entry has expired.
// Each proxy's requests and upstream calls are recorded (lib/proxy-timing.mjs,
// `stack.proxyRequests`), so a figure can say where its page's request went.
// Pages are served once per proxy: at `/` with `{{api}}` = `/pubnet-api/`, and at
// `/cached/`, `/forward/`, `/near/`, `/served/`, `/served-near/` with the other ones.
// `server-rendered.html` is rendered at request time: its widget tags become
// `renderAdslot`'s HTML, loaded by the server through the page's own `{{api}}`
// proxy (`renderTags` of pubnet-widgets/render, in scripts/demo/demo-server.mjs), before a byte is sent.
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDemoHandler } from '../../scripts/demo/demo-server.mjs';
import { proxyRecorder } from './proxy-timing.mjs';

const dir = (path) => fileURLToPath(new URL(path, import.meta.url));

/** Starts the emulator and the page origin; `close()` stops both. */
export async function startStack({ latency }) {
  // The built package (npm run build); imported here so that without it only
  // the figures that need it fail, with this reason.
  const { startEmulator, known } = await import('../../dist/emulator/index.js');
  const { createProxy } = await import('../../dist/proxy/index.js');
  const { serve } = await import('../../dist/node-adapter/serve.js');
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

  const recorder = proxyRecorder();
  // The clock of the `served` proxies: `expire()` moves it past their cache's lifetime.
  const ttl = 60_000;
  let clock = Date.now();
  const proxy = (path, { cache, compose, upstream = emulator, now } = {}) =>
    recorder.timed(
      path,
      createProxy({
        token: upstream.emulator.token,
        upstream: upstream.url,
        basePath: path,
        websites: [known.website.guid],
        cache,
        compose,
        rateLimit: false,
        fetch: recorder.fetch,
        onLog: recorder.onLog,
        now,
      }),
    );
  /** The proxy behind `latency` ms on the visitor's hop (it sees each request that late). */
  const afar = (handler) => async (request, info) => {
    await sleep(latency);
    return handler(request, info);
  };
  const served = { cache: { ttl }, now: () => clock };
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
        comparisonGtin: known.comparison.gtin,
        grinderMpn: known.comparison.mpnOnly.mpn,
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
      afar(proxy('/pubnet-api-near/', { cache: false, upstream: nearEmulator })),
    ],
    ['/pubnet-api-served/', proxy('/pubnet-api-served/', served)],
    [
      '/pubnet-api-served-near/',
      afar(proxy('/pubnet-api-served-near/', { ...served, upstream: nearEmulator })),
    ],
    mounted('cached'),
    mounted('forward'),
    mounted('near'),
    mounted('served'),
    mounted('served-near'),
    ['/', pages('/pubnet-api/')],
  ];

  return {
    origin,
    /**
     * The URL of a bench page, using the proxy `via`: `'cached'`, `'forward'`,
     * `'near'`, `'served'`, `'served-near'`, or none (`/pubnet-api/`); `cached: true`
     * is `via: 'cached'`.
     */
    page: (name, { cached = false, via = cached ? 'cached' : undefined } = {}) =>
      new URL(`${via ? `${via}/` : ''}${name}`, origin).href,
    emulator: emulator.emulator,
    known,
    latency,
    log,
    /** What each proxy handled (lib/proxy-timing.mjs), in order of arrival. */
    proxyRequests: recorder.requests,
    /** Expires every entry of the `served` proxies' caches (their clock moves past the TTL). */
    expire: () => {
      clock += ttl + 1;
    },
    close: () => Promise.all([server.close(), emulator.close(), nearEmulator.close()]),
  };
}
