/** Following pages: the §2.1 envelope's `next`, and the v2 products envelope. */
import type { Core, CoreCall } from './core.js';
import type { RouteDef } from './routes/route-def.js';
import { buildUrl } from './url.js';

interface AnyPage {
  next?: unknown;
  results?: unknown[];
  data?: unknown[];
  pagination?: { page?: number; next_page?: unknown };
}

/**
 * The items of every page of `route`, in order. Standard lists follow `next`
 * (a `next` URL outside the client's `baseUrl`, e.g. the API's own address
 * seen through a proxy, is rebased: its query is applied to the route's URL
 * under `baseUrl`). POST searches re-POST the same body to the `next` URL
 * (its `page` overrides the body's). The v2 products envelope is followed
 * through `pagination.next_page`, re-POSTing the body with that `page`.
 * Stops at a `null` next, a repeated URL or a page number that does not grow.
 */
export async function* paginateRoute<T>(
  core: Core,
  route: RouteDef,
  call: CoreCall = {},
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let pageCall = { ...call };
  for (;;) {
    const page = ((await core.request(route, pageCall)) ?? {}) as AnyPage;
    const pagination = page.pagination;
    if (pagination && Array.isArray(page.data)) {
      yield* page.data as T[];
      const next = pagination.next_page;
      if (typeof next != 'number' || !(next > (pagination.page ?? 0))) return;
      pageCall = { ...pageCall, body: { ...(pageCall.body as object), page: next } };
    } else {
      yield* (page.results ?? []) as T[];
      const next = page.next;
      if (typeof next != 'string' || seen.has(next)) return;
      seen.add(next);
      let url = new URL(next, core.baseUrl).href;
      if (!url.startsWith(core.baseUrl)) {
        const own = new URL(buildUrl(core.baseUrl, route.path, call.params));
        own.search = new URL(url).search;
        url = own.href;
      }
      pageCall = { ...pageCall, url };
    }
  }
}
