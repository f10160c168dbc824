/**
 * A {@link CacheStore} on the Web Cache API (`caches.open(name)`), which
 * Cloudflare Workers and Deno provide: its entries outlive an isolate or a
 * process, so a read cached by one instance is a hit in the next one.
 *
 * An opaque key becomes a synthetic request URL (`https://pubnet-proxy.cache/`
 * + the SHA-256 of the key), and the entry a `Response` with the stored body
 * and status and its windows in `x-pubnet-*` headers. The windows are read
 * back with the proxy's own clock, and an entry past its stale window is
 * deleted when it is read. `Cache-Control: max-age` covers the stale window
 * so a cache that expires entries itself (Cloudflare's) keeps them as long.
 */
import { sha256Hex, sha256Url } from '../http/etag.js';
import { invalid } from '../option-checks.js';
import type { CacheEntry, CacheStore } from './store.js';

/** The part of a `Cache` this store uses. */
export interface CacheLike {
  match(request: string): Promise<Response | undefined>;
  put(request: string, response: Response): Promise<void>;
  delete(request: string): Promise<boolean>;
}

/** The part of `CacheStorage` (the global `caches`) this store uses. */
export interface CacheStorageLike {
  open(name: string): Promise<CacheLike>;
}

const ORIGIN = 'https://pubnet-proxy.cache/';
const STORED_AT = 'x-pubnet-stored-at';
const FRESH_UNTIL = 'x-pubnet-fresh-until';
const STALE_UNTIL = 'x-pubnet-stale-until';
const ETAG = 'x-pubnet-etag';
/** Set when the answer had no body, which a `Response` cannot tell apart from an empty one. */
const NO_BODY = 'x-pubnet-no-body';

export class WebCacheStore implements CacheStore {
  readonly #storage: CacheStorageLike;
  readonly #name: string | (() => Promise<string>);
  readonly #now: () => number;
  #cache: Promise<CacheLike> | undefined;

  /**
   * @param storage the runtime's `caches`, or a stand-in
   * @param name the cache opened (or what makes its name, once, on first use); proxies that
   *   must not share entries use different names
   * @param now the proxy's clock in ms
   */
  constructor(
    storage: CacheStorageLike,
    name: string | (() => Promise<string>),
    now: () => number = Date.now,
  ) {
    this.#storage = storage;
    this.#name = name;
    this.#now = now;
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    const [cache, url] = await Promise.all([this.#open(), address(key)]);
    const response = await cache.match(url);
    if (!response) return undefined;
    const time = (name: string) => Number(response.headers.get(name) ?? NaN);
    const [storedAt, freshUntil, staleUntil] = [
      time(STORED_AT),
      time(FRESH_UNTIL),
      time(STALE_UNTIL),
    ];
    // An entry past its window, or one this store did not write, is dropped as it is read.
    if (!(staleUntil > this.#now()) || Number.isNaN(storedAt + freshUntil)) {
      // Not awaited: cancelling one branch of a teed body settles only once the other is too.
      response.body?.cancel().catch(() => undefined);
      await cache.delete(url);
      return undefined;
    }
    const body = response.headers.has(NO_BODY) ? null : await response.text();
    const etag = response.headers.get(ETAG) ?? undefined;
    return { answer: { status: response.status, body, etag }, storedAt, freshUntil, staleUntil };
  }

  async put(key: string, entry: CacheEntry): Promise<void> {
    const [cache, url] = await Promise.all([this.#open(), address(key)]);
    const { answer } = entry;
    const seconds = Math.max(1, Math.ceil((entry.staleUntil - this.#now()) / 1000));
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Cache-Control': `max-age=${seconds}`,
      [STORED_AT]: String(entry.storedAt),
      [FRESH_UNTIL]: String(entry.freshUntil),
      [STALE_UNTIL]: String(entry.staleUntil),
    };
    if (answer.etag) headers[ETAG] = answer.etag;
    if (answer.body === null) headers[NO_BODY] = '1';
    await cache.put(url, new Response(answer.body, { status: answer.status, headers }));
  }

  /** Opened once; a failed open is tried again by the next call. */
  #open(): Promise<CacheLike> {
    const name = this.#name;
    this.#cache ??= (typeof name === 'string' ? Promise.resolve(name) : name())
      .then((named) => this.#storage.open(named))
      .catch((error: unknown) => {
        this.#cache = undefined;
        throw error;
      });
    return this.#cache;
  }
}

/** The synthetic request URL of `key`: hashed, so a key of any length or content fits. */
async function address(key: string): Promise<string> {
  return ORIGIN + (await sha256Url(key));
}

/** The runtime's `caches`, when it has one with `open` (Workers, Deno); not on Node. */
export function runtimeCaches(): CacheStorageLike | undefined {
  const storage = (globalThis as { caches?: Partial<CacheStorageLike> }).caches;
  return typeof storage?.open === 'function' ? (storage as CacheStorageLike) : undefined;
}

/**
 * The name of the default Web Cache API cache of a proxy of `upstream`
 * holding `token`: `pubnet-proxy-` and 16 hex digits of the SHA-256 of both.
 * Proxies of different APIs, or with different tokens, never share entries,
 * and the name (which the runtime may show or log) never holds the token.
 */
export async function defaultCacheName(upstream: URL, token: string): Promise<string> {
  // A URL never holds a line break: the two parts cannot run into each other.
  return `pubnet-proxy-${(await sha256Hex(`${upstream.href}\n${token}`)).slice(0, 16)}`;
}

/**
 * The shared store of the `cache.store` option: the one given, none for
 * `'memory'`, and by default the Web Cache API where the runtime has it,
 * in a cache named by {@link defaultCacheName}. `undefined`: memory only.
 * @throws TypeError when `option` is neither a store nor `'memory'`.
 */
export function chooseStore(
  option: CacheStore | 'memory' | undefined,
  upstream: URL,
  token: string,
  now: () => number,
): CacheStore | undefined {
  if (option === 'memory') return undefined;
  if (option === undefined) {
    const storage = runtimeCaches();
    const name = () => defaultCacheName(upstream, token);
    return storage && new WebCacheStore(storage, name, now);
  }
  const store = option as Partial<CacheStore> | null;
  if (typeof store?.get !== 'function' || typeof store.put !== 'function')
    throw invalid('cache.store', "{ get(key), put(key, entry) } or 'memory'");
  return option;
}
