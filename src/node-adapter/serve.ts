/**
 * The Node adapter for web-standard handlers: `@hono/node-server` turns each
 * node:http request into a `Request` and writes the `Response` back; this
 * module keeps around it what the public edge needs (api-contract §12) and
 * that adapter does not give by itself:
 *
 * - The request's URL is this server's own origin plus the target's path and
 *   query: the `Host` header (still readable) and an absolute-form target's
 *   host are never used for it.
 * - A request without exactly one valid `Host` (none, an empty one, one with a
 *   space or another character no host has, two of them) is `400` before the
 *   handler runs (RFC 9112 §3.2), whatever its HTTP version; so are TRACE,
 *   CONNECT and a target that is no path. These answers and a handler's
 *   failure are short plain texts: no error, no stack trace, reaches anyone.
 * - A declared Content-Length over `maxBodyBytes` is 413 before the handler
 *   runs; a body is read only as the handler reads it, never past the cap
 *   (body.ts). A request whose body was not read to its end (an unknown path,
 *   a refusal before reading) is answered with `Connection: close` and its
 *   connection closed after the answer: the rest of the body is never read.
 * - `close()` destroys open sockets (a hanging handler cannot keep the server
 *   up); `shutdown(graceMs)` lets the requests in flight finish first.
 *
 * `lightweightGlobals` lets `@hono/node-server` replace the process's global
 * `Request` and `Response` with its lighter ones (a `Response` made from a
 * string or bytes is then written without being turned into a stream): for a
 * process of its own, like the proxy's CLI, never for a library's caller.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { validHost } from '../proxy/http/host.js';
import { cappedBody, hasBody, type BodyState } from './body.js';

/** What the adapter knows about the connection (the proxy's per-IP rate limit uses it). */
export interface ConnectionInfo {
  /** The socket's remote address. */
  remoteAddress?: string;
}

/** A web-standard handler; one that can answer at once may return the `Response` itself. */
export type FetchHandler = (req: Request, info: ConnectionInfo) => Response | Promise<Response>;

/** What went wrong, in a word (never the error itself: it could name anything). */
export type ServeErrorKind = 'bad request' | 'handler failed' | 'response failed';

export interface ServeOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Largest request body accepted, in bytes; a larger one gets 413 (default 1 MiB). */
  maxBodyBytes?: number;
  /** Time to receive a request's headers, in ms (default 10 s). */
  headersTimeout?: number;
  /** Time to receive a whole request, in ms (default 30 s). */
  requestTimeout?: number;
  /** How long an idle keep-alive connection stays open, in ms (default 5 s). */
  keepAliveTimeout?: number;
  /** Told of each failure by kind; nothing is logged otherwise. */
  onError?: (kind: ServeErrorKind) => void;
  /**
   * Replace this process's global `Request` and `Response` with
   * `@hono/node-server`'s lightweight ones (default false): faster, for a
   * process that is only this server.
   */
  lightweightGlobals?: boolean;
}

export interface Served {
  /** Like `http://127.0.0.1:54321/`, with the real port. */
  url: string;
  /** Stops at once: open sockets (and the requests on them) are destroyed. */
  close(): Promise<void>;
  /**
   * Stops accepting connections, closes idle ones, lets the requests in
   * flight finish (answered with `Connection: close`) and destroys what is
   * left after `graceMs`. Resolves once everything is closed.
   */
  shutdown(graceMs: number): Promise<void>;
}

export const DEFAULT_MAX_BODY = 1 << 20;

/** Whether the raw header list has exactly one `Host`, and a valid one. */
function oneValidHost(raw: string[]): boolean {
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length !== 4 || name.toLowerCase() !== 'host') continue;
    if (value !== undefined) return false;
    value = raw[i + 1]!;
  }
  return value !== undefined && validHost(value);
}

/** Methods no web handler takes (TRACK and CONNECT rarely get this far: Node refuses them). */
const REFUSED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);
/** A path and query every URL parser reads the same: no backslash, no dot segment, no odd byte. */
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;

/**
 * The path and query of a request target on `origin`, as a URL parser makes
 * them (origin-form, or absolute-form's own); undefined when it is neither.
 */
function pathOf(target: string | undefined, origin: string): string | undefined {
  if (!target) return undefined;
  if (PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target)) return target;
  let url: URL;
  try {
    if (target.charCodeAt(0) === 47 /* / */) url = new URL(origin + target);
    else if (/^https?:\/\//i.test(target)) url = new URL(target);
    else return undefined;
  } catch {
    return undefined;
  }
  return url.pathname + url.search;
}

const PLAIN = 'text/plain; charset=utf-8';

/** A short plain answer written by the adapter itself. */
function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': PLAIN,
    'content-length': String(Buffer.byteLength(text)),
    connection: 'close',
  });
  res.end(text);
}

/** The same, as a `Response` for `@hono/node-server` to write. */
const plainResponse = (status: number, text: string, close: boolean) =>
  new Response(text, {
    status,
    headers: close ? { 'content-type': PLAIN, connection: 'close' } : { 'content-type': PLAIN },
  });

export function serve(handler: FetchHandler, options: ServeOptions = {}): Promise<Served> {
  const host = options.host ?? '127.0.0.1';
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const onError = options.onError ?? (() => {});
  /** Open sockets, each with the number of its requests not yet answered. */
  const sockets = new Map<Socket, number>();
  let origin = '';
  let originHost = '';
  let closing = false;

  /**
   * The handler, as `@hono/node-server` calls it: never throws nor rejects. An
   * answer the handler gives at once is given at once (hono then writes it
   * without waiting a turn).
   */
  function respond(honoRequest: Request, env: unknown): Response | Promise<Response> {
    const { incoming, outgoing } = env as HttpBindings;
    const method = honoRequest.method;
    const withBody = hasBody(incoming);
    let request = honoRequest;
    let body: BodyState | undefined;
    if (withBody && method !== 'GET' && method !== 'HEAD') {
      body = { tooLarge: false };
      const init: RequestInit & { duplex: 'half' } = {
        method,
        headers: honoRequest.headers,
        body: cappedBody(incoming, limit, body),
        duplex: 'half',
        signal: honoRequest.signal,
      };
      request = new Request(honoRequest.url, init);
    }
    /** The connection must close after the answer: its body is not read to its end, or the server is stopping. */
    const last = () => (withBody && !incoming.complete) || closing;
    const failed = (): Response => {
      if (body?.tooLarge) return plainResponse(413, 'Request body too large', true);
      onError('handler failed');
      return plainResponse(500, 'Internal server error', last());
    };
    const answered = (response: Response): Response => {
      if (last() && !outgoing.headersSent) outgoing.setHeader('connection', 'close');
      return response;
    };
    let result: Response | Promise<Response>;
    try {
      result = handler(request, { remoteAddress: incoming.socket.remoteAddress });
    } catch {
      return failed();
    }
    return result instanceof Promise ? result.then(answered, failed) : answered(result);
  }

  const listener = getRequestListener(respond, {
    overrideGlobalObjects: options.lightweightGlobals === true,
    // Never read what the handler left unread: the connection is closed instead.
    autoCleanupIncoming: false,
    // Only a request it could not turn into a `Request`: `respond` never throws.
    errorHandler: () => {
      onError('bad request');
      return plainResponse(400, 'Bad request', true);
    },
  });

  function handle(req: IncomingMessage, res: ServerResponse): void {
    if (hasBody(req) && Number(req.headers['content-length'] ?? 0) > limit)
      return plain(res, 413, 'Request body too large');
    const path = pathOf(req.url, origin);
    if (!oneValidHost(req.rawHeaders) || REFUSED_METHODS.has(req.method!) || !path) {
      onError('bad request');
      return plain(res, 400, 'Bad request');
    }
    // The URL is this server's: its own host, the target's path and query.
    req.url = path;
    req.headers.host = originHost;
    void listener(req, res);
  }

  /** A response was written: its socket has one request fewer in flight. */
  function finished(this: ServerResponse): void {
    const req = this.req;
    const socket = req.socket;
    const left = (sockets.get(socket) ?? 1) - 1;
    sockets.set(socket, left);
    // Not read to its end: Connection: close was sent; the rest is never read.
    if (hasBody(req) && !req.complete) socket.destroySoon();
    else if (closing && left === 0) socket.destroySoon();
  }

  const server = createServer((req, res) => {
    const socket = req.socket;
    sockets.set(socket, (sockets.get(socket) ?? 0) + 1);
    res.on('finish', finished);
    handle(req, res);
  });
  server.headersTimeout = options.headersTimeout ?? 10_000;
  server.requestTimeout = options.requestTimeout ?? 30_000;
  server.keepAliveTimeout = options.keepAliveTimeout ?? 5_000;
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, 0);
    socket.once('close', () => sockets.delete(socket));
  });
  // CONNECT is no request a web handler can take.
  server.on('connect', (_req: IncomingMessage, socket: Socket) => {
    onError('bad request');
    socket.end(
      'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 11\r\n\r\nBad request',
    );
  });

  // 'close' comes once the server stopped listening and its last connection is gone.
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  const stop = () => {
    closing = true;
    if (server.listening) server.close();
    return closed;
  };

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      originHost = `${shownHost}:${port}`;
      origin = `http://${originHost}`;
      resolve({
        url: `${origin}/`,
        close: () => {
          const done = stop();
          for (const socket of sockets.keys()) socket.destroy();
          return done;
        },
        shutdown: (graceMs) => {
          const done = stop();
          for (const [socket, pending] of sockets) if (pending === 0) socket.destroySoon();
          const timer = setTimeout(() => {
            for (const socket of sockets.keys()) socket.destroy();
          }, graceMs);
          timer.unref();
          return done.finally(() => clearTimeout(timer));
        },
      });
    });
  });
}
