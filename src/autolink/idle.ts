/**
 * Work that waits for the page to be idle: `requestIdleCallback` where there
 * is one, else the widgets' timers (`env.timers`, which tests inject).
 */
import { env } from '../page/env.js';

/** How long work for an idle moment may run before it yields (ms), without `requestIdleCallback`. */
const SLICE = 8;

/** How much of the idle moment is left (ms). */
export type TimeLeft = () => number;

/** Runs `run` when the page is idle; returns how to cancel it. */
export function whenIdle(run: (timeLeft: TimeLeft) => void): () => void {
  if (typeof requestIdleCallback == 'function') {
    const id = requestIdleCallback((deadline) => run(() => deadline.timeRemaining()), {
      timeout: 2e3,
    });
    return () => cancelIdleCallback(id);
  }
  const id = env.timers.setTimeout(() => {
    const end = env.timers.now() + SLICE;
    run(() => end - env.timers.now());
  }, 1);
  return () => env.timers.clearTimeout(id);
}
