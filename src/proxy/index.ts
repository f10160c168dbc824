/**
 * `pubnet-widgets/proxy`: the token-holding proxy of the publisher API.
 * A web-standard handler; see docs/proxy.md for deploying it.
 */
export { createProxy } from './proxy.js';
export type { ConnectionInfo, Proxy, ProxyHandler, ProxyHeld } from './proxy.js';
export type {
  CacheOptions,
  ConcurrencyOptions,
  ProxyLogEntry,
  ProxyOptions,
  RateLimitOptions,
} from './options.js';
export type { CacheEntry, CacheStore, StoredAnswer } from './read/index.js';
export { WebCacheStore } from './read/index.js';
export type { CacheLike, CacheStorageLike } from './read/index.js';
export { allowList, widgetRoutes } from './policy/index.js';
export type { WidgetRouteKey } from './policy/index.js';
export { MAX_REQUEST_BODY } from './http/index.js';
