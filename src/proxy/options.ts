/**
 * The proxy's options: their public shape, and what they become once checked
 * (resolve-options.ts checks them and fills in the defaults).
 */

import type { ConcurrencyOptions, RateLimitOptions } from './read/limit-options.js';
import type { CacheStore } from './read/store.js';

/** One line of the proxy's request log (see {@link ProxyOptions.onLog}). */
export interface ProxyLogEntry {
  method: string;
  /** The path as requested, without the query string. */
  path: string;
  status: number;
  /** Time spent in the handler, in ms. */
  ms: number;
  /**
   * `hit`: answered from the cache; `miss`: fetched upstream (a composed ad
   * slot: composed now, from parts read through the cache; noted `revalidating
   * slot config` when its slot config had expired and was answered while one
   * background call fetches it again); `shared`: joined an identical upstream
   * call already in flight; `stale`: upstream failed and an expired entry was
   * answered instead (see {@link CacheOptions.staleIfError}); `-`: neither
   * (errors, stats).
   */
  cache: 'hit' | 'miss' | 'shared' | 'stale' | '-';
  /** A short reason for answers the proxy made itself (never contains the token). */
  note?: string;
}

/** Cache of widget reads: in memory, and in a shared {@link CacheStore} where there is one. */
export interface CacheOptions {
  /** Lifetime of an entry in ms (default 60 000). Also the `max-age` sent to CDNs. */
  ttl?: number;
  /** Most entries kept in memory; the least recently used go first (default 500). */
  max?: number;
  /**
   * Most bytes kept in memory (default 16 777 216, 16 MiB): each entry counts its
   * key and body as UTF-8 plus 256; the least recently used go first. Whatever
   * visitors send, memory holds at most `max` entries and `maxBytes` bytes, and an
   * answer over 64 KiB is served but never kept (api-contract §13).
   */
  maxBytes?: number;
  /**
   * How long after expiring an entry may still be answered, in ms, when the
   * fresh copy cannot be fetched (network error, timeout, upstream 5xx or 429,
   * or the proxy backing off). An ad slot's config read for a composed answer
   * is also answered in this window while one background call fetches it
   * again. Default 86 400 000 (24 h); `0` disables.
   */
  staleIfError?: number;
  /** Lifetime in ms of a cached upstream `404` of a GET route (default 10 000; `0` disables). */
  notFoundTtl?: number;
  /**
   * How long after `ttl` a CDN or browser may still answer a GET from its copy
   * while it fetches a fresh one in the background, in ms: the
   * `stale-while-revalidate` of `Cache-Control` (default 60 000; `0` leaves
   * the directive out). The proxy's own cache does not use it.
   */
  staleWhileRevalidate?: number;
  /**
   * Where entries are kept beyond this instance's memory, so other instances
   * find them: a {@link CacheStore} (docs/proxy.md, "Other stores"), or
   * `'memory'` for nowhere. Default: the Web Cache API (`caches.open`) where
   * the runtime has it (Workers, Deno), else memory only (Node, Bun).
   */
  store?: CacheStore | 'memory';
}

/** {@link CacheOptions} checked: `store` is the shared store, or `undefined` for memory only. */
export type ResolvedCacheOptions = Required<Omit<CacheOptions, 'store'>> & {
  store: CacheStore | undefined;
};

/**
 * The publisher's own words for the lexicon (`GET <proxy>/lexicon/`, api-contract §15): the
 * `--lexicon <file>` of the CLI, as JSON. Names are added to an offer's entry (after its title
 * and domain, 8 names at most); an excluded offer or host gets no entry at all.
 */
export interface LexiconSettings {
  aliases?: {
    /** Names by offer uuid: `{ "<uuid>": ["Kaktusik"] }`. */
    offers?: Readonly<Record<string, readonly string[]>>;
    /**
     * Names by host: `{ "kaktus.pl": ["Sklep Kaktus"] }`, for every offer whose
     * `preview_url` host is that host or one under it (`www.kaktus.pl`).
     */
    hosts?: Readonly<Record<string, readonly string[]>>;
  };
  exclude?: {
    /** Offer uuids never linked. */
    offers?: readonly string[];
    /** Hosts never linked: an offer on that host, or on one under it, gets no entry. */
    hosts?: readonly string[];
  };
}

/** {@link LexiconSettings} checked: names trimmed, hosts lower case and punycode. */
export interface ResolvedLexiconSettings {
  offerAliases: ReadonlyMap<string, readonly string[]>;
  hostAliases: readonly (readonly [host: string, names: readonly string[]])[];
  excludedOffers: ReadonlySet<string>;
  excludedHosts: readonly string[];
}

/** Options of {@link createProxy}. */
export interface ProxyOptions {
  /** The publisher's API token. Stays in the proxy: never in an answer, header or log. */
  token: string;
  /** Base URL of the publisher API, absolute http(s); may carry a path prefix (`https://api.example/v1/`). */
  upstream: string;
  /**
   * Website guids (public "website keys") this proxy serves (api-contract §13).
   * The routes that name a website (`?key=` of searches and ad slots, the
   * `website` of tracking-link and stats bodies, the token pages' path) are
   * forwarded only for these: absent → the first one (the only one, usually),
   * another one → 403. Unset or empty: those routes are all refused (403), and
   * an ad slot is answered without what it shows.
   */
  websites?: readonly string[];
  /**
   * Hosts a tracking link's `deep_link` or `traffic_back_url` may lead to
   * besides the offer's own site (api-contract §13): exact host names, such as
   * `partner.example` (not a URL, no port). The offer's own site (the host of
   * its `preview_url`, or of a product's `direct_link`, and every host under
   * the same registrable domain) is always allowed. Default: none.
   */
  deepLinkHosts?: readonly string[];
  /** Origins allowed to call the proxy from a browser (CORS): exact origins, or `'*'`. Default: none. */
  allowOrigins?: readonly string[] | '*';
  /** Path prefix the proxy is mounted under (default `/`), stripped before matching. */
  basePath?: string;
  /**
   * The proxy's own public base URL (with its path), written into `next`/`previous`
   * links and into `/render/` HTML. Default: none: links are written relative to the
   * route (`basePath` + path), and rendered elements take the page's `data-api`.
   * Nothing from a request (its `Host`, its request line) is ever written instead.
   */
  publicUrl?: string;
  /**
   * Cache of widget reads, or `false` to fetch every time (default
   * `{ ttl: 60000, max: 500, maxBytes: 16777216, staleIfError: 86400000,
   * notFoundTtl: 10000, staleWhileRevalidate: 60000 }`).
   */
  cache?: CacheOptions | false;
  /**
   * Per-client limit on the upstream calls it causes, or `false` (default
   * `{ rate: 5, burst: 100, maxClients: 10000 }`; see {@link RateLimitOptions}).
   */
  rateLimit?: RateLimitOptions | false;
  /** The cap on upstream calls in flight (default `{ max: 32, queue: 64, wait: 1000 }`). */
  concurrency?: ConcurrencyOptions;
  /**
   * Compose an ad slot's answer (default `true`): `GET /publisher/adslots/{uuid}/?key=&sid=`
   * answers the slot plus `_embedded`, what it shows (api-contract §10), so a widget needs one
   * round trip. `false`: the proxy only forwards, as a proxy that does not compose would: the
   * plain slot (no `_embedded`, one upstream call), `?key=` and `?sid=` dropped unchecked like
   * any query parameter the route does not take; the widget then asks for what the slot shows
   * itself.
   */
  compose?: boolean;
  /**
   * The publisher's aliases and exclusions for the lexicon `GET <proxy>/lexicon/` publishes
   * (api-contract §15; docs/proxy.md, "In-text links' lexicon"). Default: none, the lexicon
   * holds every active offer by its plain title and its domain.
   */
  lexicon?: LexiconSettings;
  /** The `fetch` used to reach upstream (default: the global one). */
  fetch?: typeof fetch;
  /**
   * Upstream timeout in ms (default 5000): past it the answer is 504, or the
   * stale copy. Below the widgets' 8 s deadline, so a stale copy reaches a
   * widget before it gives up.
   */
  timeout?: number;
  /** The clock in ms (default `Date.now`); tests pass their own. */
  now?: () => number;
  /** Called once per request, after the answer is made. The entry never contains the token. */
  onLog?: (entry: ProxyLogEntry) => void;
}

/** {@link ProxyOptions} checked, with defaults filled in. */
export interface ResolvedOptions {
  token: string;
  /** Upstream base, ending with `/`. */
  upstream: URL;
  websites: readonly string[];
  /** Lower-case host names, without a trailing dot. */
  deepLinkHosts: readonly string[];
  allowOrigins: readonly string[] | '*';
  /** Starts and ends with `/`. */
  basePath: string;
  /** Ends with `/`, or undefined to derive it from each request. */
  publicUrl: string | undefined;
  cache: ResolvedCacheOptions | false;
  rateLimit: (Required<Omit<RateLimitOptions, 'ipHeader'>> & { ipHeader?: string }) | false;
  concurrency: Required<ConcurrencyOptions>;
  compose: boolean;
  lexicon: ResolvedLexiconSettings;
  fetch: typeof fetch;
  timeout: number;
  now: () => number;
  onLog: ((entry: ProxyLogEntry) => void) | undefined;
}
