/**
 * Coalescing of identical upstream calls: while one is in flight, the same
 * key joins it instead of calling again (20 identical searches from one page
 * load cost one upstream call).
 *
 * The shared call has its own `AbortSignal`: one caller going away must not
 * cancel it for the others, so it is aborted only when every caller has left.
 */
interface Flight<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiters: number;
}

export class Coalescer<T> {
  readonly #flights = new Map<string, Flight<T>>();

  /**
   * Runs `task` for `key`, or joins the call already running for it.
   * `task` should not reject; `signal` is the caller's, and its abort rejects
   * only this caller's promise (with the signal's reason).
   */
  run(
    key: string,
    task: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
  ): { promise: Promise<T>; shared: boolean } {
    let flight = this.#flights.get(key);
    const shared = flight !== undefined;
    if (!flight) {
      const controller = new AbortController();
      const started: Flight<T> = { controller, waiters: 0, promise: task(controller.signal) };
      const forget = () => {
        if (this.#flights.get(key) === started) this.#flights.delete(key);
      };
      started.promise.then(forget, forget);
      this.#flights.set(key, started);
      flight = started;
    }
    flight.waiters += 1;
    return { promise: this.#wait(flight, signal), shared };
  }

  /** Whether a call for `key` is in flight, so that running it would join rather than start one. */
  has(key: string): boolean {
    return this.#flights.has(key);
  }

  /** Calls in flight (for tests and metrics). */
  get size(): number {
    return this.#flights.size;
  }

  #wait(flight: Flight<T>, signal: AbortSignal | undefined): Promise<T> {
    if (!signal) return flight.promise;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        flight.waiters -= 1;
        if (flight.waiters === 0) flight.controller.abort(signal.reason);
        reject(signal.reason);
      };
      if (signal.aborted) return leave();
      signal.addEventListener('abort', leave, { once: true });
      flight.promise.then(
        (value) => {
          signal.removeEventListener('abort', leave);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', leave);
          reject(error);
        },
      );
    });
  }
}
