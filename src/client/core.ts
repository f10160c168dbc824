/**
 * The request core: what a request needs (URL, auth, typed errors, retries,
 * timeout, sharing of in-flight requests, the optional cache) and nothing
 * else, small enough for the CDN bundle. It takes a route object, not a key,
 * so a bundle that imports only `adslotsRoutes` leaves the rest of the table
 * out. `createClient` is built on it and adds option checks, validation of
 * calls, the token warning and the named helpers.
 */
import type { RouteDef } from './routes/route-def.js';
import type { ResponseCache } from './cache.js';
import { defaultTimers, sleep, type Timers } from './delay.js';
import { httpError, NetworkError, ParseError, TimeoutError } from './errors.js';
import { createInflight } from './inflight.js';
import { retryDelay, retryPolicy, type RetryInput } from './retry.js';
import { warnToken } from './token-warning.js';
import { buildUrl, normalizeBase, type Params, type Query } from './url.js';

/** A `fetch` as the client calls it. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** Options of {@link createCore} (`createClient` takes the same and checks them). */
export interface CoreOptions {
  /** The API (or proxy) base URL: absolute http(s), may have a path prefix. */
  baseUrl: string;
  /**
   * The publisher's secret API token, sent as `Authorization: Token …` (never
   * on `public` routes). Leave it out behind a proxy that holds the token.
   */
  token?: string;
  /** Default: the global `fetch`, looked up at call time. */
  fetch?: Fetch;
  /** Per-attempt timeout in ms (default 10 000); `false` for none. */
  timeout?: number | false;
  /** Retry policy (default: 2 retries of idempotent requests). */
  retry?: RetryInput;
  /** Extra headers for every request. */
  headers?: Record<string, string>;
  /** A cache for `cacheable` routes (see `createCache`); none by default. */
  cache?: ResponseCache;
  /** Injected clock and timers. */
  timers?: Partial<Timers>;
  /** Injected randomness for the backoff jitter (default `Math.random`). */
  random?: () => number;
  /** The page origin for the token warning (default `location.origin`; `null`: none). */
  origin?: string | null;
  /** Where the token warning goes (default `console.warn`). */
  warn?: (message: string) => void;
}

/** One call of a route. */
export interface CoreCall {
  params?: Params;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** An absolute URL to use instead of the route's (a `next` page). */
  url?: string;
}

/** The request core. */
export interface Core {
  /** The base URL with one trailing slash. */
  readonly baseUrl: string;
  /**
   * Calls `route` and resolves with its parsed JSON (`undefined` for an empty
   * body). Rejects with a `PubnetError` subclass, or with the signal's reason
   * when `signal` aborts (at any point, backoff waits included).
   *
   * GETs and `cacheable` routes with the same URL, auth and body share one
   * request while in flight; `cacheable` answers are kept in `options.cache`.
   */
  request<R extends RouteDef>(route: R, call?: CoreCall): Promise<R['res']>;
}

const JSON_TYPE = 'application/json';

/**
 * A request core for `options`. It checks `baseUrl` and warns once when a
 * token is used in a page off localhost; the other options are trusted
 * (`createClient` checks them all).
 * @throws TypeError naming `baseUrl` when it is not an absolute http(s) URL.
 */
export function createCore(o: CoreOptions): Core {
  const base = normalizeBase(o.baseUrl);
  warnToken(o.token, o.origin, o.warn);
  const timeout = o.timeout ?? 1e4;
  const policy = retryPolicy(o.retry);
  const t = { ...defaultTimers, ...o.timers };
  const share = createInflight();

  async function request(route: RouteDef, call: CoreCall = {}): Promise<unknown> {
    call.signal?.throwIfAborted();
    const { method, cacheable } = route;
    const url = call.url ?? buildUrl(base, route.path, call.params, call.query);
    const info = { method, url };
    const headers: Record<string, string> = { Accept: JSON_TYPE, ...o.headers };
    // `undefined` without a body
    const body = JSON.stringify(call.body) as string | undefined;
    if (body) headers['Content-Type'] = JSON_TYPE;
    if (o.token && !route.public) headers.Authorization = 'Token ' + o.token;
    const key = [method, url, headers.Authorization, body].join(' ');
    const store = cacheable ? o.cache : undefined;
    const hit = store?.get(key);
    if (hit !== undefined) return hit;
    const retried = policy.methods.includes(method) || route.idempotent;

    // One attempt: the caller's signal and the timeout both abort it (`c`
    // aborted while the caller's signal is not: the timeout).
    const attempt = async (signal?: AbortSignal) => {
      signal?.throwIfAborted();
      const c = new AbortController();
      const stop = () => c.abort();
      const id = timeout && t.setTimeout(stop, timeout);
      signal?.addEventListener('abort', stop);
      let res: Response;
      let text: string;
      try {
        res = await (o.fetch ?? fetch)(url, { method, headers, body, signal: c.signal });
        text = await res.text();
      } catch (e) {
        throw signal?.aborted
          ? signal.reason
          : c.signal.aborted
            ? new TimeoutError(info, timeout as number)
            : new NetworkError(info, e);
      } finally {
        t.clearTimeout(id);
        signal?.removeEventListener('abort', stop);
      }
      if (!res.ok) throw httpError(info, res, text);
      try {
        return text ? JSON.parse(text) : undefined;
      } catch {
        throw new ParseError(info, res.status, text, res, 'Invalid JSON in response');
      }
    };

    const run = async (signal?: AbortSignal) => {
      for (let n = 0; ; n++) {
        let wait: number;
        try {
          const value = await attempt(signal);
          store?.set(key, value);
          return value;
        } catch (e) {
          if (signal?.aborted) throw signal.reason;
          wait = retried ? retryDelay(policy, e, n, t.now(), o.random ?? Math.random) : -1;
          if (wait < 0) throw e;
        }
        await sleep(wait, t, signal);
      }
    };
    return method == 'GET' || cacheable ? share(key, run, call.signal) : run(call.signal);
  }

  return { baseUrl: base, request } as Core;
}
