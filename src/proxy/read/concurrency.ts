/**
 * The cap on upstream calls in flight, per proxy instance. When upstream is
 * slow, every call waiting on it holds a socket, a timer and the caller's
 * request: without a cap, a burst of distinct reads grows all of those
 * without bound and makes upstream slower still. Past `max`, a call waits in
 * a queue of at most `queue` calls, for at most `wait` ms, first come first
 * served; a call that finds the queue full, or waits too long, is refused
 * (the read path then answers a stale copy if it has one, else 503).
 */
export interface ConcurrencyLimits {
  /** Most upstream calls in flight at once. */
  max: number;
  /** Most calls waiting for one of them; past it a call is refused at once. */
  queue: number;
  /** Longest a call waits for its turn, in ms. */
  wait: number;
}

/** A turn to call upstream (give it back with `release`), or why there is none. */
export type Turn =
  | { ok: true; release: () => void }
  | { ok: false; reason: 'queue full' | 'queue timeout' | 'cancelled' };

export class UpstreamSlots {
  readonly #limits: ConcurrencyLimits;
  #active = 0;
  /** Waiting calls, oldest first (a Set keeps insertion order and removes in O(1)). */
  readonly #waiting = new Set<() => void>();

  constructor(limits: ConcurrencyLimits) {
    this.#limits = limits;
  }

  /** Calls upstream now (at most `max`). */
  get active(): number {
    return this.#active;
  }

  /** Calls waiting for a turn (at most `queue`). */
  get queued(): number {
    return this.#waiting.size;
  }

  /** Seconds a refused caller should wait before trying again: the queue's longest wait, at least 1. */
  get retryAfter(): number {
    return Math.max(1, Math.ceil(this.#limits.wait / 1000));
  }

  /** A turn now, or after waiting in the queue; `signal` aborting leaves the queue. */
  acquire(signal?: AbortSignal): Promise<Turn> {
    if (signal?.aborted) return Promise.resolve({ ok: false, reason: 'cancelled' });
    if (this.#active < this.#limits.max) {
      this.#active += 1;
      return Promise.resolve(this.#turn());
    }
    if (this.#waiting.size >= this.#limits.queue || this.#limits.wait <= 0)
      return Promise.resolve({ ok: false, reason: 'queue full' });
    return new Promise<Turn>((resolve) => {
      const leave = (reason: 'queue timeout' | 'cancelled') => {
        this.#waiting.delete(handOver);
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
        resolve({ ok: false, reason });
      };
      const cancel = () => leave('cancelled');
      // Called by release(): the releasing call's slot passes to this one, so `active` stays.
      const handOver = () => {
        this.#waiting.delete(handOver);
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
        resolve(this.#turn());
      };
      const timer = setTimeout(() => leave('queue timeout'), this.#limits.wait);
      signal?.addEventListener('abort', cancel, { once: true });
      this.#waiting.add(handOver);
    });
  }

  /** A held slot, released at most once however often `release` is called. */
  #turn(): Turn {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = this.#waiting.values().next();
      if (next.done) this.#active -= 1;
      else next.value();
    };
    return { ok: true, release };
  }
}
