/**
 * The one table of the publisher API (spec §4): every method+path pair once,
 * keyed `<area>.<helper>`. The client's helpers, the emulator's handlers and
 * the proxy's allow-list are all derived from it, so no path is written twice.
 *
 * `res` and `body` exist only for the type checker (their runtime value is
 * `undefined`); `paginated` marks list operations answered with the §2.1
 * envelope (the v1 product search, a POST, among them); `paginatedV2` the
 * product search answered with the v2 envelope (api-contract §4); `public`
 * marks the token pages, which never send `Authorization`; `idempotent`
 * marks non-GET routes that are safe to retry and cache;
 * `cacheable` marks the widget reads that the client's optional TTL cache
 * keeps and that share one request while in flight (keyed by URL + body).
 *
 * Each area is its own constant so that a bundle that needs only the widget
 * routes (ad slots, products, offers) leaves the rest out.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  readonly method: Method;
  readonly path: string;
  readonly paginated?: boolean;
  readonly paginatedV2?: boolean;
  readonly public?: boolean;
  readonly idempotent?: boolean;
  readonly cacheable?: boolean;
  readonly res: unknown;
  readonly body?: unknown;
}

/** A type-only marker: carries `T` in the table without a runtime value. */
export const shape = /* @__NO_SIDE_EFFECTS__ */ <T>(): T => undefined as T;
