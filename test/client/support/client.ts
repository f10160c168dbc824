/** Shared helpers of the client tests: emulators, request counting, recording timers. */
import { startEmulator, type LoggedRequest, type TestEmulator } from '../../support/emulator.js';
import { createClient, type Client, type ClientOptions } from '../../../src/client/index.js';

export { known } from '../../../src/emulator/known.js';
export type { TestEmulator };

/** A fresh emulator and a client with its token (no retries unless given). */
export async function setup(
  options: Partial<ClientOptions> = {},
  emulatorOptions: Parameters<typeof startEmulator>[0] = {},
): Promise<{ emu: TestEmulator; client: Client }> {
  const emu = await startEmulator(emulatorOptions);
  const client = createClient({
    baseUrl: emu.url,
    token: emu.token,
    origin: null,
    retry: { delay: 1 },
    ...options,
  });
  return { emu, client };
}

/** The requests the emulator received for `method` (preflights left out) whose path matches. */
export async function received(
  emu: TestEmulator,
  method: string,
  path?: string | RegExp,
): Promise<LoggedRequest[]> {
  return (await emu.requests()).filter(
    (r) =>
      r.method == method &&
      (path === undefined || (typeof path == 'string' ? r.path == path : path.test(r.path))),
  );
}

/** Resolves with what `promise` rejects with; fails when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

/**
 * Timers that record every delay asked for and fire it at once (on the next
 * task), with a fixed clock. Use with `timeout: false`, so that only backoff
 * waits go through them.
 */
export function recordingTimers(now = Date.UTC(2030, 0, 1)) {
  const delays: number[] = [];
  return {
    delays,
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        delays.push(ms);
        return setTimeout(fn, 0);
      },
      clearTimeout: (id: unknown) => clearTimeout(id as number),
      now: () => now,
    },
  };
}

/** A timer set through {@link queuedTimers}: it runs only when the test fires it. */
export interface QueuedTimer {
  readonly id: number;
  readonly ms: number;
  /** Runs the callback now, unless the timer was cleared (or already fired). */
  fire(): void;
}

/**
 * Timers that hold every callback until the test fires it, with a fixed
 * clock, and queue each timer for the test: `next()` resolves with the next
 * timer set (one set earlier and not yet taken at once), so a test waits for
 * the client to arm its timeout or a backoff instead of waiting for time to
 * pass. (Not the widgets' `heldTimers` of test/components/support/elements.ts, which
 * holds the delays a test names and fires them by delay.)
 */
export function queuedTimers(now = Date.UTC(2030, 0, 1)) {
  const pending = new Map<number, QueuedTimer>();
  const cleared: number[] = [];
  const untaken: QueuedTimer[] = [];
  const takers: ((timer: QueuedTimer) => void)[] = [];
  let lastId = 0;
  return {
    /** The timers set and neither fired nor cleared, by id. */
    pending,
    /** Ids of the timers cleared before they fired, in order. */
    cleared,
    next: (): Promise<QueuedTimer> =>
      untaken.length
        ? Promise.resolve(untaken.shift()!)
        : new Promise((resolve) => takers.push(resolve)),
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        const id = ++lastId;
        const timer = { id, ms, fire: () => void (pending.delete(id) && fn()) };
        pending.set(id, timer);
        const taker = takers.shift();
        if (taker) taker(timer);
        else untaken.push(timer);
        return id;
      },
      clearTimeout: (id: unknown) => {
        if (pending.delete(id as number)) cleared.push(id as number);
      },
      now: () => now,
    },
  };
}

/** A manual clock for the cache. */
export function manualClock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** A JSON `Response`. */
export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
