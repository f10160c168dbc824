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
 *
 * Bounded whatever visitors send (api-contract §13): memory holds at most
 * `max` entries and `maxBytes` bytes, and an answer over
 * {@link MAX_KEPT_ANSWER} is served but kept nowhere.
 */
import type { ResolvedCacheOptions } from '../options.js';
import { utf8Length } from '../lru.js';
import { MemoryStore, type CacheEntry, type CacheStore } from './store.js';
import type { Answer } from './upstream.js';

/** Hands a promise to the runtime to finish after the response is sent (Workers' `ctx.waitUntil`). */
export type WaitUntil = (promise: Promise<unknown>) => void;

/** The largest answer body kept (64 KiB as UTF-8, api-contract §13); larger ones are only served. */
export const MAX_KEPT_ANSWER = 64 * 1024;

/** Whether `body` is small enough to keep ({@link MAX_KEPT_ANSWER}). */
export function keepable(body: string | null): boolean {
  if (body === null) return true;
  // UTF-8 takes at least one byte per UTF-16 unit: a longer text is over without counting.
  return body.length <= MAX_KEPT_ANSWER && utf8Length(body) <= MAX_KEPT_ANSWER;
}

export class ReadCache {
  readonly #memory: MemoryStore;
  readonly #shared: CacheStore | undefined;
  readonly #options: ResolvedCacheOptions;
  readonly #now: () => number;
  /**
   * Each entry's answer, one object for as long as the entry lives: what is
   * made for it once (its headers and encodings, represent.ts) is found again.
   */
  readonly #answers = new WeakMap<CacheEntry, Answer>();

  constructor(options: ResolvedCacheOptions, now: () => number) {
    this.#memory = new MemoryStore(options.max, options.maxBytes, now);
    this.#shared = options.store;
    this.#options = options;
    this.#now = now;
  }

  /** Seconds a 2xx answer stays fresh (for `Cache-Control: max-age`). */
  get ttlSeconds(): number {
    return Math.max(0, Math.floor(this.#options.ttl / 1000));
  }

  /** What memory holds now: entries and bytes (bounded by `max` and `maxBytes`). */
  get held(): { entries: number; bytes: number } {
    return { entries: this.#memory.size, bytes: this.#memory.bytes };
  }

  /** The fresh answer for `key`, if any. */
  async fresh(key: string): Promise<Answer | undefined> {
    const entry = await this.#entry(key);
    return entry && entry.freshUntil > this.#now() ? this.#answer(entry) : undefined;
  }

  /** The fresh answer for `key` if memory has it, without waiting: a hit's fast path. */
  freshNow(key: string): Answer | undefined {
    const entry = this.#memory.getNow(key);
    return entry && entry.freshUntil > this.#now() ? this.#answer(entry) : undefined;
  }

  /** The answer for `key` that expired less than `staleIfError` ms ago, if any. */
  async stale(key: string): Promise<Answer | undefined> {
    const entry = await this.#entry(key);
    return entry && entry.freshUntil <= this.#now() ? this.#answer(entry) : undefined;
  }

  /**
   * Keeps `answer` if it may be answered again; the proxy's own answers never
   * are, nor a composition that is stale, has parts missing, or was made
   * from a slot config being revalidated, nor a body over
   * {@link MAX_KEPT_ANSWER}. Its body is
   * the one pages get, so the token was already scrubbed out of it. With
   * `waitUntil`, the shared store's write is handed to it and not waited for.
   */
  async store(key: string, method: string, answer: Answer, waitUntil?: WaitUntil): Promise<void> {
    if (!answer.upstream || answer.stale || answer.partial || answer.revalidating) return;
    if (!keepable(answer.body)) return;
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

  /** An entry as the read path answers it: upstream's, as it was when stored (the same object each time). */
  #answer(entry: CacheEntry): Answer {
    let answer = this.#answers.get(entry);
    if (!answer) this.#answers.set(entry, (answer = { ...entry.answer, upstream: true }));
    return answer;
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

/**
 * Whether a stale answer may stand in for `answer`: the proxy's own 502, 503
 * and 504 (unreachable, backing off, timeout) and upstream 5xx. Never a 4xx:
 * that is the API's real answer (and 499 is the caller's own leaving).
 */
export function failed(answer: Pick<Answer, 'status'>): boolean {
  return answer.status >= 500;
}
