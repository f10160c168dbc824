/**
 * CORS for the configured origins. Only listed origins (or any, with `'*'`)
 * get `Access-Control-Allow-Origin`; a preflight from any other origin is
 * refused with 403. No credentials are ever allowed: the proxy holds the only
 * credential there is, and pages must not send cookies to it.
 */
import { BASE_HEADERS } from './respond.js';

const ALLOW_METHODS = 'GET, HEAD, POST, PUT, OPTIONS';
/** The request headers the proxy reads (see proxy.ts); anything else is dropped anyway. */
const ALLOW_HEADERS = 'Content-Type, Accept, If-None-Match';
const EXPOSE_HEADERS = 'ETag, Retry-After, X-Cache, X-Pubnet-Status';
const MAX_AGE = '86400';

export class Cors {
  readonly #origins: readonly string[] | '*';
  /** The headers of each variant, made once (see {@link Cors.variant}); never to be changed. */
  readonly #headers = new Map<string, Readonly<Record<string, string>>>();

  constructor(origins: readonly string[] | '*') {
    this.#origins = origins;
    const expose = { 'Access-Control-Expose-Headers': EXPOSE_HEADERS };
    if (origins === '*') this.#headers.set('*', { 'Access-Control-Allow-Origin': '*', ...expose });
    else if (origins.length === 0) this.#headers.set('', {});
    else {
      this.#headers.set('', { Vary: 'Origin' });
      for (const origin of origins)
        this.#headers.set(origin, {
          'Access-Control-Allow-Origin': origin,
          ...expose,
          Vary: 'Origin',
        });
    }
  }

  /**
   * What the answer to a request from `origin` depends on: `*`, the origin
   * itself when it is a configured one, or `''` (no CORS headers, or
   * `Vary: Origin` alone). As many values as configured origins, plus one.
   */
  variant(origin: string | null): string {
    if (this.#origins === '*') return '*';
    return origin !== null && this.#origins.includes(origin) ? origin : '';
  }

  /** Whether `origin` may read answers. */
  allows(origin: string | null): boolean {
    return origin !== null && (this.#origins === '*' || this.#origins.includes(origin));
  }

  /**
   * Headers for an answer to a request from `origin`. `Vary: Origin` is sent
   * whenever the answer depends on the origin, so a CDN keeps one copy per origin.
   */
  headers(origin: string | null): Readonly<Record<string, string>> {
    return this.#headers.get(this.variant(origin))!;
  }

  /** The answer to an `OPTIONS` preflight; `known` says whether the path is a forwarded route. */
  preflight(origin: string | null, known: boolean): Response {
    const headers: Record<string, string> = { ...BASE_HEADERS, Vary: 'Origin' };
    if (!this.allows(origin)) return new Response(null, { status: 403, headers });
    const allowed = { ...this.headers(origin) };
    delete allowed['Access-Control-Expose-Headers'];
    return new Response(null, {
      status: known ? 204 : 404,
      headers: {
        ...headers,
        ...allowed,
        'Access-Control-Allow-Methods': ALLOW_METHODS,
        'Access-Control-Allow-Headers': ALLOW_HEADERS,
        'Access-Control-Max-Age': MAX_AGE,
      },
    });
  }
}
