/**
 * What a proxy is made of, from its resolved options: its cache, rate limit, CORS, scrubber,
 * upstream context, read path, lexicon, composition and link-site contexts, render routes and
 * responders, each made once per proxy. proxy.ts answers requests with them.
 */
import type { ComposeContext } from './compose/adslot.js';
import type { LinkSiteContext } from './compose/link-site.js';
import { Cors } from './http/cors.js';
import { Lexicon, LEXICON_MAX_AGE } from './lexicon/lexicon.js';
import type { ResolvedOptions } from './options.js';
import { scrubber } from './policy/scrub.js';
import { UpstreamBackoff } from './read/backoff.js';
import { UpstreamSlots } from './read/concurrency.js';
import { RateLimiter } from './read/rate-limit.js';
import { ReadCache } from './read/read-cache.js';
import { ReadPath } from './read/read-path.js';
import type { UpstreamContext } from './read/upstream.js';
import { RenderRoutes } from './render/routes.js';
import { responder } from './responder.js';

/** The parts of a proxy with options `o`; `localBase`: where its renders ask it, in process. */
export function proxyParts(o: ResolvedOptions, localBase: string) {
  const cache = o.cache ? new ReadCache(o.cache, o.now) : undefined;
  const limiter = o.rateLimit ? new RateLimiter(o.rateLimit, o.now) : undefined;
  const ipHeader = o.rateLimit ? o.rateLimit.ipHeader : undefined;
  const cors = new Cors(o.allowOrigins);
  const scrub = scrubber(o.token);
  const upstream: UpstreamContext = {
    fetch: o.fetch,
    timeout: o.timeout,
    backoff: new UpstreamBackoff(o.now),
    slots: new UpstreamSlots(o.concurrency),
    scrub,
    upstream: o.upstream,
    publicBase: o.publicUrl ?? o.basePath,
  };
  const reads = new ReadPath(cache, upstream, o.token);
  const lexicon = new Lexicon({ upstream, token: o.token, now: o.now, settings: o.lexicon });
  const composer: ComposeContext = { reads, websites: o.websites, scrub };
  const linkSites: LinkSiteContext = {
    reads,
    websites: o.websites,
    deepLinkHosts: o.deepLinkHosts,
  };
  const revalidate = o.cache ? Math.floor(o.cache.staleWhileRevalidate / 1000) : 0;
  const freshCacheControl = cache
    ? `public, max-age=${cache.ttlSeconds}${revalidate ? `, stale-while-revalidate=${revalidate}` : ''}`
    : 'no-cache';
  const renders = new RenderRoutes({
    cors,
    scrub,
    freshCacheControl,
    cache: o.cache,
    now: o.now,
    ipHeader,
    timeout: o.concurrency.wait + o.timeout,
    publicUrl: o.publicUrl,
    basePath: o.basePath,
    localBase,
  });

  const toResponse = responder(cors, freshCacheControl);
  const toLexicon = responder(cors, `public, max-age=${LEXICON_MAX_AGE}`);

  return {
    cache,
    limiter,
    ipHeader,
    cors,
    scrub,
    reads,
    lexicon,
    composer,
    linkSites,
    renders,
    toResponse,
    toLexicon,
  };
}
