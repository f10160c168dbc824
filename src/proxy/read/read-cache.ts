/**
 * What the proxy keeps of widget reads, and for how long: 2xx answers for the
 * TTL, a GET's `404` for a short `notFoundTtl` (a page with a wrong id must not
 * cost an upstream call per view), and every entry for `staleIfError` more
 * after it expired, answered only when the fresh copy cannot be fetched (or,
 * for a composition's slot, while it is fetched again: read-path.ts).
 *
 * Entries live in this instance's memory and, when there is one, in a shared
 * {@link CacheStore} (the Web Cache API on Workers and Deno, or the user's):
 * memory answers first, so a hit this instance already has costs no round
 * trip, and an entry found in the shared store is copied into memory. A
 * shared store that fails never fails a read: it is then a miss.
 */
import type { ResolvedCacheOptions } from '../options.js';
import { MemoryStore, type CacheEntry, type CacheStore } from './store.js';
import type { WaitUntil } from './read-path.js';
import type { Answer } from './upstream.js';

export class ReadCache {
  readonly #memory: MemoryStore;
  readonly #shared: CacheStore | undefined;
  readonly #options: ResolvedCacheOptions;
  readonly #now: () => number;

  constructor(options: ResolvedCacheOptions, now: () => number) {
    this.#memory = new MemoryStore(options.max, now);
    this.#shared = options.store;
    this.#options = options;
    this.#now = now;
  }

  /** Seconds a 2xx answer stays fresh (for `Cache-Control: max-age`). */
  get ttlSeconds(): number {
    return Math.max(0, Math.floor(this.#options.ttl / 1000));
  }

  /** The fresh answer for `key`, if any. */
  async fresh(key: string): Promise<Answer | undefined> {
    const entry = await this.#entry(key);
    return entry && entry.freshUntil > this.#now() ? toAnswer(entry) : undefined;
  }

  /** The answer for `key` that expired less than `staleIfError` ms ago, if any. */
  async stale(key: string): Promise<Answer | undefined> {
    const entry = await this.#entry(key);
    return entry && entry.freshUntil <= this.#now() ? toAnswer(entry) : undefined;
  }

  /**
   * Keeps `answer` if it may be answered again; the proxy's own answers never
   * are, nor a composition that is stale, has parts missing, or was made
   * from a slot config being revalidated. Its body is
   * the one pages get, so the token was already scrubbed out of it. With
   * `waitUntil`, the shared store's write is handed to it and not waited for.
   */
  async store(key: string, method: string, answer: Answer, waitUntil?: WaitUntil): Promise<void> {
    if (!answer.upstream || answer.stale || answer.partial || answer.revalidating) return;
    const { ttl, notFoundTtl, staleIfError } = this.#options;
    let lifetime: number;
    if (answer.status >= 200 && answer.status < 300) lifetime = ttl;
    else if (answer.status === 404 && method === 'GET' && notFoundTtl > 0) lifetime = notFoundTtl;
    else return;
    const storedAt = this.#now();
    const { status, body, etag } = answer;
    const entry: CacheEntry = {
      answer: { status, body, etag },
      storedAt,
      freshUntil: storedAt + lifetime,
      staleUntil: storedAt + lifetime + staleIfError,
    };
    await this.#memory.put(key, entry);
    const write = this.#shared?.put(key, entry).catch(() => undefined);
    if (write && waitUntil) waitUntil(write);
    else await write;
  }

  /** The entry of `key` in memory, else in the shared store (then copied into memory). */
  async #entry(key: string): Promise<CacheEntry | undefined> {
    const local = await this.#memory.get(key);
    if (local || !this.#shared) return local;
    const shared = await this.#shared.get(key).catch(() => undefined);
    if (shared) await this.#memory.put(key, shared);
    return shared;
  }
}

/** A stored entry as the read path answers it: upstream's, as it was when stored. */
function toAnswer({ answer }: CacheEntry): Answer {
  return { ...answer, upstream: true };
}

/**
 * Whether a stale answer may stand in for `answer`: the proxy's own 502, 503
 * and 504 (unreachable, backing off, timeout) and upstream 5xx. Never a 4xx:
 * that is the API's real answer (and 499 is the caller's own leaving).
 */
export function failed(answer: Pick<Answer, 'status'>): boolean {
  return answer.status >= 500;
}
