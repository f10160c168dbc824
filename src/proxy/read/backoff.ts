/**
 * What the proxy does when upstream says "too many requests": it stops
 * calling upstream until the given `Retry-After` has passed (or, without one,
 * for an exponential delay: 1 s, 2 s, 4 s, … up to a minute), and answers the
 * calls meanwhile itself. The API's limit is per token, shared by every visitor
 * of every page, so retrying per request would only make it worse.
 */
import { parseRetryAfter } from '../../client/errors.js';

const FIRST_DELAY = 1_000;
const MAX_DEFAULT_DELAY = 60_000;
/** A `Retry-After` longer than this is taken as this: a typo upstream must not stop the proxy for days. */
const MAX_DELAY = 15 * 60_000;

export class UpstreamBackoff {
  #until = 0;
  #strikes = 0;
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Ms until upstream may be called again (0: now). */
  remaining(): number {
    return Math.max(0, this.#until - this.#now());
  }

  /** Records a 429 (or a 503 with `Retry-After`); returns the delay chosen, in ms. */
  limited(retryAfter: string | null): number {
    const now = this.#now();
    const given = parseRetryAfter(retryAfter, now);
    const delay = Math.min(
      MAX_DELAY,
      given ?? Math.min(MAX_DEFAULT_DELAY, FIRST_DELAY * 2 ** this.#strikes),
    );
    this.#strikes += 1;
    this.#until = Math.max(this.#until, now + delay);
    return delay;
  }

  /** Upstream answered normally: the next 429 starts from the first delay again. */
  succeeded(): void {
    this.#strikes = 0;
  }
}
