/**
 * What the proxy keeps of widget reads, and for how long: 2xx answers for the
 * TTL, a GET's `404` for a short `notFoundTtl` (a page with a wrong id must not
 * cost an upstream call per view), and every entry for `staleIfError` more
 * after it expired, answered only when the fresh copy cannot be fetched.
 */
import { TtlLruCache } from './cache.js';
import type { CacheOptions } from './options.js';
import type { Answer } from './upstream.js';

export class ReadCache {
  readonly #entries: TtlLruCache<Answer>;
  readonly #notFoundTtl: number;

  constructor(options: Required<CacheOptions>, now: () => number) {
    this.#entries = new TtlLruCache(options.ttl, options.max, now, options.staleIfError);
    this.#notFoundTtl = options.notFoundTtl;
  }

  /** Seconds a 2xx answer stays fresh (for `Cache-Control: max-age`). */
  get ttlSeconds(): number {
    return this.#entries.ttlSeconds;
  }

  /** The fresh answer for `key`, if any. */
  fresh(key: string): Answer | undefined {
    return this.#entries.get(key);
  }

  /** The answer for `key` that expired less than `staleIfError` ms ago, if any. */
  stale(key: string): Answer | undefined {
    return this.#entries.getStale(key);
  }

  /**
   * Keeps `answer` if it may be answered again; the proxy's own answers never
   * are, nor a composition that is stale or has parts missing.
   */
  store(key: string, method: string, answer: Answer): void {
    if (!answer.upstream || answer.stale || answer.partial) return;
    if (answer.status >= 200 && answer.status < 300) this.#entries.set(key, answer);
    else if (answer.status === 404 && method === 'GET' && this.#notFoundTtl > 0)
      this.#entries.set(key, answer, this.#notFoundTtl);
  }
}

/**
 * Whether a stale answer may stand in for `answer`: the proxy's own 502, 503
 * and 504 (unreachable, backing off, timeout) and upstream 5xx. Never a 4xx:
 * that is the API's real answer (and 499 is the caller's own leaving).
 */
export function failed(answer: Pick<Answer, 'status'>): boolean {
  return answer.status >= 500;
}
