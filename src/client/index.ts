/**
 * `pubnet-widgets/client`: the typed client of the publisher API.
 * No runtime dependencies; browsers, Node ≥ 20 and edge runtimes.
 *
 * - `createClient(options)`: every route as `client.<area>.<helper>`, plus
 *   `request` and `paginate` (see `client.ts` for the call signature).
 * - `createCore(options)` + a route object: the small core the widgets use
 *   (the components import it, with single routes, module by module).
 */
export * from './routes/index.js';
export type * from './types.js';
export * from './errors.js';
export * from './guards.js';
export * from './url.js';
export * from './delay.js';
export * from './retry.js';
export * from './cache.js';
export * from './inflight.js';
export * from './core.js';
export * from './options.js';
export * from './token-warning.js';
export * from './paginate.js';
export * from './client.js';
export * from './conflict.js';
export * from './validate.js';
export * from './website-values.js';
export * from './product-search.js';
export * from './adslot-filters.js';
export * from './adslot-config.js';
export * from './price.js';
