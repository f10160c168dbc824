/** Injectable timers and an abortable sleep. */

/** The clock and timers the client uses; inject them in tests. */
export interface Timers {
  setTimeout(callback: () => void, milliseconds: number): unknown;
  clearTimeout(id: unknown): void;
  /** Milliseconds since the epoch, like `Date.now()`. */
  now(): number;
}

/** Defaults bound at call time (so late polyfills and fake timers still work). */
export const defaultTimers: Timers = {
  setTimeout: (callback, milliseconds) => setTimeout(callback, milliseconds),
  clearTimeout: (id) => clearTimeout(id as number),
  now: Date.now,
};

/**
 * Resolves after `milliseconds`; rejects with the signal's reason as soon as it aborts.
 * The signal must not be aborted yet.
 */
export const sleep = (
  milliseconds: number,
  timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>,
  signal?: AbortSignal,
): Promise<void> =>
  new Promise((resolve, reject) => {
    const id = timers.setTimeout(resolve, milliseconds);
    // (left on the signal after the sleep: a no-op then; sleeps are rare)
    signal?.addEventListener('abort', () => {
      timers.clearTimeout(id);
      reject(signal.reason);
    });
  });
