/**
 * Hono middleware of the emulator, in the order app.ts installs them:
 * request log → CORS → latency → faults; `auth` runs per route.
 */
import type { MiddlewareHandler } from 'hono';
import { sleep, type Timers } from '../client/delay.js';
import { detail } from './errors.js';
import { faultResponse, type FaultSet } from './faults.js';
import type { RequestLogEntry } from './types.js';

export interface Env {
  Variables: {
    /** The parsed JSON body (undefined when there was none). */
    body: unknown;
    /** Set when the body was not valid JSON. */
    bodyError: string | undefined;
  };
}

const MAX_LOG = 10_000;
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Reads the body once (JSON when it parses) and logs the request. */
export function requestLog(
  log: RequestLogEntry[],
  onRequest?: (entry: RequestLogEntry) => void,
): MiddlewareHandler<Env> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let body: unknown;
    if (WITH_BODY.has(c.req.method)) {
      const text = await c.req.text();
      if (text.trim() !== '') {
        try {
          body = JSON.parse(text);
        } catch (e) {
          body = text;
          c.set('bodyError', `JSON parse error - ${(e as Error).message}`);
        }
      }
    }
    c.set('body', body);
    const entry = {
      method: c.req.method,
      path: url.pathname,
      search: url.search,
      body,
      at: Date.now(),
    };
    log.push(entry);
    if (log.length > MAX_LOG) log.splice(0, log.length - MAX_LOG);
    onRequest?.(entry);
    await next();
  };
}

const ALLOW_HEADERS = ['Authorization', 'Content-Type', 'Accept', 'If-None-Match'];
const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * CORS on everything, any origin. Headers are set after the inner handlers,
 * so faults, errors and 304s carry them too.
 */
export function cors(): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      const asked = (c.req.header('Access-Control-Request-Headers') ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean);
      const allow = [...new Set([...ALLOW_HEADERS, ...asked])].join(', ');
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': ALLOW_METHODS,
          'Access-Control-Allow-Headers': allow,
          'Access-Control-Max-Age': '600',
        },
      });
    }
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('Access-Control-Expose-Headers', 'Retry-After, ETag, Location');
  };
}

export type LatencyTimers = Pick<Timers, 'setTimeout' | 'clearTimeout'>;

/** Holds every answer `get()` ms on `timers`; a request aborted meanwhile clears its timer. */
export function latency(get: () => number, timers: LatencyTimers): MiddlewareHandler<Env> {
  return async (c, next) => {
    const ms = get();
    const { signal } = c.req.raw;
    if (ms > 0) {
      signal.throwIfAborted();
      await sleep(ms, timers, signal);
    }
    await next();
  };
}

export function faults(set: FaultSet): MiddlewareHandler<Env> {
  return async (c, next) => {
    const fault = set.take(c.req.method, new URL(c.req.url).pathname);
    if (fault) return faultResponse(fault, c.req.raw.signal);
    await next();
  };
}

/** `Authorization: Token <token>` (DRF TokenAuthentication: keyword case-insensitive). */
export function auth(token: string): MiddlewareHandler<Env> {
  return async (c, next) => {
    const header = c.req.header('Authorization');
    const challenge = { 'WWW-Authenticate': 'Token' };
    if (!header) {
      return withHeaders(detail(401, 'Authentication credentials were not provided.'), challenge);
    }
    const [keyword, value, ...rest] = header.trim().split(/\s+/);
    if (keyword?.toLowerCase() !== 'token' || value !== token || rest.length > 0) {
      return withHeaders(detail(401, 'Invalid token.'), challenge);
    }
    await next();
  };
}

function withHeaders(res: Response, headers: Record<string, string>): Response {
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
}
