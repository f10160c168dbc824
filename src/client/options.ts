/** Checks of the client options that the core leaves to `createClient`. */
import type { CoreOptions } from './core.js';

/**
 * Checks `options` (the token warning is the core's own) and returns them
 * with `baseUrl` normalised by the URL parser.
 * @throws TypeError naming the first invalid option.
 */
export function checkOptions(options: CoreOptions): CoreOptions {
  const o = options;
  const bad = (name: string, value: unknown, expected: string) => {
    throw new TypeError(`Invalid option ${name}: expected ${expected}, got ${String(value)}`);
  };
  if (!o || typeof o != 'object') bad('options', o, 'an object');
  let url: URL | undefined;
  try {
    url = new URL(o.baseUrl);
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash)
    bad('baseUrl', o.baseUrl, 'an absolute http(s) URL without query or fragment');
  if (o.token !== undefined && (typeof o.token != 'string' || !o.token))
    bad('token', o.token, 'a non-empty string');
  if (o.fetch !== undefined && typeof o.fetch != 'function') bad('fetch', o.fetch, 'a function');
  if (o.timeout !== undefined && o.timeout !== false && !(o.timeout > 0 && o.timeout < 1 / 0))
    bad('timeout', o.timeout, 'a positive number of ms or false');
  if (o.headers !== undefined && (typeof o.headers != 'object' || !o.headers))
    bad('headers', o.headers, 'an object');
  if (o.random !== undefined && typeof o.random != 'function')
    bad('random', o.random, 'a function');
  const r = o.retry;
  if (typeof r == 'number' || r === false) {
    if (!(+r >= 0)) bad('retry', r, 'a number ≥ 0, false or an object');
  } else if (r !== undefined) {
    if (typeof r != 'object' || !r) bad('retry', r, 'a number ≥ 0, false or an object');
    for (const k of ['limit', 'delay', 'backoffLimit', 'maxRetryAfter'] as const)
      if (r[k] !== undefined && !(r[k] >= 0)) bad('retry.' + k, r[k], 'a number ≥ 0');
    for (const k of ['methods', 'statusCodes'] as const)
      if (r[k] !== undefined && !Array.isArray(r[k])) bad('retry.' + k, r[k], 'an array');
  }
  return { ...o, baseUrl: url!.href };
}
