/** Sharing identical in-flight requests. */

/**
 * Runs `run` once per `key` while it is in flight and gives every caller the
 * same result. Each caller keeps its own `signal`: aborting one rejects only
 * that caller (with the signal's reason); the shared work is aborted (through
 * the signal `run` receives) only when every caller has aborted.
 */
export type Share = <T>(
  key: string,
  run: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
) => Promise<T>;

/** A new, empty set of in-flight requests. */
export function createInflight(): Share {
  // (Internal fields start with `_`: the CDN build's minifier shortens them.)
  const map = new Map<
    string,
    { _promise: Promise<unknown>; _controller: AbortController; _callers: number }
  >();
  return (key, run, signal) => {
    let entry = map.get(key)!;
    const drop = () => map.get(key) == entry && map.delete(key);
    if (!entry) {
      const controller = new AbortController();
      // started on the next microtask, after this caller's abort listener is set
      map.set(
        key,
        (entry = {
          _controller: controller,
          _callers: 0,
          _promise: Promise.resolve(controller.signal).then(run),
        }),
      );
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
      entry._promise
        .then(resolve as (value: unknown) => void, reject)
        .finally(() => signal?.removeEventListener('abort', abort));
    });
  };
}
