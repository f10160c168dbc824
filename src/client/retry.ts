/** When and how long to wait before retrying a failed attempt. */
import { HttpError, NetworkError, parseRetryAfter } from './errors.js';

/**
 * Retry settings. Times are in milliseconds.
 * - `limit`: retries after the first attempt (default 2).
 * - `methods`: methods that are retried (default GET, HEAD, OPTIONS, PUT,
 *   DELETE; so never POST or PATCH); routes marked `idempotent` are retried
 *   whatever their method.
 * - `statusCodes`: answers that are retried (default 408, 429, 500, 502, 503,
 *   504); network errors are retried too, timeouts are not.
 * - `delay`: the first backoff (default 300), doubled on each retry, capped
 *   at `backoffLimit` (default 10 000), with full jitter (× random 0–1).
 * - `maxRetryAfter`: the longest `Retry-After` waited for (default 30 000); a
 *   longer one is not waited for: the error (e.g. `RateLimitError`) is thrown.
 */
export interface RetryOptions {
  limit?: number;
  methods?: readonly string[];
  statusCodes?: readonly number[];
  delay?: number;
  backoffLimit?: number;
  maxRetryAfter?: number;
}

/** `false` or `0`: no retries; a number: the `limit`; or the full options. */
export type RetryInput = number | false | RetryOptions;

export type RetryPolicy = Required<RetryOptions>;

/** The `retry` option with its defaults filled in. */
export const retryPolicy = (input: RetryInput = {}): RetryPolicy => ({
  limit: 2,
  methods: 'GET HEAD OPTIONS PUT DELETE'.split(' '),
  statusCodes: [408, 429, 500, 502, 503, 504],
  delay: 300,
  backoffLimit: 1e4,
  maxRetryAfter: 3e4,
  ...(typeof input == 'object' ? input : { limit: +input }),
});

/**
 * How long to wait before retry number `attempt + 1` (`attempt` from 0) after
 * `error` of a retryable request, or `-1` when it must not be retried.
 * `Retry-After` wins over the backoff.
 */
export function retryDelay(
  policy: RetryPolicy,
  error: unknown,
  attempt: number,
  now: number,
  random: () => number,
): number {
  if (
    attempt >= policy.limit ||
    !(
      error instanceof NetworkError ||
      (error instanceof HttpError && policy.statusCodes.includes(error.status))
    )
  )
    return -1;
  const after = parseRetryAfter((error as HttpError).response?.headers.get('retry-after'), now);
  return after === undefined
    ? Math.min(policy.backoffLimit, policy.delay * 2 ** attempt) * random()
    : after > policy.maxRetryAfter
      ? -1
      : after;
}
