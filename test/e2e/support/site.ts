// The publisher's site for the e2e tests, on one origin (127.0.0.1, port 0):
//   /<page>.html         plain HTML pages of test/e2e/pages/ ({{name}} filled in)
//   /strict/<page>.html  the same pages, with a strict CSP and Trusted Types
//   /cdn/                the built bundle (dist/cdn/), and /cdn/other/pubnet.min.js:
//                        the same bundle with another version string
//   /api/                the token-holding proxy, in front of an emulator of the API
//   /images/, /click/    the emulator's images and tracking domain
//   /pkg/                the project folder (dist/, node_modules/) for the npm build
//   /watch.js            test/e2e/pages/watch.js: what a page records of itself for the
//                        tests (support/watch.ts), in every engine
// The emulator runs in-process behind the proxy and sees this origin as its
// own, so its image and click URLs are on it too: CSP 'self' covers the
// bundle, the API and every image, and the header can be exactly the strict one.
import { fileURLToPath } from 'node:url';
import { createEmulator, known, type Emulator } from '../../../src/emulator/index.js';
import { createProxy } from '../../../src/proxy/index.js';
import { serve, type ConnectionInfo } from '../../../src/node-adapter/serve.js';
import { createDemoHandler } from '../../../scripts/demo/demo-server.mjs';
import { readBundle, withVersion } from './bundle.js';

export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; require-trusted-types-for 'script'";
export const OTHER_VERSION = '9.9.9-other';
/**
 * The API token the proxy holds: long and unusual, so finding it anywhere the page can see
 * means a leak; with characters that URL-encoding changes, so an encoded copy differs.
 */
export const TOKEN = 'e2e-Token/Never+Shown=7c41d9b3';

export interface Site {
  /** Origin with a trailing slash, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  /** Paths (with query) of every request the site got, oldest first. */
  requests: string[];
  /** The emulator behind the proxy: its request log, faults and token. */
  emulator: Emulator;
  /** Serves `html` at `path` (pages built from API answers, like `widget_code`). */
  page(path: string, html: string): void;
  /** Answers `path` with `respond()` (a page streamed in parts, for example). */
  route(path: string, respond: () => Response): void;
  /**
   * Holds every request whose path (under `/strict/` too) starts with `prefix`
   * until `release()`, then answers it as usual: a script or stylesheet that
   * arrives late, or an API that never answers, in any engine (the server does
   * it, not the browser's driver). Closing the site releases what it holds.
   */
  hold(prefix: string): Hold;
  /**
   * An API answer straight from the emulator, with the token (as the publisher's server has):
   * a GET, or a POST of `body` when there is one.
   */
  api<T>(path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export interface Hold {
  /** Requests held so far (path and query), in the order they came. */
  readonly held: string[];
  /** Answers the held requests, and lets later ones through. */
  release(): void;
}

const html = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
const js = { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' };

export async function startSite(): Promise<Site> {
  const bundle = readBundle(); // fails first, and clearly, without a build
  const other = withVersion(bundle, OTHER_VERSION);
  const routes = new Map<string, () => Response>();
  const values: Record<string, string> = {
    key: known.website.guid,
    secondKey: known.websites.secondActive.guid,
    filterAdslot: known.filterAdslot,
    manualAdslot: known.manualAdslot,
    offer: known.offers[0],
    merchantUrl: known.merchantUrl,
  };
  const project = createDemoHandler({
    root: fileURLToPath(new URL('../../..', import.meta.url)),
    cdn: fileURLToPath(new URL('../../../dist/cdn', import.meta.url)),
    values: {},
  });
  const files = createDemoHandler({
    root: fileURLToPath(new URL('../pages', import.meta.url)),
    cdn: fileURLToPath(new URL('../../../dist/cdn', import.meta.url)),
    values,
  });

  // Set once the server listens: the emulator's widget_code names this site's bundle.
  const api: {
    emulator?: Emulator;
    proxy?: (request: Request, info?: ConnectionInfo) => Promise<Response>;
  } = {};

  const holds = new Set<{
    prefix: string;
    held: string[];
    released: Promise<void>;
    release(): void;
  }>();

  async function route(request: Request, info: ConnectionInfo): Promise<Response> {
    const { pathname, search } = new URL(request.url);
    for (const hold of holds)
      if (pathname.startsWith(hold.prefix)) {
        hold.held.push(pathname + search);
        await hold.released;
      }
    if (pathname.startsWith('/api/') && api.proxy) return api.proxy(request, info);
    if (/^\/(images|click|landing)\//.test(pathname) && api.emulator)
      return api.emulator.fetch(request);
    if (pathname === '/favicon.ico') return new Response(null, { status: 204 });
    if (pathname === '/cdn/other/pubnet.min.js') return new Response(other, { headers: js });
    if (pathname.startsWith('/pkg/')) {
      const url = new URL(request.url);
      url.pathname = pathname.slice('/pkg'.length);
      return project(new Request(url));
    }
    const respond = routes.get(pathname);
    if (respond) return respond();
    return files(request);
  }

  const requests: string[] = [];
  async function handle(request: Request, info: ConnectionInfo): Promise<Response> {
    const url = new URL(request.url);
    requests.push(url.pathname + url.search);
    if (!url.pathname.startsWith('/strict/')) return route(request, info);
    url.pathname = url.pathname.slice('/strict'.length);
    const response = await route(new Request(url, request), info);
    const strict = new Response(response.body, response);
    strict.headers.set('content-security-policy', STRICT_CSP);
    return strict;
  }

  const server = await serve(handle, { host: '127.0.0.1', port: 0 });
  const origin = new URL(server.url).origin + '/';
  values.origin = origin;
  values.api = `${origin}api/`;
  const emu = createEmulator({ bundleUrl: `${origin}cdn/pubnet.min.js`, token: TOKEN });
  api.emulator = emu;
  api.proxy = createProxy({
    token: emu.token,
    upstream: origin,
    fetch: (input, init) => emu.fetch(new Request(input, init)),
    websites: [known.website.guid, known.websites.secondActive.guid],
    basePath: '/api/',
    rateLimit: false,
  });

  return {
    url: origin,
    requests,
    emulator: emu,
    page: (path, body) => void routes.set(path, () => new Response(body, { headers: html })),
    route: (path, respond) => void routes.set(path, respond),
    hold(prefix) {
      let resolve = () => {};
      const released = new Promise<void>((done) => (resolve = done));
      const hold = {
        prefix,
        held: [] as string[],
        released,
        release() {
          holds.delete(hold);
          resolve();
        },
      };
      holds.add(hold);
      return hold;
    },
    async api<T>(path: string, body?: unknown): Promise<T> {
      const headers = { authorization: `Token ${emu.token}`, accept: 'application/json' };
      const request =
        body === undefined
          ? new Request(new URL(path, origin), { headers })
          : new Request(new URL(path, origin), {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
      const response = await emu.fetch(request);
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return (await response.json()) as T;
    },
    close() {
      for (const hold of [...holds]) hold.release();
      return server.close();
    },
  };
}
