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
  const map = new Map<string, { p: Promise<unknown>; c: AbortController; n: number }>();
  return (key, run, signal) => {
    let e = map.get(key)!;
    const drop = () => map.get(key) == e && map.delete(key);
    if (!e) {
      const c = new AbortController();
      // started on the next microtask, after this caller's abort listener is set
      map.set(key, (e = { c, n: 0, p: Promise.resolve(c.signal).then(run) }));
      e.p.then(drop, drop);
    }
    e.n++;
    return new Promise((resolve, reject) => {
      const abort = () => {
        if (!--e.n) {
          drop();
          e.c.abort(signal!.reason);
        }
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', abort);
      e.p
        .then(resolve as (v: unknown) => void, reject)
        .finally(() => signal?.removeEventListener('abort', abort));
    });
  };
}
