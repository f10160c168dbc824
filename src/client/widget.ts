/**
 * The small export set for the widgets (the CDN bundle): the request core,
 * the widget routes and the product/ad slot helpers. It must not import the
 * full route table (import routes from their area modules, never from
 * `routes/index.ts`, whose merged table is not tree-shaken), `createClient` or
 * the validation lists. Budget: the core and helpers within 3 KB min+gzip
 * (measured by bundling this module's exports with esbuild --minify, gzip).
 *
 * ```ts
 * const core = createCore({ baseUrl: api, cache: createCache() });
 * const slot = await core.request(adslotsRoutes['adslots.get'], { params: { uuid }, signal });
 * const page = await core.request(productsRoutes['products.search'], {
 *   query: { key }, body: adslotSearch(slot), signal,
 * });
 * ```
 */
export { createCore, type Core, type CoreCall, type CoreOptions, type Fetch } from './core.js';
export { createCache, type ResponseCache, type CacheOptions } from './cache.js';
export { adslotsRoutes } from './routes/adslots.js';
export { productsRoutes } from './routes/products.js';
export { offersRoutes } from './routes/offers.js';
export {
  PubnetError,
  HttpError,
  ParseError,
  ValidationError,
  AuthError,
  NotFoundError,
  ConflictError,
  RateLimitError,
  TimeoutError,
  NetworkError,
} from './errors.js';
export { buildSearch, adslotSearch, type SearchOptions } from './product-search.js';
export { filtersFromRows } from './adslot-filters.js';
export { parseAdslotConfig } from './adslot-config.js';
export { parsePrice, formatPrice, type Price } from './price.js';
export type * from './types.js';
