/** Checks of the client options that the core leaves to `createClient`. */
import type { CoreOptions } from './core.js';

/**
 * Checks `options` (the token warning is the core's own) and returns them
 * with `baseUrl` normalised by the URL parser.
 * @throws TypeError naming the first invalid option.
 */
export function checkOptions(options: CoreOptions): CoreOptions {
  const bad = (name: string, value: unknown, expected: string) => {
    throw new TypeError(`Invalid option ${name}: expected ${expected}, got ${String(value)}`);
  };
  if (!options || typeof options != 'object') bad('options', options, 'an object');
  let url: URL | undefined;
  try {
    url = new URL(options.baseUrl);
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash)
    bad('baseUrl', options.baseUrl, 'an absolute http(s) URL without query or fragment');
  if (options.token !== undefined && (typeof options.token != 'string' || !options.token))
    bad('token', options.token, 'a non-empty string');
  if (options.fetch !== undefined && typeof options.fetch != 'function')
    bad('fetch', options.fetch, 'a function');
  if (
    options.timeout !== undefined &&
    options.timeout !== false &&
    !(options.timeout > 0 && options.timeout < 1 / 0)
  )
    bad('timeout', options.timeout, 'a positive number of ms or false');
  if (options.headers !== undefined && (typeof options.headers != 'object' || !options.headers))
    bad('headers', options.headers, 'an object');
  if (options.random !== undefined && typeof options.random != 'function')
    bad('random', options.random, 'a function');
  const retry = options.retry;
  if (typeof retry == 'number' || retry === false) {
    if (!(+retry >= 0)) bad('retry', retry, 'a number ≥ 0, false or an object');
  } else if (retry !== undefined) {
    if (typeof retry != 'object' || !retry) bad('retry', retry, 'a number ≥ 0, false or an object');
    for (const key of ['limit', 'delay', 'backoffLimit', 'maxRetryAfter'] as const)
      if (retry[key] !== undefined && !(retry[key] >= 0))
        bad('retry.' + key, retry[key], 'a number ≥ 0');
    for (const key of ['methods', 'statusCodes'] as const)
      if (retry[key] !== undefined && !Array.isArray(retry[key]))
        bad('retry.' + key, retry[key], 'an array');
  }
  return { ...options, baseUrl: url!.href };
}
