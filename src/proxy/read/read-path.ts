/**
 * The one read path of the proxy: a page's request for a widget route and
 * the proxy's own calls for a composed answer (compose.ts) both go through
 * {@link ReadPath.route}, so they share the cache entry, the call in flight,
 * the back-off and the stale copy of each read. {@link ReadPath.cached} is the
 * caching half on its own, which the composed answer uses with its own key.
 *
 * Order: fresh entry, upstream back-off (a stale entry, else 503), for a
 * revalidating read an expired entry (with one production started in the
 * background, see {@link ReadMode}), the client's rate limit (only when the read would start a new production: a
 * cached or shared answer costs nothing), one coalesced production (upstream
 * call, or composition; each upstream call waits for a turn under the
 * concurrency cap) stored when it may be, and a stale entry instead of a
 * failure, the cap's refusal included.
 */
import type { UpstreamBackoff } from './backoff.js';
import { createInflight } from '../../client/inflight.js';
import { etagOf } from '../http/etag.js';
import type { ProxyLogEntry } from '../options.js';
import type { RouteRead } from '../policy/prepare.js';
import type { Budget } from './rate-limit.js';
import { failed, type ReadCache, type WaitUntil } from './read-cache.js';
import {
  busyAnswer,
  callUpstream,
  ownAnswer,
  routeRequest,
  type Answer,
  type UpstreamContext,
} from './upstream.js';

/**
 * A read as the read path takes it: nothing of the request but the route,
 * query and body (api-contract §12), so nothing else can split the cache.
 */
export type ReadRequest = RouteRead;

/**
 * Who a read is made for: `budget`, the rate limit of that client (none: not
 * limited); `waitUntil`, where a shared-store write goes off the response path
 * (none: the read waits for it).
 */
export interface Caller {
  budget?: Budget;
  waitUntil?: WaitUntil;
}

/**
 * The caller's signal, or a function that gives it: made only when a read
 * must wait for a call (a cache hit never needs one, and a request's signal
 * costs as much to make as the rest of a hit).
 */
export type SignalSource = AbortSignal | (() => AbortSignal) | undefined;

const signalOf = (source: SignalSource) => (typeof source === 'function' ? source() : source);

/** An answer and the path it took (for `X-Cache` and the log). */
export interface Read {
  answer: Answer;
  cache: ProxyLogEntry['cache'];
  note?: string;
  /** An expired entry, answered while one call in the background fetches it again. */
  revalidating?: true;
}

/**
 * How a read may be answered. `revalidate`: an expired entry (within
 * `staleIfError`) is answered at once while one background call, not the
 * caller's, fetches it again; the slot read of a composition only, so a cold
 * view costs its parts' calls and not the slot's (api-contract §12).
 */
export interface ReadMode {
  revalidate?: boolean;
}

export class ReadPath {
  readonly #cache: ReadCache | undefined;
  readonly #upstream: UpstreamContext;
  readonly #token: string;
  /** The productions in flight, by key (the coalescer's own map, read to tell a join). */
  readonly #flights = new Map<string, unknown>();
  readonly #share = createInflight(this.#flights);

  constructor(cache: ReadCache | undefined, upstream: UpstreamContext, token: string) {
    this.#cache = cache;
    this.#upstream = upstream;
    this.#token = token;
  }

  get #backoff(): UpstreamBackoff {
    return this.#upstream.backoff;
  }

  /** The cache key of a route read: everything that makes the upstream call or its answer differ. */
  static key(read: ReadRequest): string {
    const { route, query, body } = read;
    const search = query.toString() ? `?${query}` : '';
    return [route.method, route.path, search, body ?? ''].join('\n');
  }

  /**
   * The fresh answer this instance holds in memory for `key`, without
   * waiting: what a hit needs, before anything else is made for the read.
   */
  hit(key: string): Answer | undefined {
    return this.#cache?.freshNow(key);
  }

  /**
   * A read of an allowed route: cached and coalesced when its policy says so,
   * always behind the back-off, for `caller`, revalidated in the background
   * when `mode` says so. Never rejects.
   */
  async route(
    read: ReadRequest,
    signal?: SignalSource,
    caller: Caller = {},
    mode: ReadMode = {},
  ): Promise<Read> {
    const { budget } = caller;
    const { route, query, body } = read;
    const produce = (signal?: AbortSignal) => {
      const request = routeRequest(this.#upstream, this.#token, route, query, body);
      // Charged when the call starts, so only a call this client made costs it a token.
      budget?.charge();
      return callUpstream(this.#upstream, request, signal);
    };

    if (!route.policy.cache) {
      // Events (stats): every call counts, so neither cached nor coalesced.
      if (this.#backoff.remaining() > 0)
        return { answer: this.busy(), cache: '-', note: 'backing off' };
      const admitted = budget?.admit();
      if (admitted && !admitted.ok) return ReadPath.limited(admitted.retryAfter);
      const answer = await produce(signalOf(signal));
      return { answer, cache: '-', note: answer.note };
    }
    const options = { ...caller, ...mode, heedBackoff: true };
    return this.cached(ReadPath.key(read), route.method, produce, signal, options);
  }

  /**
   * The answer stored under `key`, or the one `produce` makes (joined by
   * identical reads while it runs, stored when it may be), or, when that one
   * failed, the expired entry. `heedBackoff`: answer without producing while
   * upstream is backing off (a composition leaves that to its own reads).
   * `budget`: asked before starting a production, never before joining one;
   * `waitUntil`: the one that starts it takes the shared-store write (and a
   * background revalidation, see {@link ReadMode}).
   * Never rejects: a caller going away gets a 499 answer.
   */
  async cached(
    key: string,
    method: string,
    produce: (signal: AbortSignal) => Promise<Answer>,
    signal: SignalSource,
    { heedBackoff, budget, waitUntil, revalidate }: Caller & ReadMode & { heedBackoff: boolean },
  ): Promise<Read> {
    const cache = this.#cache;
    const hit = await cache?.fresh(key);
    if (hit) return { answer: hit, cache: 'hit' };
    /** The expired entry instead of a failure, if there is one young enough. */
    const stale = async (note: string): Promise<Read | undefined> => {
      const old = await cache?.stale(key);
      return old && { answer: old, cache: 'stale', note: `stale: ${note}` };
    };
    if (heedBackoff && this.#backoff.remaining() > 0)
      return (
        (await stale('backing off')) ?? { answer: this.busy(), cache: '-', note: 'backing off' }
      );
    /** Produces the answer of `key` and stores it when it may be kept. */
    const run = async (shared: AbortSignal) => {
      const answer = await produce(shared);
      const ok = answer.upstream && answer.status >= 200 && answer.status < 300;
      if (ok && method === 'GET' && answer.body !== null) answer.etag = await etagOf(answer.body);
      await cache?.store(key, method, answer, waitUntil);
      return answer;
    };
    const old = revalidate ? await cache?.stale(key) : undefined;
    if (old) {
      // Joins a production in flight, or starts one no caller's leaving can abort; a failure
      // is not stored, so the expired entry stays.
      const background = this.#share(key, run).then(
        () => undefined,
        () => undefined,
      );
      waitUntil?.(background);
      return { answer: old, cache: 'hit', note: 'revalidating', revalidating: true };
    }
    if (budget && !this.#flights.has(key)) {
      // Refused before anything starts, so no other caller can join (and share) the refusal.
      const admitted = budget.admit();
      if (!admitted.ok) return ReadPath.limited(admitted.retryAfter);
    }

    const shared = this.#flights.has(key);
    const flight = this.#share(key, run, signalOf(signal));
    let answer: Answer;
    try {
      answer = await flight;
    } catch {
      const left = 'caller went away';
      return { answer: ownAnswer(499, 'The request was cancelled.', left), cache: '-', note: left };
    }
    // A composition made of stale parts gives way to the last whole one, like a failure.
    if (failed(answer) || answer.stale) {
      const old = await stale(answer.stale ?? answer.note ?? `upstream ${answer.status}`);
      if (old) return old;
      if (answer.stale) return { answer, cache: 'stale', note: `stale: ${answer.stale}` };
    }
    const state = shared ? 'shared' : 'miss';
    return { answer, cache: state, note: answer.note };
  }

  /** The proxy's own 429 for a client over its rate, with `Retry-After`. */
  static limited(retryAfter: number): Read {
    const note = 'rate limited';
    const answer = ownAnswer(429, 'Too many requests; retry later.', note, retryAfter);
    return { answer, cache: '-', note };
  }

  /** The proxy's own 503 while upstream is backing off, with `Retry-After`. */
  busy(): Answer {
    return busyAnswer(this.#backoff);
  }
}
