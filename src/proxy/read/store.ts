/**
 * The one interface behind which the proxy keeps widget reads (read-cache.ts
 * decides what to keep and for how long; a store only keeps it). Every store
 * is async, so a shared one (the Web Cache API, Redis, KV) fits the same
 * shape as the in-memory one. Coalescing is not a store's business: calls in
 * flight live in each instance's memory (read-path.ts, with the client's
 * coalescer, src/client/inflight.ts).
 */
import { createCache, type ResponseCache } from '../../client/cache.js';

/** What is kept of one answer: upstream's status and (already scrubbed) body, and its ETag. */
export interface StoredAnswer {
  status: number;
  /** JSON text, or `null` for no body. */
  body: string | null;
  /** Strong ETag of `body`, when the answer has one (2xx GET). */
  etag?: string;
}

/**
 * One entry with its windows, as times in ms of the proxy's clock (`now`):
 * answered as fresh before `freshUntil`, only instead of a failure until
 * `staleUntil`, and gone after that.
 */
export interface CacheEntry {
  answer: StoredAnswer;
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
}

/**
 * Where entries live. `key` is an opaque string (see docs/proxy.md, "Other
 * stores"). `get` returns `undefined` once `staleUntil` has passed, and may
 * then delete the entry; `put` replaces the entry of `key`. A store may drop
 * entries early (a size bound, eviction): that only costs an upstream call.
 */
export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  put(key: string, entry: CacheEntry): Promise<void>;
}

/** The in-memory store: one LRU of at most `max` entries, each kept until its `staleUntil`. */
export class MemoryStore implements CacheStore {
  readonly #entries: ResponseCache<CacheEntry>;
  readonly #now: () => number;

  constructor(max: number, now: () => number) {
    // Every entry is stored with its own lifetime: the cache's default TTL is never used.
    this.#entries = createCache({ max: Math.max(1, max), now });
    this.#now = now;
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    return this.#entries.get(key);
  }

  async put(key: string, entry: CacheEntry): Promise<void> {
    const lifetime = entry.staleUntil - this.#now();
    if (lifetime > 0) this.#entries.set(key, entry, lifetime);
  }
}
