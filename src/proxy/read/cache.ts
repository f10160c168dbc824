/**
 * An in-memory cache with a lifetime per entry (TTL) and a size bound (LRU):
 * a read moves an entry to the young end, and past `max` entries the oldest
 * one goes. A `Map` keeps insertion order, which is all an LRU needs.
 *
 * An expired entry is not fresh any more, but it is kept for `keep` ms more
 * (stale-if-error): {@link TtlLruCache.getStale} still returns it, for when
 * the fresh copy cannot be fetched. Past that window it is dropped when read.
 */
export class TtlLruCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();
  readonly #ttl: number;
  readonly #max: number;
  readonly #now: () => number;
  readonly #keep: number;

  /**
   * @param ttl lifetime of an entry in ms
   * @param max most entries kept
   * @param now the clock in ms
   * @param keep ms an expired entry stays available to {@link getStale} (default 0: none)
   */
  constructor(ttl: number, max: number, now: () => number = Date.now, keep = 0) {
    this.#ttl = ttl;
    this.#max = Math.max(1, max);
    this.#now = now;
    this.#keep = Math.max(0, keep);
  }

  /** The fresh value of `key`, or `undefined` (an expired entry stays for {@link getStale}). */
  get(key: string): V | undefined {
    const entry = this.#live(key);
    if (!entry || entry.expires <= this.#now()) return undefined;
    this.#touch(key, entry);
    return entry.value;
  }

  /** The value of `key` if it expired less than `keep` ms ago, else `undefined`. */
  getStale(key: string): V | undefined {
    const entry = this.#live(key);
    if (!entry || entry.expires > this.#now()) return undefined;
    this.#touch(key, entry);
    return entry.value;
  }

  /** Stores `value` for `ttl` ms (default: the cache's), evicting the least recently used past `max`. */
  set(key: string, value: V, ttl = this.#ttl): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: this.#now() + ttl });
    while (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value!);
  }

  /** Seconds an entry stored now stays fresh (for `Cache-Control: max-age`). */
  get ttlSeconds(): number {
    return Math.max(0, Math.floor(this.#ttl / 1000));
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }

  /** The entry of `key`, fresh or within the stale window; one past it is dropped. */
  #live(key: string): { value: V; expires: number } | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expires + this.#keep <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #touch(key: string, entry: { value: V; expires: number }): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
  }
}
