/** A small TTL cache: the widgets' reads, and the proxy's memory (src/proxy/). */

/**
 * Where the client keeps answers of `cacheable` routes (ad slot config,
 * product searches, tracking links). Keys are built by the client from the
 * method, the full URL (so they include `baseUrl` and `?key=`), the auth and
 * the body. One cache may be shared by several clients.
 */
export interface ResponseCache<V = unknown> {
  /** The value of `key` while it is fresh, else `undefined`. */
  get(key: string): V | undefined;
  /** Keeps `value` for `ttl` ms (default: the cache's own). */
  set(key: string, value: V, ttl?: number): void;
  clear(): void;
}

export interface CacheOptions {
  /** Lifetime of an entry in ms (default 60 000). */
  ttl?: number;
  /** Most entries kept; the least recently used go first (default 100). */
  max?: number;
  /** The clock (default `Date.now`). */
  now?: () => number;
}

/**
 * A new in-memory TTL cache, bounded LRU: a read makes an entry the most
 * recently used. Values are shared, not copied: treat them as read-only.
 */
export function createCache<V = unknown>({
  ttl = 6e4,
  max = 100,
  now = Date.now,
}: CacheOptions = {}): ResponseCache<V> {
  // A Map keeps insertion order: its first key is the least recently used.
  const entries = new Map<string, [number, V]>();
  return {
    get(key) {
      const entry = entries.get(key);
      entries.delete(key);
      if (entry && entry[0] > now()) {
        entries.set(key, entry);
        return entry[1];
      }
    },
    set(key, value, life = ttl) {
      entries.delete(key);
      entries.set(key, [now() + life, value]);
      if (entries.size > max) entries.delete(entries.keys().next().value!);
    },
    clear: () => entries.clear(),
  };
}
