/**
 * The full client: every route of the table as a named helper, grouped by
 * area, plus `request` (by method + path) and `paginate`. Built on
 * {@link createCore}; validates calls before sending (see `validate.ts`).
 *
 * One call signature everywhere:
 * ```ts
 * const client = createClient({ baseUrl: 'https://x.example/pubnet-api/', token });
 * await client.websites.list({ query: { page: 2, page_size: 5 } });      // no path params
 * await client.offers.get({ uuid }, { signal });                          // path params first
 * await client.offers.trackingLink({ uuid }, { body: { sid: 'nav' } });   // body in the options
 * await client.request({ method: 'GET', path: '/publisher/offers/{uuid}/', params: { uuid } });
 * for await (const conversion of client.paginate('/publisher/conversions/')) …
 * ```
 * A helper whose path has `{names}` takes them as its first argument
 * (`PathParams`), then {@link CallOptions}; other helpers take only the options.
 */
import { createCore, type Core, type CoreOptions } from './core.js';
import { checkOptions } from './options.js';
import { paginateRoute } from './paginate.js';
import {
  routeList,
  routes,
  type Area,
  type Method,
  type PathParamNames,
  type PathParams,
  type RouteBody,
  type RouteKey,
  type RouteResponse,
  type Routes,
} from './routes/index.js';
import type { RouteDef } from './routes/route-def.js';
import type { Paginated, ProductsV2Page } from './types.js';
import { buildUrl, type Params, type Query } from './url.js';
import { validateCall } from './validate.js';

/** Query of list routes: `page` (from 1) and `page_size` (1–100) are checked. */
export type ListQuery = Query & { page?: number; page_size?: number };

type HasParams<K extends RouteKey> = [PathParamNames<Routes[K]['path']>] extends [never]
  ? false
  : true;

/** The options of one call of route `K`: `body` only where the route takes one. */
export type CallOptions<K extends RouteKey> = {
  query?: ListQuery;
  signal?: AbortSignal;
} & ([RouteBody<K>] extends [never] ? { body?: never } : { body?: RouteBody<K> });

/** The helper of route `K`: `(params, options?)` when its path has params, else `(options?)`. */
export type Helper<K extends RouteKey> =
  HasParams<K> extends true
    ? (params: PathParams<K>, options?: CallOptions<K>) => Promise<RouteResponse<K>>
    : (options?: CallOptions<K>) => Promise<RouteResponse<K>>;

/** The helpers of one area, named after the table key (`'offers.get'` → `get`). */
export type AreaHelpers<A extends Area> = {
  [K in RouteKey as K extends `${A}.${infer H}` ? H : never]: Helper<K>;
};

/** The route key of `method` + `path`. */
export type KeyOf<M extends Method, P extends string> = {
  [K in RouteKey]: Routes[K] extends { method: M; path: P } ? K : never;
}[RouteKey];

/** The paths that have a `method` route. */
export type PathOf<M extends Method> = {
  [K in RouteKey]: Routes[K]['method'] extends M ? Routes[K]['path'] : never;
}[RouteKey];

/** `client.request`'s argument for `method` + `path`. */
export type RequestOptions<M extends Method, P extends PathOf<M>> = {
  method: M;
  path: P;
} & (HasParams<KeyOf<M, P>> extends true
  ? { params: PathParams<KeyOf<M, P>> }
  : { params?: undefined }) &
  CallOptions<KeyOf<M, P>>;

/** The item type of a paged answer (§2.1 envelope or v2 products envelope). */
export type ItemOf<R> =
  R extends Paginated<infer T> ? T : R extends ProductsV2Page<infer T> ? T : never;

/** The route keys that answer pages, at `path`. */
export type PageKey<P extends string = string> = {
  [K in RouteKey]: Routes[K]['path'] extends P
    ? [ItemOf<Routes[K]['res']>] extends [never]
      ? never
      : K
    : never;
}[RouteKey];

/** The paths `paginate` accepts. */
export type PagedPath = Routes[PageKey]['path'];

/** `client.paginate`'s options: the search `body` for the POST searches. */
export type PageOptions<P extends PagedPath> = {
  query?: ListQuery;
  signal?: AbortSignal;
} & (HasParams<PageKey<P>> extends true
  ? { params: PathParams<PageKey<P>> }
  : { params?: undefined }) &
  ([RouteBody<PageKey<P>>] extends [never] ? { body?: never } : { body?: RouteBody<PageKey<P>> });

/** Options of {@link createClient}: those of the core. */
export type ClientOptions = CoreOptions;

/** What {@link createClient} returns. */
export type Client = { [A in Area]: AreaHelpers<A> } & {
  /** The request core underneath (for `paginateRoute`, or the widgets' code). */
  readonly core: Core;
  /** The normalised base URL. */
  readonly baseUrl: string;
  /** Calls the route of `method` + `path` (a path of the table, with `{names}`). */
  request<M extends Method, P extends PathOf<M>>(
    options: RequestOptions<M, P>,
  ): Promise<RouteResponse<KeyOf<M, P>>>;
  /**
   * Every item of every page of a list (or of a product search: pass `body`),
   * following `next` / `pagination.next_page`.
   */
  paginate<P extends PagedPath>(
    path: P,
    options?: PageOptions<P>,
  ): AsyncGenerator<ItemOf<RouteResponse<PageKey<P>>>, void, undefined>;
};

interface AnyCall {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * A client for `options` (see {@link CoreOptions}). Warns once (per client)
 * when a token is used in a browser page that is not on localhost (see
 * `warnToken`).
 * @throws TypeError naming the option when an option is invalid.
 */
export function createClient(options: ClientOptions): Client {
  const core = createCore(checkOptions(options));
  const byPath = new Map<string, RouteKey>();
  const client: Record<string, unknown> = { core, baseUrl: core.baseUrl };

  const check = (key: RouteKey, route: RouteDef, params?: Params, callOptions: AnyCall = {}) =>
    validateCall(
      key,
      { method: route.method, url: buildUrl(core.baseUrl, route.path, params, callOptions.query) },
      callOptions.query,
      callOptions.body,
    );

  async function call(key: RouteKey, params?: Params, callOptions: AnyCall = {}) {
    const route: RouteDef = routes[key];
    check(key, route, params, callOptions);
    return core.request(route, { ...callOptions, params });
  }

  for (const [key, route] of routeList) {
    byPath.set(route.method + ' ' + route.path, key);
    const [area, name] = key.split('.');
    const group = (client[area] ??= {}) as Record<string, unknown>;
    group[name] = route.path.includes('{')
      ? (params: Params, callOptions?: AnyCall) => call(key, params, callOptions)
      : (callOptions?: AnyCall) => call(key, undefined, callOptions);
  }

  client.request = async ({
    method,
    path,
    params,
    ...callOptions
  }: AnyCall & { method: string; path: string; params?: Params }) => {
    const key = byPath.get(method + ' ' + path);
    if (!key) throw new TypeError(`No route ${method} ${path}`);
    return call(key, params, callOptions);
  };

  client.paginate = async function* (
    path: string,
    pageOptions: AnyCall & { params?: Params } = {},
  ) {
    const [key, route] =
      routeList.find(
        ([, candidate]) => candidate.path == path && (candidate.paginated || candidate.paginatedV2),
      ) ?? [];
    if (!key || !route) throw new TypeError(`No paged route ${path}`);
    check(key, route, pageOptions.params, pageOptions);
    yield* paginateRoute(core, route, pageOptions);
  };

  return client as Client;
}
