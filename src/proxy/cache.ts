/**
 * An in-memory cache with a lifetime per entry (TTL) and a size bound (LRU):
 * a read moves an entry to the young end, and past `max` entries the oldest
 * one goes. A `Map` keeps insertion order, which is all an LRU needs.
 */
export class TtlLruCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();
  readonly #ttl: number;
  readonly #max: number;
  readonly #now: () => number;

  /**
   * @param ttl lifetime of an entry in ms
   * @param max most entries kept
   * @param now the clock in ms
   */
  constructor(ttl: number, max: number, now: () => number = Date.now) {
    this.#ttl = ttl;
    this.#max = Math.max(1, max);
    this.#now = now;
  }

  /** The live value of `key`, or `undefined` (expired entries are dropped). */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expires <= this.#now()) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value` for the TTL, evicting the least recently used entries past `max`. */
  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: this.#now() + this.#ttl });
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
}
