/**
 * One request core per API base URL (and token) per page, with one cache for
 * all of them: ten ad slots of the same uuid, or twelve links to the same
 * offer, then share one request while it is in flight and reuse its answer
 * afterwards. Only the widget routes are imported where they are used, never
 * the whole route table, to keep the CDN file small.
 */
import { createCache } from '../client/cache.js';
import { createCore, type Core } from '../client/core.js';
import { offerTrackingLink } from '../client/routes/offers.js';
import { productTrackingLink } from '../client/routes/products.js';
import { env, onReset } from './env.js';
import { pageShared } from './page.js';
import { httpUrl } from './safe-url.js';

/** What a load needs, resolved once per load. */
export interface LoadContext {
  core: Core;
  key?: string;
  sid?: string;
  signal: AbortSignal;
}

// One page-wide map and cache (page.ts): every bundle on the page uses the same.
const cores = pageShared('cores', () => new Map<string, Core>());
const cache = pageShared('cache', createCache);
onReset(() => {
  cores.clear();
  cache.clear();
});

/**
 * The shared core for `api`. `keepalive` gives a core whose requests outlive
 * the page (for the last impression stats on `pagehide`); it skips the token
 * warning, which the ordinary core has already given.
 * @throws TypeError when `api` is not an absolute http(s) URL.
 */
export function coreFor(api: string, token?: string, keepalive?: boolean): Core {
  const id = `${api} ${token} ${keepalive}`;
  let core = cores.get(id);
  if (!core)
    cores.set(
      id,
      (core = createCore({
        baseUrl: api,
        token,
        cache,
        // Looked up per call, so an injected `env.fetch` or `env.timers`
        // applies to every core (the per-attempt timeout, retry backoff).
        fetch: (url, init) => env.fetch(url, { ...init, keepalive }),
        timers: {
          setTimeout: (run, milliseconds) => env.timers.setTimeout(run, milliseconds),
          clearTimeout: (id) => env.timers.clearTimeout(id),
          now: () => env.timers.now(),
        },
        ...(keepalive && { origin: null }),
      })),
    );
  return core;
}

/**
 * The tracking link of a product (`id`) or, without `product`, of an offer
 * (`uuid`), for the website `key` (the one request both `<pubnet-offer-link>`
 * and the `manual` ad slots make). Resolves with it when it is an http(s) URL,
 * else with `undefined`.
 */
export async function trackingLink(
  { core, key, sid, signal }: LoadContext,
  id: string,
  product?: boolean,
  deep_link?: string,
): Promise<string | undefined> {
  const href = (
    await core.request(product ? productTrackingLink : offerTrackingLink, {
      params: { id, uuid: id },
      body: { website: key, sid, deep_link },
      signal,
    })
  )?.tracking_link;
  return httpUrl(href) ? href : undefined;
}
