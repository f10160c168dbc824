/**
 * The one place that checks the proxy's options (options.ts) and fills in
 * their defaults. A wrong option is a deployment mistake, so it fails at
 * start-up with a `TypeError` that names the option, never per request.
 */
import {
  basePath,
  hostList,
  httpUrl,
  invalid,
  lexiconSettings,
  nonNegative,
  origins,
  positive,
  stringList,
} from './option-checks.js';
import type { ProxyOptions, ResolvedOptions } from './options.js';
import { DEFAULT_CONCURRENCY, DEFAULT_RATE_LIMIT } from './read/limit-options.js';
import { chooseStore } from './read/web-cache-store.js';

export const DEFAULT_CACHE = {
  ttl: 60_000,
  max: 500,
  maxBytes: 16 * 1024 * 1024,
  staleIfError: 86_400_000,
  notFoundTtl: 10_000,
  staleWhileRevalidate: 60_000,
} as const;
export const DEFAULT_TIMEOUT = 5_000;
/** Shorter tokens are refused: scrubbing a short string out of every answer would mangle data. */
export const MIN_TOKEN_LENGTH = 8;

/**
 * Checks the options and fills in defaults.
 * @throws TypeError naming the first invalid option.
 */
export function resolveOptions(options: ProxyOptions): ResolvedOptions {
  if (typeof options !== 'object' || options === null) throw invalid('options', 'an object');
  const { token } = options;
  if (typeof token !== 'string' || token.length < MIN_TOKEN_LENGTH || /[\s\p{Cc}]/u.test(token))
    throw invalid('token', `a string of at least ${MIN_TOKEN_LENGTH} characters without spaces`);
  const upstream = httpUrl('upstream', options.upstream);
  const publicUrl =
    options.publicUrl === undefined ? undefined : httpUrl('publicUrl', options.publicUrl).href;

  const { cache, rateLimit, concurrency } = options;
  if (cache !== undefined && cache !== false && (typeof cache !== 'object' || cache === null))
    throw invalid(
      'cache',
      '{ ttl?, max?, maxBytes?, staleIfError?, notFoundTtl?, staleWhileRevalidate?, store? } or false',
    );
  if (
    rateLimit !== undefined &&
    rateLimit !== false &&
    (typeof rateLimit !== 'object' || rateLimit === null)
  )
    throw invalid('rateLimit', '{ rate?, burst?, ipHeader?, maxClients? } or false');
  if (concurrency !== undefined && (typeof concurrency !== 'object' || concurrency === null))
    throw invalid('concurrency', '{ max?, queue?, wait? }');
  const ipHeader = rateLimit ? rateLimit.ipHeader : undefined;
  if (ipHeader !== undefined && (typeof ipHeader !== 'string' || !/^[\w-]+$/.test(ipHeader)))
    throw invalid('rateLimit.ipHeader', 'a header name');

  if (options.compose !== undefined && typeof options.compose !== 'boolean')
    throw invalid('compose', 'a boolean');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw invalid('fetch', 'a fetch function');
  if (options.now !== undefined && typeof options.now !== 'function')
    throw invalid('now', 'a function returning ms');
  if (options.onLog !== undefined && typeof options.onLog !== 'function')
    throw invalid('onLog', 'a function');

  return {
    token,
    upstream,
    websites: stringList('websites', options.websites),
    deepLinkHosts: hostList('deepLinkHosts', options.deepLinkHosts),
    allowOrigins: origins(options.allowOrigins),
    basePath: basePath(options.basePath),
    publicUrl,
    cache:
      cache === false
        ? false
        : {
            ttl: positive('cache.ttl', cache?.ttl, DEFAULT_CACHE.ttl),
            max: Math.floor(positive('cache.max', cache?.max, DEFAULT_CACHE.max)),
            maxBytes: Math.floor(
              positive('cache.maxBytes', cache?.maxBytes, DEFAULT_CACHE.maxBytes),
            ),
            staleIfError: nonNegative(
              'cache.staleIfError',
              cache?.staleIfError,
              DEFAULT_CACHE.staleIfError,
            ),
            notFoundTtl: nonNegative(
              'cache.notFoundTtl',
              cache?.notFoundTtl,
              DEFAULT_CACHE.notFoundTtl,
            ),
            staleWhileRevalidate: nonNegative(
              'cache.staleWhileRevalidate',
              cache?.staleWhileRevalidate,
              DEFAULT_CACHE.staleWhileRevalidate,
            ),
            store: chooseStore(cache?.store, upstream, token, options.now ?? (() => Date.now())),
          },
    rateLimit:
      rateLimit === false
        ? false
        : {
            rate: positive('rateLimit.rate', rateLimit?.rate, DEFAULT_RATE_LIMIT.rate),
            burst: positive('rateLimit.burst', rateLimit?.burst, DEFAULT_RATE_LIMIT.burst),
            maxClients: Math.floor(
              positive(
                'rateLimit.maxClients',
                rateLimit?.maxClients,
                DEFAULT_RATE_LIMIT.maxClients,
              ),
            ),
            ipHeader: ipHeader?.toLowerCase(),
          },
    concurrency: {
      max: Math.max(
        1,
        Math.floor(positive('concurrency.max', concurrency?.max, DEFAULT_CONCURRENCY.max)),
      ),
      queue: Math.floor(
        nonNegative('concurrency.queue', concurrency?.queue, DEFAULT_CONCURRENCY.queue),
      ),
      wait: nonNegative('concurrency.wait', concurrency?.wait, DEFAULT_CONCURRENCY.wait),
    },
    compose: options.compose ?? true,
    lexicon: lexiconSettings(options.lexicon),
    // Bound so that a runtime's fetch that needs `this === globalThis` keeps working.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeout: positive('timeout', options.timeout, DEFAULT_TIMEOUT),
    now: options.now ?? (() => Date.now()),
    onLog: options.onLog,
  };
}
