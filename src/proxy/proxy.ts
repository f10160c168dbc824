/**
 * The token-holding proxy: a web-standard `(Request) => Promise<Response>`
 * that forwards the widget routes of the publisher API (allow-list.ts) with
 * the publisher's token added, and answers everything else itself.
 *
 * Order of checks, cheapest and most protective first: base path, CORS
 * preflight, rate limit, allow-list, query and body checks with website
 * pinning, cache, upstream back-off, then one (coalesced) upstream call.
 * When that call (or the back-off) fails, an expired cache entry within the
 * stale-if-error window is answered instead (read-cache.ts).
 */
import { resolveRoute, type AllowedRoute } from './allow-list.js';
import { UpstreamBackoff } from './backoff.js';
import { MAX_REQUEST_BODY, readText, TooLarge } from './body.js';
import { Coalescer } from './coalesce.js';
import { Cors } from './cors.js';
import { etagOf, ifNoneMatch } from './etag.js';
import { resolveOptions, type ProxyLogEntry, type ProxyOptions } from './options.js';
import { clientIp, RateLimiter } from './rate-limit.js';
import { BASE_HEADERS, detail, json, notFound } from './respond.js';
import { failed, ReadCache } from './read-cache.js';
import { scrubber } from './scrub.js';
import { callUpstream, type Answer, type UpstreamContext } from './upstream.js';
import {
  canonicalJson,
  isHttpUrl,
  parseObject,
  pinWebsite,
  validateBody,
} from './validate-body.js';

/** What a runtime may tell the handler about the connection. */
export interface ConnectionInfo {
  /** The client's IP address (the socket's), used for the rate limit. */
  remoteAddress?: string;
}

/** A web-standard request handler (Node via src/node/serve.ts, Workers, Deno, Bun). */
export type ProxyHandler = (request: Request, info?: ConnectionInfo) => Promise<Response>;

type Outcome = { response: Response; cache: ProxyLogEntry['cache']; note?: string };

const FORBIDDEN_WEBSITE = 'This website key is not served by this proxy.';

/**
 * Creates the proxy handler. Its state (cache, rate-limit buckets, back-off)
 * lives in the returned function: create it once per process or isolate.
 * @throws TypeError naming the first invalid option.
 */
export function createProxy(options: ProxyOptions): ProxyHandler {
  const o = resolveOptions(options);
  const cache = o.cache ? new ReadCache(o.cache, o.now) : undefined;
  const flights = new Coalescer<Answer>();
  const limiter = o.rateLimit ? new RateLimiter(o.rateLimit, o.now) : undefined;
  const ipHeader = o.rateLimit ? o.rateLimit.ipHeader : undefined;
  const cors = new Cors(o.allowOrigins);
  const scrub = scrubber(o.token);
  const ctx: UpstreamContext = {
    fetch: o.fetch,
    timeout: o.timeout,
    backoff: new UpstreamBackoff(o.now),
    scrub,
    upstream: o.upstream,
  };
  const gridCacheControl = cache ? `public, max-age=${cache.ttlSeconds}` : 'no-cache';

  /** The answer as a Response, with CORS, caching and conditional-request headers. */
  function toResponse(request: Request, answer: Answer, state: Outcome['cache']): Response {
    const headers: Record<string, string> = {
      ...BASE_HEADERS,
      ...cors.headers(request.headers.get('origin')),
    };
    if (answer.body !== null) headers['Content-Type'] = 'application/json';
    if (answer.retryAfter !== undefined) headers['Retry-After'] = String(answer.retryAfter);
    if (state !== '-') headers['X-Cache'] = state.toUpperCase();
    const ok = answer.status >= 200 && answer.status < 300;
    if (request.method !== 'GET' || !ok || !answer.upstream) {
      headers['Cache-Control'] = 'no-store';
      return new Response(answer.body, { status: answer.status, headers });
    }
    // A stale answer may be kept by a CDN only if it asks again before each use.
    headers['Cache-Control'] = state === 'stale' ? 'no-cache' : gridCacheControl;
    // The cache key includes Accept-Language, so a CDN must too.
    headers.Vary = headers.Vary ? `${headers.Vary}, Accept-Language` : 'Accept-Language';
    if (answer.etag) headers.ETag = answer.etag;
    if (answer.etag && ifNoneMatch(request.headers.get('if-none-match'), answer.etag)) {
      delete headers['Content-Type'];
      return new Response(null, { status: 304, headers });
    }
    return new Response(answer.body, { status: answer.status, headers });
  }

  async function handle(request: Request, info: ConnectionInfo | undefined): Promise<Outcome> {
    const url = new URL(request.url);
    const origin = request.headers.get('origin');
    const own = (response: Response, note?: string): Outcome => {
      for (const [name, value] of Object.entries(cors.headers(origin)))
        response.headers.set(name, value);
      return { response, cache: '-', note };
    };
    if (!url.pathname.startsWith(o.basePath)) return own(notFound(), 'outside base path');
    const path = `/${url.pathname.slice(o.basePath.length)}`;

    if (request.method === 'OPTIONS') {
      const wanted = request.headers.get('access-control-request-method') ?? '';
      return { response: cors.preflight(origin, !!resolveRoute(wanted, path)), cache: '-' };
    }
    if (limiter) {
      const remote = typeof info?.remoteAddress === 'string' ? info.remoteAddress : undefined;
      const taken = limiter.take(clientIp(request, remote, ipHeader));
      if (!taken.ok)
        return own(
          detail(429, 'Too many requests; retry later.', { 'Retry-After': `${taken.retryAfter}` }),
          'rate limited',
        );
    }
    const route = resolveRoute(request.method, path);
    if (!route) return own(notFound(), 'not forwarded');

    const prepared = await prepare(request, url, route);
    if (prepared instanceof Response) return own(prepared, `refused ${prepared.status}`);
    const { query, body } = prepared;

    const target = new URL(route.path.slice(1), o.upstream);
    target.search = query.toString();
    const publicBase = o.publicUrl ?? `${url.origin}${o.basePath}`;
    const language = request.headers.get('accept-language');
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (language) headers['Accept-Language'] = language;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (!route.public) headers.Authorization = `Token ${o.token}`;
    const call = { method: route.method, url: target, headers, body, publicBase };

    if (!route.policy.cache) {
      if (ctx.backoff.remaining() > 0) return own(busy(), 'backing off');
      const answer = await callUpstream(ctx, call, request.signal);
      return { response: toResponse(request, answer, '-'), cache: '-', note: answer.note };
    }
    // One key per distinct upstream call and answer (the base URL is in page links).
    const key = [route.method, route.path, target.search, body ?? '', language ?? '', publicBase];
    const cacheKey = key.join('\n');
    const hit = cache?.fresh(cacheKey);
    if (hit) return { response: toResponse(request, hit, 'hit'), cache: 'hit' };
    /** The expired entry instead of a failure, if there is one young enough. */
    const stale = (note: string): Outcome | undefined => {
      const old = cache?.stale(cacheKey);
      if (!old) return undefined;
      return {
        response: toResponse(request, old, 'stale'),
        cache: 'stale',
        note: `stale: ${note}`,
      };
    };
    if (ctx.backoff.remaining() > 0) return stale('backing off') ?? own(busy(), 'backing off');

    const flight = flights.run(
      cacheKey,
      async (signal) => {
        const answer = await callUpstream(ctx, call, signal);
        const ok = answer.upstream && answer.status >= 200 && answer.status < 300;
        if (ok && route.method === 'GET' && answer.body !== null)
          answer.etag = await etagOf(answer.body);
        cache?.store(cacheKey, route.method, answer);
        return answer;
      },
      request.signal,
    );
    let answer: Answer;
    try {
      answer = await flight.promise;
    } catch {
      return own(detail(499, 'The request was cancelled.'), 'caller went away');
    }
    if (failed(answer)) {
      const old = stale(answer.note ?? `upstream ${answer.status}`);
      if (old) return old;
    }
    const state = flight.shared ? 'shared' : 'miss';
    return { response: toResponse(request, answer, state), cache: state, note: answer.note };
  }

  function busy(): Response {
    const seconds = Math.max(1, Math.ceil(ctx.backoff.remaining() / 1000));
    return detail(503, 'The API is busy; retry later.', { 'Retry-After': `${seconds}` });
  }

  /** The query and body to forward, checked and pinned, or the answer refusing them. */
  async function prepare(
    request: Request,
    url: URL,
    route: AllowedRoute,
  ): Promise<{ query: URLSearchParams; body?: string } | Response> {
    const { policy } = route;
    const query = new URLSearchParams();
    for (const name of policy.query) {
      const value = url.searchParams.get(name);
      if (value !== null) query.set(name, value);
    }
    if (route.key === 'offers.detect' && !isHttpUrl(query.get('url')))
      return json(400, { url: ['Enter an absolute http(s) URL.'] });
    if (policy.pin === 'key') {
      const pinned = pinWebsite(query.get('key'), o.websites);
      if (!pinned.ok) return detail(403, FORBIDDEN_WEBSITE);
      if (typeof pinned.value === 'string') query.set('key', pinned.value);
    }
    if (policy.pin === 'token' && !pinWebsite(route.params.token, o.websites).ok)
      return detail(403, FORBIDDEN_WEBSITE);
    query.sort();
    if (!policy.body) return { query };

    const length = Number(request.headers.get('content-length') ?? 0);
    if (length > MAX_REQUEST_BODY) return tooLarge();
    let text: string;
    try {
      text = await readText(request.body, MAX_REQUEST_BODY);
    } catch (error) {
      if (error instanceof TooLarge) return tooLarge();
      return json(400, { non_field_errors: ['The body could not be read.'] });
    }
    const parsed = parseObject(text.trim() === '' ? '{}' : text);
    if ('errors' in parsed) return json(400, parsed.errors);
    const checked = validateBody(policy.body, parsed.value);
    if (checked.errors) return json(400, checked.errors);
    const body = { ...checked.body };
    if (policy.pin === 'body') {
      const pinned = pinWebsite(body.website, o.websites);
      if (!pinned.ok) return detail(403, FORBIDDEN_WEBSITE);
      if (pinned.value !== undefined) body.website = pinned.value;
    }
    // Canonical JSON: key order does not change the cache key (nor the upstream call).
    return { query, body: canonicalJson(body) };
  }

  return async function proxy(request, info) {
    const started = performance.now();
    let outcome: Outcome;
    try {
      outcome = await handle(request, info);
    } catch {
      // Our own bug or an unreadable request: never echo the error, it could name anything.
      outcome = { response: detail(500, 'The proxy failed.'), cache: '-', note: 'internal error' };
    }
    if (o.onLog) {
      let path = '?';
      try {
        path = new URL(request.url).pathname;
      } catch {
        // keep '?'
      }
      const entry: ProxyLogEntry = {
        method: request.method,
        path: scrub(path),
        status: outcome.response.status,
        ms: Math.round(performance.now() - started),
        cache: outcome.cache,
      };
      if (outcome.note) entry.note = scrub(outcome.note);
      try {
        o.onLog(entry);
      } catch {
        // A failing logger must not turn a good answer into an error.
      }
    }
    return outcome.response;
  };
}

function tooLarge(): Response {
  return detail(413, `The body is larger than ${MAX_REQUEST_BODY} bytes.`);
}
