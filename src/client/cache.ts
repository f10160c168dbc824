/** A small TTL cache for the widgets' reads. */

/**
 * Where the client keeps answers of `cacheable` routes (ad slot config,
 * product searches, tracking links). Keys are built by the client from the
 * method, the full URL (so they include `baseUrl` and `?key=`), the auth and
 * the body. One cache may be shared by several clients.
 */
export interface ResponseCache {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  clear(): void;
}

export interface CacheOptions {
  /** Lifetime of an entry in ms (default 60 000). */
  ttl?: number;
  /** Most entries kept; the oldest go first (default 100). */
  max?: number;
  /** The clock (default `Date.now`). */
  now?: () => number;
}

/** A new in-memory TTL cache. Values are shared, not copied: treat them as read-only. */
export function createCache({
  ttl = 6e4,
  max = 100,
  now = Date.now,
}: CacheOptions = {}): ResponseCache {
  const entries = new Map<string, [number, unknown]>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry && entry[0] > now()) return entry[1];
      entries.delete(key);
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, [now() + ttl, value]);
      if (entries.size > max) entries.delete(entries.keys().next().value!);
    },
    clear: () => entries.clear(),
  };
}
