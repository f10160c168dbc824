export type { Method, RouteDef } from './route-def.js';
export { myRoutes } from './my.js';
export { systemRoutes } from './system.js';
export { billingRoutes } from './billing.js';
export { toolsRoutes } from './tools.js';
export { reportsRoutes } from './reports.js';
export { adslotsRoutes } from './adslots.js';
export { promoRoutes } from './promo.js';
export { productsRoutes } from './products.js';
export { websitesRoutes } from './websites.js';
export { conversionsRoutes } from './conversions.js';
export { offersRoutes } from './offers.js';
import type { RouteDef } from './route-def.js';
import { myRoutes } from './my.js';
import { systemRoutes } from './system.js';
import { billingRoutes } from './billing.js';
import { toolsRoutes } from './tools.js';
import { reportsRoutes } from './reports.js';
import { adslotsRoutes } from './adslots.js';
import { promoRoutes } from './promo.js';
import { productsRoutes } from './products.js';
import { websitesRoutes } from './websites.js';
import { conversionsRoutes } from './conversions.js';
import { offersRoutes } from './offers.js';

/** Every route of spec §4, keyed `<area>.<helper>`, in spec order. */
export const routes = {
  ...myRoutes,
  ...systemRoutes,
  ...billingRoutes,
  ...toolsRoutes,
  ...reportsRoutes,
  ...adslotsRoutes,
  ...promoRoutes,
  ...productsRoutes,
  ...websitesRoutes,
  ...conversionsRoutes,
  ...offersRoutes,
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteKey = keyof Routes;
export type Area = RouteKey extends `${infer A}.${string}` ? A : never;

/** `'/a/{id}/b/{slug}/'` → `'id' | 'slug'`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | PathParamNames<Rest>
  : never;

/** The path params a route needs, typed from its `{names}`. */
export type PathParams<K extends RouteKey> = Record<PathParamNames<Routes[K]['path']>, string>;

/** What a route answers. */
export type RouteResponse<K extends RouteKey> = Routes[K]['res'];

/** What a route takes as body (`never` for routes without one). */
export type RouteBody<K extends RouteKey> = Routes[K] extends { body: infer B } ? B : never;

/** Every route as `[key, def]`, in spec order. */
export const routeList = Object.entries(routes) as [RouteKey, RouteDef][];
