/**
 * What the widgets take from the page, in one object, so that tests inject
 * their own instead of patching globals (it is not part of the package's
 * API): `fetch` for every API request, `timers` for the deadline, the
 * debounce and the held click, `warn` for warnings. The defaults look the
 * globals up at call time.
 */
import type { Fetch } from '../../client/core.js';
import { defaultTimers, type Timers } from '../../client/delay.js';

export const env: { fetch: Fetch; timers: Timers; warn: (...data: unknown[]) => void } = {
  fetch: (url, init) => fetch(url, init),
  timers: defaultTimers,
  warn: (...data) => console.warn(...data),
};
