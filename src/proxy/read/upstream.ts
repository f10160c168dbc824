/**
 * One call to upstream, turned into an {@link Answer}: never a rejection, so
 * that a coalesced call can be shared as is. Timeouts, network failures,
 * redirects, non-JSON bodies and rate limits become the proxy's own JSON
 * answers; JSON answers are relayed with the token scrubbed out and page links
 * rewritten. No upstream header is relayed: the proxy writes its own.
 */
import { MAX_UPSTREAM_BODY, readText, TooLarge } from '../http/body.js';
import type { UpstreamBackoff } from './backoff.js';
import type { UpstreamSlots } from './concurrency.js';
import { rewritePageLinks } from '../policy/scrub.js';
import { isObject } from '../policy/validate-body.js';

/** What the proxy answers for one call: a status and a JSON text (or none). */
export interface Answer {
  status: number;
  /** JSON text, or `null` for no body. */
  body: string | null;
  /** Seconds, for the proxy's own 503/504 answers. */
  retryAfter?: number;
  /** `true` when the status and body are upstream's (only those are cached). */
  upstream: boolean;
  /** Why the proxy answered itself (for the log). */
  note?: string;
  /** Strong ETag of `body`, set for GET answers. */
  etag?: string;
  /**
   * A composed answer (compose.ts) made in part of expired cache entries,
   * with the failure that made them stand in: answered, but never stored as
   * fresh nor sent to a CDN as fresh.
   */
  stale?: string;
  /**
   * A composed answer with parts left out because upstream failed for them,
   * naming those parts: answered, but not stored, so the next request tries
   * the parts again.
   */
  partial?: string;
  /**
   * A composed answer made from a slot config that had expired and is being
   * fetched again in the background: answered, but neither stored nor sent
   * to a CDN as fresh, so the next view composes from the revalidated config.
   */
  revalidating?: true;
}

/** What {@link callUpstream} needs from the proxy. */
export interface UpstreamContext {
  fetch: typeof fetch;
  timeout: number;
  backoff: UpstreamBackoff;
  /** The cap on calls in flight: every call takes a turn first. */
  slots: UpstreamSlots;
  scrub: (text: string) => string;
  upstream: URL;
  /**
   * Where page links point (ending with `/`): the configured public URL, or
   * the base path alone, so that a link never names a host a request chose.
   */
  publicBase: string;
}

export interface UpstreamRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

/** An answer the proxy makes itself (`{"detail": message}`), never cached; `note` says why, for the log. */
export const ownAnswer = (
  status: number,
  message: string,
  note: string,
  retryAfter?: number,
): Answer => ({
  status,
  body: JSON.stringify({ detail: message }),
  upstream: false,
  note,
  retryAfter,
});

/**
 * The upstream request of a route: its path under the upstream base, `query`, `body`
 * (JSON), and the token unless the route is public (a token page). The read path's calls
 * and the lexicon's listing are made the same way.
 */
export function routeRequest(
  ctx: UpstreamContext,
  token: string,
  route: { method: string; path: string; public?: boolean },
  query: URLSearchParams,
  body?: string,
): UpstreamRequest {
  const url = new URL(route.path.slice(1), ctx.upstream);
  url.search = query.toString();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (!route.public) headers.Authorization = `Token ${token}`;
  return { method: route.method, url, headers, body };
}

/** The proxy's own 503 while upstream is backing off, with `Retry-After`. */
export function busyAnswer(backoff: UpstreamBackoff): Answer {
  const seconds = Math.max(1, Math.ceil(backoff.remaining() / 1000));
  return ownAnswer(503, 'The API is busy; retry later.', 'backing off', seconds);
}

/**
 * Calls upstream with a timeout and `signal` (the caller's, or a shared
 * call's), once it has a turn among the calls in flight. The timeout starts
 * with the turn: a queued call waits at most the queue's `wait` more.
 */
export async function callUpstream(
  ctx: UpstreamContext,
  request: UpstreamRequest,
  signal?: AbortSignal,
): Promise<Answer> {
  const turn = await ctx.slots.acquire(signal);
  if (!turn.ok) {
    if (turn.reason === 'cancelled')
      return ownAnswer(499, 'The request was cancelled.', 'caller went away');
    const { retryAfter } = ctx.slots;
    return ownAnswer(503, 'The API is busy; retry later.', `upstream ${turn.reason}`, retryAfter);
  }
  try {
    return await exchange(ctx, request, signal);
  } finally {
    turn.release();
  }
}

/** The call itself: request, answer read in full, classified. */
async function exchange(
  ctx: UpstreamContext,
  request: UpstreamRequest,
  signal?: AbortSignal,
): Promise<Answer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ctx.timeout);
  const cancel = () => controller.abort(signal?.reason);
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  let response: Response;
  let text: string;
  try {
    response = await ctx.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
      // A redirect must not carry the token anywhere else.
      redirect: 'manual',
    });
    text = await readText(response.body, MAX_UPSTREAM_BODY);
  } catch (error) {
    if (timedOut)
      return ownAnswer(
        504,
        'The API did not answer in time.',
        `upstream timeout ${ctx.timeout} ms`,
      );
    if (signal?.aborted) return ownAnswer(499, 'The request was cancelled.', 'caller went away');
    if (error instanceof TooLarge)
      return ownAnswer(502, 'The API answered too large a body.', 'upstream body too large');
    return ownAnswer(502, 'The API could not be reached.', 'upstream unreachable');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
  return classify(ctx, response.status, response.headers.get('retry-after'), text);
}

function classify(
  ctx: UpstreamContext,
  status: number,
  retryAfter: string | null,
  text: string,
): Answer {
  if (status === 429 || (status === 503 && retryAfter !== null)) {
    const delay = ctx.backoff.limited(retryAfter);
    return ownAnswer(
      503,
      'The API is busy; retry later.',
      `upstream ${status}, backing off ${delay} ms`,
      Math.max(1, Math.ceil(delay / 1000)),
    );
  }
  if (status < 500) ctx.backoff.succeeded();
  if (status >= 300 && status < 400)
    return ownAnswer(502, 'The API answered a redirect.', 'redirect');
  // The only credential upstream sees is the proxy's: the page can do nothing about a 401.
  if (status === 401)
    return ownAnswer(502, 'The proxy is not authorised by the API.', 'token refused');
  if (text.trim() === '') {
    if (status >= 500) return ownAnswer(502, 'The API failed.', `upstream ${status}, empty`);
    return { status, body: null, upstream: true };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return ownAnswer(
      502,
      'The API answered something other than JSON.',
      `upstream ${status}, not JSON`,
    );
  }
  if (isObject(data)) rewritePageLinks(data, ctx.upstream, ctx.publicBase);
  return { status, body: ctx.scrub(JSON.stringify(data)), upstream: true };
}
