/**
 * `pubnet-widgets/proxy`: the token-holding proxy of the publisher API.
 * A web-standard handler; see docs/proxy.md for deploying it.
 */
export { createProxy } from './proxy.js';
export type { ConnectionInfo, ProxyHandler } from './proxy.js';
export type {
  CacheOptions,
  ConcurrencyOptions,
  ProxyLogEntry,
  ProxyOptions,
  RateLimitOptions,
} from './options.js';
export type { CacheEntry, CacheStore, StoredAnswer } from './store.js';
export { WebCacheStore } from './web-cache-store.js';
export type { CacheLike, CacheStorageLike } from './web-cache-store.js';
export { widgetRoutes } from './allow-list.js';
export type { WidgetRouteKey } from './allow-list.js';
export { MAX_REQUEST_BODY } from './body.js';
