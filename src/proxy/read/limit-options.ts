/**
 * The proxy's two limits, their shape and defaults: what one client may cost
 * upstream (the rate limit), and how many upstream calls run at once (the
 * concurrency cap). Checked with the other options in resolve-options.ts.
 */

/**
 * Per-client token bucket of upstream calls: a client (an IPv4 address, or an
 * IPv6 /64) pays one token for each upstream call it causes, that is each
 * cache miss that no identical call in flight could answer. Cached and
 * coalesced answers are free and never refused; a refused read gets 429 with
 * `Retry-After` and costs no upstream call.
 *
 * The defaults (`rate: 5`, `burst: 100`) are sized for a newsroom behind one
 * NAT: a page of widgets causes at most about 20 distinct upstream reads when
 * nothing of it is cached (a few composed ad slots with their searches, offers
 * and tracking links, a product grid, offer links), and readers of the same
 * pages share the cache. So `burst: 100` lets five cold pages load at once,
 * and `rate: 5` (300 calls a minute) keeps up with 15 pages a minute that
 * nobody has read for a minute, every minute, from one address: with a 60 s
 * cache, that is hundreds of readers behind the NAT.
 */
export interface RateLimitOptions {
  /** Tokens (upstream calls) added per second (default 5). */
  rate?: number;
  /** Bucket size: the most upstream calls a client may cause at once (default 100). */
  burst?: number;
  /**
   * A request header that carries the client IP, set by a proxy you trust in
   * front of this one (`cf-connecting-ip`, `x-forwarded-for`: its last entry).
   * Unset (default): only `info.remoteAddress` is used, because any client can
   * send such a header itself.
   */
  ipHeader?: string;
  /** Most buckets kept; the least recently seen client is forgotten first (default 10 000). */
  maxClients?: number;
}

/**
 * The cap on upstream calls in flight at once, per proxy instance (per
 * process, or per Worker isolate). Past `max`, a call waits for a turn in a
 * queue; a call that finds the queue full, or waits longer than `wait`, is
 * answered the stale copy when the cache has one, else `503` with
 * `Retry-After`. Memory then stays bounded however slow upstream gets.
 */
export interface ConcurrencyOptions {
  /** Most upstream calls in flight (default 32). */
  max?: number;
  /** Most calls waiting for a turn (default 64); past it a call is refused at once. */
  queue?: number;
  /**
   * Longest a call waits for its turn, in ms (default 1000). The upstream
   * `timeout` starts after it, so the default 1 s + 5 s stays below the
   * widgets' 8 s deadline.
   */
  wait?: number;
}

/** Reasoned in {@link RateLimitOptions}: about five cold pages at once, fifteen a minute. */
export const DEFAULT_RATE_LIMIT = { rate: 5, burst: 100, maxClients: 10_000 } as const;
/**
 * 32 calls in flight is more than a page's worth of distinct reads at once, and
 * twice as many may wait: a 1 s wait then covers a few rounds of a fast API.
 */
export const DEFAULT_CONCURRENCY = { max: 32, queue: 64, wait: 1_000 } as const;
