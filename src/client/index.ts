/**
 * `pubnet-widgets/client`: the typed client of the publisher API.
 * No runtime dependencies; browsers, Node ≥ 20 and edge runtimes.
 *
 * - `createClient(options)`: every route as `client.<area>.<helper>`, plus
 *   `request` and `paginate` (see `client.ts` for the call signature).
 * - `createCore(options)` + a route object: the small core the widgets use
 *   (the components import it, with single routes, module by module).
 */
//
// Exported by name: what a caller of the API uses (the client, the core, the route table,
// the errors and their guards, the optimistic update, the API's enumerations) and the types
// they take and give. The helpers the widgets and the proxy share with the client (URLs,
// timers, the cache, in-flight sharing, retries, searches, prices) are imported from their
// modules, never from here. test/tooling/exports.test.ts holds this list to
// test/tooling/exports.json, so that a name is added on purpose.
export { createClient } from './client.js';
export type {
  AreaHelpers,
  CallOptions,
  Client,
  ClientOptions,
  Helper,
  ItemOf,
  KeyOf,
  ListQuery,
  PageKey,
  PageOptions,
  PagedPath,
  PathOf,
  RequestOptions,
} from './client.js';
export { createCore } from './core.js';
export type { Core, CoreCall, CoreOptions, Fetch } from './core.js';
export {
  adslotsRoutes,
  billingRoutes,
  conversionsRoutes,
  myRoutes,
  offersRoutes,
  productsRoutes,
  promoRoutes,
  reportsRoutes,
  routeList,
  routes,
  systemRoutes,
  toolsRoutes,
  websitesRoutes,
} from './routes/index.js';
export type {
  Area,
  Method,
  PathParamNames,
  PathParams,
  RouteBody,
  RouteDef,
  RouteKey,
  RouteResponse,
  Routes,
} from './routes/index.js';
export {
  AuthError,
  ConflictError,
  HttpError,
  NetworkError,
  NotFoundError,
  ParseError,
  PubnetError,
  RateLimitError,
  TimeoutError,
  ValidationError,
} from './errors.js';
export type { RequestInfo } from './errors.js';
export {
  isAbortError,
  isAuthError,
  isConflictError,
  isHttpError,
  isNetworkError,
  isNotFoundError,
  isParseError,
  isPubnetError,
  isRateLimitError,
  isTimeoutError,
  isValidationError,
} from './guards.js';
export { updateWithRetry } from './conflict.js';
export type { UpdateOptions, Versioned } from './conflict.js';
export { TARGET_AUDIENCES, WEBSITE_TYPES } from './website-values.js';
export type { TargetAudience, WebsiteType } from './website-values.js';
export type { Params, Query, QueryValue } from './url.js';
export type { Timers } from './delay.js';
export type { RetryOptions } from './retry.js';
export type { CacheOptions, ResponseCache } from './cache.js';
export type * from './types.js';
