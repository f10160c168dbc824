/**
 * The rendered HTML routes (api-contract §11): `/render/adslots/{uuid}/?key=&sid=&lang=`
 * and `/render/product-grid/?<attributes>&lang=` answer the element's HTML, rendered
 * with Lit SSR by src/render/, and `/render/styles/…` the CSS it links to.
 *
 * A render reads its data through the proxy itself, in process: its request
 * core calls the handler a page's JSON request reaches (`forward`), with the
 * client's identity, so the composed answer, the
 * cache, coalescing, stale-if-error, website pinning and the client's rate
 * limit apply exactly as for the JSON reads. It never answers an error page:
 * a render that fails is the collapsed element, `200`, `X-Pubnet-Render:
 * fallback; reason="…"`, cached briefly.
 *
 * What it writes names the proxy only as configured: the elements' `api` is
 * the public URL (without one, none: the page's own `data-api` applies) and
 * the stylesheet link is under the public URL, or the base path alone.
 * HEAD is answered without rendering: a kept render's headers, else plain ones.
 *
 * Lit SSR and the elements are loaded on the first request under `/render/`
 * (engine.ts): this module imports none of them, so a proxy that serves no
 * render never loads them.
 */
import type { RenderOptions } from '../../render/options.js';
import { BoundedLru, utf8Length } from '../lru.js';
import type { Cors } from '../http/cors.js';
import { etagOf } from '../http/etag.js';
import type { ResolvedCacheOptions } from '../options.js';
import {
  caching,
  renderAnswer,
  type Rendered,
  type RenderOutcome,
  type RenderRead,
} from './answer.js';
import { isRenderPath, isStylesheet, STYLES_PATH } from './paths.js';
import { BASE_HEADERS, detail, notFound } from '../http/respond.js';

export type { RenderOutcome } from './answer.js';

/** The proxy's handler for one request, unlogged: where a render reads its data. */
export type Forward = (request: Request) => Promise<RenderOutcome>;

/** What the render routes need from the proxy. */
export interface RenderContext {
  cors: Cors;
  /** Removes the token from a text. */
  scrub: (text: string) => string;
  /** `Cache-Control` of a whole, fresh JSON read (`no-cache` without a cache). */
  freshCacheControl: string;
  cache: ResolvedCacheOptions | false;
  now: () => number;
  /** The header the rate limit trusts for the client's address, passed on to the reads. */
  ipHeader: string | undefined;
  /** The longest one read may wait and then take upstream (ms): the cap's wait plus the timeout. */
  timeout: number;
  /** The configured public URL of the proxy (ending with `/`), if any. */
  publicUrl: string | undefined;
  /** The path the proxy is mounted under (`/…/`). */
  basePath: string;
  /** Where the handler answers in process (a fixed origin + the base path): the render's API. */
  localBase: string;
}

/**
 * How many ready fragments are kept in memory. Rendering a filter slot again
 * from cached JSON took 2 ms (its eight cards; up to 5 ms on busy cores), on
 * the thread that answers every request; answering a kept one 0.1 ms, about a
 * cached JSON read. They are large (26 KB: the answer travels along in
 * `data-answer`), hence the small bound.
 */
const KEPT_MAX = 100;
/**
 * And at most 8 MiB of them (the HTML as UTF-8, plus 256 B each), whatever
 * visitors ask to render (api-contract §13): a fragment of a 48-product grid
 * is about 150 KB, so the entry bound is the one that usually applies.
 */
const KEPT_MAX_BYTES = 8 * 1024 * 1024;

/** The render's own modules (Lit SSR), loaded once, on the first request that needs them. */
let engine: Promise<typeof import('./engine.js')> | undefined;
function loadEngine() {
  engine ??= import('./engine.js').catch((error: unknown) => {
    // Lit SSR not installed (an optional peer dependency) stays so until a restart.
    if (!ssrMissing(error)) engine = undefined;
    throw error;
  });
  return engine;
}

/**
 * Whether `error` is src/render/lit-ssr.ts's: `@lit-labs/ssr` is not installed.
 * Its message (ours, naming nothing of the request) says what to install.
 */
function ssrMissing(error: unknown): error is Error {
  return error instanceof Error && error.message.includes('npm install @lit-labs/ssr');
}

/** Whether the proxy has logged that Lit SSR is missing (once per process or isolate). */
let missingLogged = false;

/** The longest a CDN may keep a failed or incomplete render: the API may be back soon. */
const SHORT_MAX_AGE = 10;

export class RenderRoutes {
  readonly #context: RenderContext;
  readonly #kept: BoundedLru<Rendered> | undefined;
  readonly #ttl: number;
  readonly #short: string;

  constructor(context: RenderContext) {
    this.#context = context;
    const { cache } = context;
    // As long as the JSON it is made from.
    this.#kept = cache ? new BoundedLru(KEPT_MAX, KEPT_MAX_BYTES, context.now) : undefined;
    this.#ttl = cache ? cache.ttl : 0;
    this.#short = cache
      ? `public, max-age=${Math.min(SHORT_MAX_AGE, Math.floor(cache.ttl / 1000))}`
      : 'no-cache';
  }

  /** The ready fragments kept now (at most 100, 8 MiB). */
  get held(): { entries: number; bytes: number } {
    return { entries: this.#kept?.size ?? 0, bytes: this.#kept?.bytes ?? 0 };
  }

  /** Whether `path` belongs to the render routes (they answer for all of `/render/`). */
  static owns(path: string): boolean {
    return path.startsWith('/render/');
  }

  /** Whether `method` on `path` is one of the render routes. */
  static serves(method: string, path: string): boolean {
    return (method === 'GET' || method === 'HEAD') && (isRenderPath(path) || isStylesheet(path));
  }

  /** The answer to `request` for `path` (relative to the base path); `forward` answers its reads. */
  async answer(request: Request, path: string, forward: Forward): Promise<RenderOutcome> {
    const cors = this.#context.cors.headers(request.headers.get('origin'));
    const refusal = RenderRoutes.serves('GET', path)
      ? RenderRoutes.serves(request.method, path)
        ? undefined
        : detail(405, 'Method not allowed.', { Allow: 'GET, HEAD' })
      : notFound();
    if (refusal) {
      for (const [name, value] of Object.entries(cors)) refusal.headers.set(name, value);
      const note = refusal.status === 405 ? 'method not allowed' : 'not forwarded';
      return { response: refusal, cache: '-', note };
    }
    let loaded: Awaited<ReturnType<typeof loadEngine>>;
    try {
      loaded = await loadEngine();
    } catch (error) {
      if (!ssrMissing(error)) throw error;
      // JSON routes keep working; every render answers what to install, logged once.
      const response = detail(501, error.message, cors);
      const note = missingLogged ? 'render unavailable' : `render unavailable: ${error.message}`;
      missingLogged = true;
      return { response, cache: '-', note };
    }
    const { collapsedElement, isRenderedStylesheet, readCall, reasonOf, renderCall, stylesheet } =
      loaded;
    const call = readCall(path, new URL(request.url).searchParams);
    if (!call) {
      if (isRenderedStylesheet(path))
        return { response: await stylesheet(request, path, cors), cache: '-' };
      // The shape of a route or a stylesheet, but none the registry has.
      const response = notFound();
      for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
      return { response, cache: '-', note: 'not forwarded' };
    }

    const { freshCacheControl: fresh, scrub, localBase } = this.#context;
    // The HTML depends on the route and its query only (api-contract §12): its language is
    // `?lang=`, never the request's Accept-Language.
    const key = `${path}\n${call.search}`;
    // A refused query is never answered a kept render (its sorted parameters may be one's).
    const kept = call.refused ? undefined : this.#kept?.get(key);
    if (kept) {
      const how = { cacheControl: fresh, cache: 'hit' } as const;
      const answer = await renderAnswer(request, cors, kept, how, scrub);
      return { ...answer, note: 'render kept' };
    }
    // Refused parameters are known without rendering; anything else would have to render.
    if (request.method === 'HEAD' && !call.refused)
      return { response: headOnly(cors), cache: '-', note: 'head' };

    const reads: RenderRead[] = [];
    const fetch = async (url: string, init: RequestInit) => {
      // The render's core asks the local base; this same handler answers there.
      if (!url.startsWith(localBase)) throw new TypeError('not a URL of this proxy');
      const headers = new Headers(init.headers);
      const { ipHeader } = this.#context;
      const client = ipHeader && request.headers.get(ipHeader);
      if (ipHeader && client) headers.set(ipHeader, client);
      const inner = new Request(url, { ...init, headers });
      const outcome = await forward(inner);
      reads.push({ method: inner.method, outcome });
      return outcome.response;
    };

    let made: Omit<Rendered, 'etag'>;
    try {
      if (call.refused) throw new TypeError(call.refused);
      const options = this.#renderOptions(fetch, request.signal);
      const { html, state, reason } = await renderCall(call, options, this.#context.publicUrl);
      made = { html, state, reason };
    } catch (error) {
      // Parameters the render refuses (its TypeError), or the visitor went away.
      const reason = call.refused ?? reasonOf(error);
      made = { html: collapsedElement(call, this.#context.publicUrl), state: 'collapsed', reason };
    }
    const rendered: Rendered = { ...made, etag: await etagOf(made.html) };
    const how = caching(reads, rendered.state, { fresh, short: this.#short });
    if (how.keep) this.#kept?.set(key, rendered, utf8Length(key + rendered.html) + 256, this.#ttl);
    return await renderAnswer(request, cors, rendered, how, scrub);
  }

  /** How a render reads: with the proxy as its API, its data read through `fetch`. */
  #renderOptions(fetch: RenderOptions['fetch'], signal: AbortSignal): RenderOptions {
    const { publicUrl, basePath, localBase } = this.#context;
    return {
      api: localBase,
      fetch,
      styles: { stylesheets: (publicUrl ?? basePath) + STYLES_PATH },
      // Past the read's own limit, so that a stale copy answered at that limit still arrives.
      timeout: this.#context.timeout + 1000,
      signal,
    };
  }
}

/** HEAD of a render not kept: what GET would say without rendering it to find out the rest. */
function headOnly(cors: Record<string, string>): Response {
  const headers = {
    ...BASE_HEADERS,
    ...cors,
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
  };
  return new Response(null, { status: 200, headers });
}
