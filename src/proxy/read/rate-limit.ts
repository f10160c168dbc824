/**
 * The per-client limit on upstream calls: a token bucket per client key (an
 * IPv4 address or an IPv6 /64, see client-ip.ts), `burst` tokens to start
 * with, `rate` more each second, one per upstream call the client causes.
 * Cached and coalesced answers cost nothing, so many readers behind one
 * address (a newsroom's NAT) are never refused for reading what is cached.
 *
 * Memory is bounded: past `maxClients` buckets the least recently seen client
 * is forgotten (it starts again with a full bucket, which errs on the side of
 * serving it).
 */
export type Take = { ok: true } | { ok: false; retryAfter: number };

export class RateLimiter {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  readonly #rate: number;
  readonly #burst: number;
  readonly #maxClients: number;
  readonly #now: () => number;

  constructor(
    options: { rate: number; burst: number; maxClients: number },
    now: () => number = Date.now,
  ) {
    this.#rate = options.rate;
    this.#burst = Math.max(1, options.burst);
    this.#maxClients = Math.max(1, options.maxClients);
    this.#now = now;
  }

  /** Whether `client` has a token now (none is taken); if not, in how many whole seconds it will. */
  admit(client: string): Take {
    const { tokens } = this.#bucket(client);
    if (tokens >= 1) return { ok: true };
    return { ok: false, retryAfter: Math.max(1, Math.ceil((1 - tokens) / this.#rate)) };
  }

  /**
   * Takes one token for an upstream call `client` started. The bucket may go
   * below zero (a composed answer admitted with one token can start several
   * calls), but never below `-burst`, so no client waits more than two
   * bursts' worth of refill.
   */
  charge(client: string): void {
    const bucket = this.#bucket(client);
    bucket.tokens = Math.max(-this.#burst, bucket.tokens - 1);
  }

  /** {@link admit}, then {@link charge} when admitted: one token, or the refusal. */
  take(client: string): Take {
    const taken = this.admit(client);
    if (taken.ok) this.charge(client);
    return taken;
  }

  /** Buckets held (bounded by `maxClients`). */
  get size(): number {
    return this.#buckets.size;
  }

  /** The client's bucket, refilled to now and moved to the most recently seen end. */
  #bucket(client: string): { tokens: number; at: number } {
    const now = this.#now();
    const bucket = this.#buckets.get(client) ?? { tokens: this.#burst, at: now };
    this.#buckets.delete(client);
    bucket.tokens = Math.min(this.#burst, bucket.tokens + ((now - bucket.at) / 1000) * this.#rate);
    bucket.at = now;
    this.#buckets.set(client, bucket);
    if (this.#buckets.size > this.#maxClients)
      this.#buckets.delete(this.#buckets.keys().next().value!);
    return bucket;
  }
}

/**
 * One request's account with the rate limit. It is asked once, at the first
 * point where the request would start new work upstream (a cache miss that no
 * identical call in flight can answer): refused there, the request costs
 * nothing and nobody else waits on it. Once admitted, each upstream call it
 * starts is charged, a composed answer's parts included, but never refused
 * halfway, since a half-made answer may be shared with other callers.
 */
export class Budget {
  readonly #limiter: RateLimiter;
  #client: string | (() => string);
  #admitted = false;

  /** `client`: the client's key, or a function giving it, called at most once and only when needed. */
  constructor(limiter: RateLimiter, client: string | (() => string)) {
    this.#limiter = limiter;
    this.#client = client;
  }

  get #key(): string {
    if (typeof this.#client === 'function') this.#client = this.#client();
    return this.#client;
  }

  /** Before new upstream work: whether this request may start it. Always yes once admitted. */
  admit(): Take {
    if (this.#admitted) return { ok: true };
    const taken = this.#limiter.admit(this.#key);
    this.#admitted = taken.ok;
    return taken;
  }

  /** An upstream call this request started. */
  charge(): void {
    this.#limiter.charge(this.#key);
  }
}
