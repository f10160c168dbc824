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
/** The header a proxy carries the API's status in, when it answers an expected outcome 200. */
export const OUTCOME_HEADER = 'X-Pubnet-Status';

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
export function createCore(options: CoreOptions): Core {
  const base = normalizeBase(options.baseUrl);
  warnToken(options.token, options.origin, options.warn);
  const timeout = options.timeout ?? 1e4;
  const policy = retryPolicy(options.retry);
  const timers = { ...defaultTimers, ...options.timers };
  const share = createInflight();

  async function request(route: RouteDef, call: CoreCall = {}): Promise<unknown> {
    call.signal?.throwIfAborted();
    const { method, cacheable } = route;
    const url = call.url ?? buildUrl(base, route.path, call.params, call.query);
    const info = { method, url };
    const headers: Record<string, string> = { Accept: JSON_TYPE, ...options.headers };
    // `undefined` without a body
    const body = JSON.stringify(call.body) as string | undefined;
    if (body) headers['Content-Type'] = JSON_TYPE;
    if (options.token && !route.public) headers.Authorization = 'Token ' + options.token;
    const key = [method, url, headers.Authorization, body].join(' ');
    const store = cacheable ? options.cache : undefined;
    const hit = store?.get(key);
    if (hit !== undefined) return hit;
    const retried = policy.methods.includes(method) || route.idempotent;

    // One attempt: the caller's signal and the timeout both abort it
    // (`controller` aborted while the caller's signal is not: the timeout).
    const tryOnce = async (signal?: AbortSignal) => {
      signal?.throwIfAborted();
      const controller = new AbortController();
      const stop = () => controller.abort();
      const id = timeout && timers.setTimeout(stop, timeout);
      signal?.addEventListener('abort', stop);
      let response: Response;
      let text: string;
      try {
        response = await (options.fetch ?? fetch)(url, {
          method,
          headers,
          body,
          signal: controller.signal,
        });
        text = await response.text();
      } catch (error) {
        throw signal?.aborted
          ? signal.reason
          : controller.signal.aborted
            ? new TimeoutError(info, timeout as number)
            : new NetworkError(info, error);
      } finally {
        timers.clearTimeout(id);
        signal?.removeEventListener('abort', stop);
      }
      // A proxy answers an expected outcome (no offer, no link) 200, with the API's status
      // in X-Pubnet-Status (api-contract §14): read as the API's answer.
      const status = Number(response.headers.get(OUTCOME_HEADER)) || response.status;
      if (status < 200 || status > 299) throw httpError(info, response, text, status);
      try {
        return text ? JSON.parse(text) : undefined;
      } catch {
        throw new ParseError(info, response.status, text, response, 'Invalid JSON in response');
      }
    };

    const run = async (signal?: AbortSignal) => {
      for (let attempt = 0; ; attempt++) {
        let wait: number;
        try {
          const value = await tryOnce(signal);
          store?.set(key, value);
          return value;
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          wait = retried
            ? retryDelay(policy, error, attempt, timers.now(), options.random ?? Math.random)
            : -1;
          if (wait < 0) throw error;
        }
        await sleep(wait, timers, signal);
      }
    };
    return method == 'GET' || cacheable ? share(key, run, call.signal) : run(call.signal);
  }

  return { baseUrl: base, request } as Core;
}
