/**
 * A read's answer as the `Response` a page gets: CORS, caching and
 * conditional-request headers around the API's status and body (or 200 and
 * `X-Pubnet-Status` for an expected outcome, api-contract §14). A kept answer
 * (a cache entry's: a hit, or a stale copy) has its headers made once per
 * variant (http/represent.ts): they depend on nothing but the answer, its cache
 * state, the CORS variant and whether it is a read.
 */
import { OUTCOME_HEADER } from '../client/core.js';
import type { ProxyLogEntry } from './options.js';
import type { Answer } from './read/upstream.js';
import type { Cors } from './http/cors.js';
import { represent } from './http/represent.js';
import { BASE_HEADERS } from './http/respond.js';

/** How the read was answered, as the log and `X-Cache` say it. */
export type CacheState = ProxyLogEntry['cache'];

/** The function that makes a read's `Response`, for these CORS origins and this fresh `Cache-Control`. */
export function responder(cors: Cors, freshCacheControl: string) {
  return function toResponse(
    request: Request,
    origin: string | null,
    answer: Answer,
    state: CacheState,
    outcomes: readonly number[] = [],
  ): Promise<Response> | Response {
    const read = request.method === 'GET' || request.method === 'HEAD';
    const headers = () => {
      const all: Record<string, string> = { ...BASE_HEADERS, ...cors.headers(origin) };
      if (answer.body !== null) all['Content-Type'] = 'application/json';
      if (answer.retryAfter !== undefined) all['Retry-After'] = String(answer.retryAfter);
      if (state !== '-') all['X-Cache'] = state.toUpperCase();
      if (outcomes.includes(answer.status)) {
        // An expected outcome (api-contract §14): 200, the API's status beside it, kept nowhere.
        all[OUTCOME_HEADER] = String(answer.status);
        all['Cache-Control'] = 'no-store';
        return all;
      }
      const ok = answer.status >= 200 && answer.status < 300;
      if (!read || !ok || !answer.upstream) {
        all['Cache-Control'] = 'no-store';
        return all;
      }
      // A stale answer, or a composition with parts missing or made from a slot config
      // being revalidated, may be kept by a CDN only if it asks again before each use.
      const whole = state !== 'stale' && !answer.stale && !answer.partial && !answer.revalidating;
      all['Cache-Control'] = whole ? freshCacheControl : 'no-cache';
      if (answer.etag) all.ETag = answer.etag;
      return all;
    };
    const status = outcomes.includes(answer.status) ? 200 : answer.status;
    const kept =
      state === 'hit' || state === 'stale'
        ? { answer, variant: `${state} ${read ? 'read' : 'write'} ${cors.variant(origin)}` }
        : undefined;
    return represent(request, status, kept ? headers : headers(), answer.body, kept);
  };
}
