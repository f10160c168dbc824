/**
 * A token bucket per client (an IP address): `burst` tokens to start with,
 * `rate` more each second, one per request. Memory is bounded: past
 * `maxClients` buckets the least recently seen client is forgotten (it starts
 * again with a full bucket, which errs on the side of serving it).
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

  /** Takes one token for `client`; when none is left, says in how many whole seconds one will be. */
  take(client: string): Take {
    const now = this.#now();
    const bucket = this.#buckets.get(client) ?? { tokens: this.#burst, at: now };
    this.#buckets.delete(client);
    bucket.tokens = Math.min(this.#burst, bucket.tokens + ((now - bucket.at) / 1000) * this.#rate);
    bucket.at = now;
    this.#buckets.set(client, bucket);
    if (this.#buckets.size > this.#maxClients)
      this.#buckets.delete(this.#buckets.keys().next().value!);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfter: Math.max(1, Math.ceil((1 - bucket.tokens) / this.#rate)) };
  }

  /** Buckets held (bounded by `maxClients`). */
  get size(): number {
    return this.#buckets.size;
  }
}

/**
 * The client's IP: from `ipHeader` when the operator trusts a proxy in front
 * (the last `x-forwarded-for` entry is the one that proxy added), else the
 * socket's address. Requests with neither share one bucket.
 */
export function clientIp(
  request: Request,
  remoteAddress: string | undefined,
  ipHeader: string | undefined,
): string {
  if (ipHeader) {
    const value = request.headers.get(ipHeader);
    const last = value?.split(',').pop()?.trim();
    if (last) return last;
  }
  return remoteAddress || 'unknown';
}
