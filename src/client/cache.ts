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
  const m = new Map<string, [number, unknown]>();
  return {
    get(k) {
      const e = m.get(k);
      if (e && e[0] > now()) return e[1];
      m.delete(k);
    },
    set(k, v) {
      m.delete(k);
      m.set(k, [now() + ttl, v]);
      if (m.size > max) m.delete(m.keys().next().value!);
    },
    clear: () => m.clear(),
  };
}
