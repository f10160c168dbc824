/**
 * `pubnet-widgets/proxy`: the token-holding proxy of the publisher API.
 * A web-standard handler; see docs/proxy.md for deploying it.
 */
export { createProxy } from './proxy.js';
export type {
  ConnectionInfo,
  LexiconBuild,
  Proxy,
  ProxyHandler,
  ProxyHeld,
  ProxyLexicon,
} from './proxy.js';
export type { CacheOptions, LexiconSettings, ProxyLogEntry, ProxyOptions } from './options.js';
export type { ConcurrencyOptions, RateLimitOptions } from './read/limit-options.js';
export type { CacheEntry, CacheStore, StoredAnswer } from './read/store.js';
export { WebCacheStore } from './read/web-cache-store.js';
export type { CacheLike, CacheStorageLike } from './read/web-cache-store.js';
export { allowList, widgetRoutes } from './policy/allow-list.js';
export type { WidgetRouteKey } from './policy/allow-list.js';
export { MAX_REQUEST_BODY } from './http/body.js';
