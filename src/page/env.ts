/**
 * What the widgets take from the page, in one object, so that tests inject
 * their own instead of patching globals (it is not part of the package's
 * API): `fetch` for every API request, `timers` for the deadline, the
 * debounce, the held click and the check that a disconnected element was
 * not just moved, `warn` for warnings. The defaults look the globals up at
 * call time.
 *
 * It is also the one reset seam of the widgets' module state (options,
 * request cores, caches, impression batches): each module registers how it
 * is emptied with `onReset`, and tests call `resetWidgets()` so that no test
 * depends on another's leftovers.
 */
import type { Fetch } from '../client/core.js';
import { defaultTimers, type Timers } from '../client/delay.js';

export interface WidgetEnv {
  fetch: Fetch;
  timers: Timers;
  warn: (...data: unknown[]) => void;
}

const defaults = (): WidgetEnv => ({
  fetch: (url, init) => fetch(url, init),
  timers: defaultTimers,
  warn: (...data) => console.warn(...data),
});

export const env: WidgetEnv = defaults();

const resetters: (() => void)[] = [];

/** Registers how a module's state is emptied by `resetWidgets()`. */
export const onReset = (reset: () => void): void => void resetters.push(reset);

/** Tests only: the defaults of `env`, and every module's state as on a fresh page. */
export function resetWidgets(): void {
  Object.assign(env, defaults());
  for (const reset of resetters) reset();
}
