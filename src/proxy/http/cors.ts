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

  constructor(origins: readonly string[] | '*') {
    this.#origins = origins;
  }

  /** Whether `origin` may read answers. */
  allows(origin: string | null): boolean {
    return origin !== null && (this.#origins === '*' || this.#origins.includes(origin));
  }

  /**
   * Headers for an answer to a request from `origin`. `Vary: Origin` is sent
   * whenever the answer depends on the origin, so a CDN keeps one copy per origin.
   */
  headers(origin: string | null): Record<string, string> {
    if (this.#origins === '*')
      return {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Expose-Headers': EXPOSE_HEADERS,
      };
    if (this.#origins.length === 0) return {};
    if (!this.allows(origin)) return { Vary: 'Origin' };
    return {
      'Access-Control-Allow-Origin': origin!,
      'Access-Control-Expose-Headers': EXPOSE_HEADERS,
      Vary: 'Origin',
    };
  }

  /** The answer to an `OPTIONS` preflight; `known` says whether the path is a forwarded route. */
  preflight(origin: string | null, known: boolean): Response {
    const headers: Record<string, string> = { ...BASE_HEADERS, Vary: 'Origin' };
    if (!this.allows(origin)) return new Response(null, { status: 403, headers });
    const allowed = this.headers(origin);
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
