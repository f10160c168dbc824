/** Injectable timers and an abortable sleep. */

/** The clock and timers the client uses; inject them in tests. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  /** Milliseconds since the epoch, like `Date.now()`. */
  now(): number;
}

/** Defaults bound at call time (so late polyfills and fake timers still work). */
export const defaultTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as number),
  now: Date.now,
};

/**
 * Resolves after `ms`; rejects with the signal's reason as soon as it aborts.
 * The signal must not be aborted yet.
 */
export const sleep = (ms: number, timers: Timers, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const id = timers.setTimeout(resolve, ms);
    // (left on the signal after the sleep: a no-op then; sleeps are rare)
    signal?.addEventListener('abort', () => {
      timers.clearTimeout(id);
      reject(signal.reason);
    });
  });
