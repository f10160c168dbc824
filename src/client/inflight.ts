/**
 * Sharing identical in-flight work: the client's GETs and the proxy's
 * upstream calls (src/proxy/read/read-path.ts) both go through it.
 */

/**
 * Runs `run` once per `key` while it is in flight and gives every caller the
 * same result. Each caller keeps its own `signal`: aborting one rejects only
 * that caller (with the signal's reason); the shared work is aborted (through
 * the signal `run` receives) only when every caller has aborted, and then the
 * next caller of `key` starts it anew. `run` starts at once, inside the first
 * caller's call, so a request leaves before whatever that caller does next; a
 * caller whose signal has already aborted is rejected at once and starts
 * nothing. `run` sees no abort that the callers' own listeners have not seen:
 * only they abort the signal it receives.
 */
export type Share = <T>(
  key: string,
  run: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
) => Promise<T>;

/**
 * A new, empty set of in-flight work. `flights` holds it by key while it
 * runs: pass a map of your own to see what is in flight (`has`, `size`);
 * treat its values as opaque and never change it.
 */
export function createInflight(flights: Map<string, unknown> = new Map()): Share {
  // (Internal fields start with `_`: the CDN build's minifier shortens them.)
  const map = flights as Map<
    string,
    { _promise: Promise<unknown>; _controller: AbortController; _callers: number }
  >;
  return (key, run, signal) => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    let entry = map.get(key)!;
    const drop = () => map.get(key) == entry && map.delete(key);
    if (!entry) {
      const controller = new AbortController();
      // Started now, not on a later microtask: the caller's own work after this call (a
      // widget builds its first number format) then runs while the request travels.
      // A `run` that throws at once rejects like one that rejects.
      entry = {
        _controller: controller,
        _callers: 0,
        _promise: new Promise((resolve) => resolve(run(controller.signal))),
      };
      map.set(key, entry);
      entry._promise.then(drop, drop);
    }
    entry._callers++;
    return new Promise((resolve, reject) => {
      const abort = () => {
        if (!--entry._callers) {
          drop();
          entry._controller.abort(signal!.reason);
        }
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', abort);
      // Aborted while `run` started, within this call (a `fetch` that aborts as it is called).
      if (signal?.aborted) abort();
      entry._promise
        .then(resolve as (value: unknown) => void, reject)
        .finally(() => signal?.removeEventListener('abort', abort));
    });
  };
}
