/**
 * The rendered HTML routes (api-contract §11): `/render/adslots/{uuid}/?key=&sid=`
 * and `/render/product-grid/?<attributes>` answer the element's HTML, rendered
 * with Lit SSR by src/render/, and `/render/styles/…` the CSS it links to.
 *
 * A render reads its data through the proxy itself, in process: its request
 * core calls the handler a page's JSON request reaches (`forward`), with the
 * page's language and the client's identity, so the composed answer, the
 * cache, coalescing, stale-if-error, website pinning and the client's rate
 * limit apply exactly as for the JSON reads. It never answers an error page:
 * a render that fails is the collapsed element, `200`, `X-Pubnet-Render:
 * fallback; reason="…"`, cached briefly.
 */
import { renderAdslot } from '../../render/adslot.js';
import { reasonOf, type RenderOptions } from '../../render/options.js';
import { renderProductGrid } from '../../render/product-grid.js';
import { TtlLruCache } from '../read/index.js';
import type { Cors } from '../http/index.js';
import { etagOf } from '../http/index.js';
import type { ResolvedCacheOptions } from '../options.js';
import {
  caching,
  renderAnswer,
  type Rendered,
  type RenderOutcome,
  type RenderRead,
} from './answer.js';
import { collapsedElement, isRenderPath, readCall, type RenderCall } from './query.js';
import { isStylesheet, STYLES_PATH, stylesheet } from './styles.js';
import { notFound } from '../http/index.js';

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
}

/**
 * How many ready fragments are kept in memory. Rendering a filter slot again
 * from cached JSON took 2 ms (its eight cards; up to 5 ms on busy cores), on
 * the thread that answers every request; answering a kept one 0.1 ms, about a
 * cached JSON read. They are large (26 KB: the answer travels along in
 * `data-answer`), hence the small bound.
 */
const KEPT_MAX = 100;

/** The longest a CDN may keep a failed or incomplete render: the API may be back soon. */
const SHORT_MAX_AGE = 10;

export class RenderRoutes {
  readonly #context: RenderContext;
  readonly #kept: TtlLruCache<Rendered> | undefined;
  readonly #short: string;

  constructor(context: RenderContext) {
    this.#context = context;
    const { cache } = context;
    // As long as the JSON it is made from.
    this.#kept = cache ? new TtlLruCache(cache.ttl, KEPT_MAX, context.now) : undefined;
    this.#short = cache
      ? `public, max-age=${Math.min(SHORT_MAX_AGE, Math.floor(cache.ttl / 1000))}`
      : 'no-cache';
  }

  /** Whether `path` belongs to the render routes (they answer for all of `/render/`). */
  static owns(path: string): boolean {
    return path.startsWith('/render/');
  }

  /** Whether `method` on `path` is one of the render routes. */
  static serves(method: string, path: string): boolean {
    return (method === 'GET' || method === 'HEAD') && (isRenderPath(path) || isStylesheet(path));
  }

  /**
   * The answer to `request` for `path` (relative to the base path).
   * `publicBase`: the proxy's public URL; `localBase`: the same place as this
   * request reached it, where `forward` answers.
   */
  async answer(
    request: Request,
    path: string,
    { publicBase, localBase }: { publicBase: string; localBase: string },
    forward: Forward,
  ): Promise<RenderOutcome> {
    const cors = this.#context.cors.headers(request.headers.get('origin'));
    if (!RenderRoutes.serves(request.method, path)) {
      const response = notFound();
      for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
      return { response, cache: '-', note: 'not forwarded' };
    }
    const call = readCall(path, new URL(request.url).searchParams);
    if (!call) return { response: await stylesheet(request, path, cors), cache: '-' };

    const { freshCacheControl: fresh, scrub } = this.#context;
    const language = request.headers.get('accept-language');
    const key = [path, call.search, language ?? '', publicBase].join('\n');
    const kept = this.#kept?.get(key);
    if (kept) {
      const answer = renderAnswer(
        request,
        cors,
        kept,
        { cacheControl: fresh, cache: 'hit' },
        scrub,
      );
      return { ...answer, note: 'render kept' };
    }

    const reads: RenderRead[] = [];
    const fetch = async (url: string, init: RequestInit) => {
      // The render's core asks the public base; this same handler answers there.
      if (!url.startsWith(publicBase)) throw new TypeError('not a URL of this proxy');
      const headers = new Headers(init.headers);
      if (language) headers.set('accept-language', language);
      const { ipHeader } = this.#context;
      const client = ipHeader && request.headers.get(ipHeader);
      if (ipHeader && client) headers.set(ipHeader, client);
      const inner = new Request(localBase + url.slice(publicBase.length), { ...init, headers });
      const outcome = await forward(inner);
      reads.push({ method: inner.method, outcome });
      return outcome.response;
    };

    let made: Omit<Rendered, 'etag'>;
    try {
      if (call.refused) throw new TypeError(call.refused);
      const { html, state, reason } = await this.#render(call, publicBase, fetch, request.signal);
      made = { html, state, reason };
    } catch (error) {
      // Parameters the render refuses (its TypeError), or the visitor went away.
      const reason = call.refused ?? reasonOf(error);
      made = { html: collapsedElement(call, publicBase), state: 'collapsed', reason };
    }
    const rendered: Rendered = { ...made, etag: await etagOf(made.html) };
    const how = caching(reads, rendered.state, { fresh, short: this.#short });
    if (how.keep) this.#kept?.set(key, rendered);
    return renderAnswer(request, cors, rendered, how, scrub);
  }

  /** Renders `call` with the proxy as its API, its data read through `fetch`. */
  #render(
    call: RenderCall,
    publicBase: string,
    fetch: RenderOptions['fetch'],
    signal: AbortSignal,
  ) {
    const options: RenderOptions = {
      api: publicBase,
      fetch,
      styles: { stylesheets: publicBase + STYLES_PATH },
      // Past the read's own limit, so that a stale copy answered at that limit still arrives.
      timeout: this.#context.timeout + 1000,
      signal,
    };
    const { key, sid } = call.parameters;
    if (call.tag === 'pubnet-adslot')
      return renderAdslot({
        ...options,
        adslot: call.adslot!,
        // An empty key is no key, as on the JSON route.
        key: key || undefined,
        sid,
        attributes: { api: publicBase },
      });
    return renderProductGrid({ ...call.parameters, api: publicBase }, options);
  }
}
