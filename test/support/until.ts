// Waiting in Node tests for something only visible in state (a call in flight, a request
// that reached a server), checked after each turn of the event loop: never after a fixed time.

/**
 * How long {@link until} keeps checking: a number of event-loop turns, for in-process work
 * (promises, timers held by the test), where nothing waits on I/O; or a time in ms, for work
 * that waits on sockets, where how many turns that takes depends on the machine.
 */
export type Limit = { turns: number } | { ms: number };

/**
 * Resolves once `condition()` holds, checking after each turn of the event loop (I/O
 * included); fails once `limit` is reached, instead of letting a broken test hang. `what`
 * completes "waiting until …" in that error.
 */
export async function until(
  condition: () => boolean,
  what: string,
  limit: Limit = { turns: 10_000 },
): Promise<void> {
  const deadline = 'ms' in limit ? Date.now() + limit.ms : Infinity;
  const most = 'turns' in limit ? limit.turns : Infinity;
  for (let turn = 0; !condition(); turn += 1) {
    if (turn >= most || Date.now() > deadline)
      throw new Error(
        `Gave up waiting until ${what} (${'ms' in limit ? `${limit.ms} ms` : `${most} turns`})`,
      );
    await new Promise((resolve) => setImmediate(resolve));
  }
}
