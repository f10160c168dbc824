/**
 * The one interface behind which the proxy keeps widget reads (read-cache.ts
 * decides what to keep and for how long; a store only keeps it). Every store
 * is async, so a shared one (the Web Cache API, Redis, KV) fits the same
 * shape as the in-memory one. Coalescing is not a store's business: calls in
 * flight live in each instance's memory (read-path.ts, with the client's
 * coalescer, src/client/inflight.ts).
 */
import { BoundedLru, utf8Length } from '../lru.js';

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

/**
 * What an entry costs beyond its key's and body's bytes (the entry's objects,
 * its ETag, the map's slot): counted, so that many tiny entries are bounded
 * by bytes too.
 */
export const ENTRY_OVERHEAD = 256;

/** The bytes an entry of `key` is counted as in memory. */
export function entrySize(key: string, entry: CacheEntry): number {
  return utf8Length(key) + utf8Length(entry.answer.body ?? '') + ENTRY_OVERHEAD;
}

/**
 * The in-memory store: one LRU of at most `max` entries and `maxBytes` bytes
 * (key and body as UTF-8, plus {@link ENTRY_OVERHEAD} each), each entry kept
 * until its `staleUntil` or until the bounds push it out.
 */
export class MemoryStore implements CacheStore {
  readonly #entries: BoundedLru<CacheEntry>;
  readonly #now: () => number;

  constructor(max: number, maxBytes: number, now: () => number) {
    this.#entries = new BoundedLru(max, maxBytes, now);
    this.#now = now;
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    return this.#entries.get(key);
  }

  /** {@link MemoryStore.get} without the promise: memory needs no wait. */
  getNow(key: string): CacheEntry | undefined {
    return this.#entries.get(key);
  }

  async put(key: string, entry: CacheEntry): Promise<void> {
    this.#entries.set(key, entry, entrySize(key, entry), entry.staleUntil - this.#now());
  }

  /** Entries held. */
  get size(): number {
    return this.#entries.size;
  }

  /** Bytes held, as counted by {@link entrySize}. */
  get bytes(): number {
    return this.#entries.bytes;
  }
}
