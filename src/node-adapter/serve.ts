/**
 * A small, dependency-free Node adapter for web-standard handlers. Each
 * node:http request becomes a `Request` (exchange.ts) whose URL is this
 * server's own origin plus the request target's path and query (the `Host`
 * header is never used for it), whose body is a stream read only as the
 * handler reads it, and whose signal fires when the client goes away.
 *
 * A request whose body was not read to its end (an unknown path, a refusal
 * before reading) is answered with `Connection: close` and its connection
 * closed after the answer: the rest of the body is never read. A declared
 * Content-Length over `maxBodyBytes` is 413 before the handler runs.
 * `close()` destroys open sockets (a hanging handler cannot keep the server
 * up); `shutdown(graceMs)` lets the requests in flight finish first.
 *
 * A request without exactly one valid `Host` (none, an empty one, one with a
 * space or another character no host has, two of them) is `400` before the
 * handler runs (RFC 9112 §3.2), whatever its HTTP version.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { validHost } from '../proxy/http/host.js';
import { BadRequest, hasBody, toRequest, writeResponse, type ExchangeState } from './exchange.js';

/** What the adapter knows about the connection (the proxy's per-IP rate limit uses it). */
export interface ConnectionInfo {
  /** The socket's remote address. */
  remoteAddress?: string;
}

export type FetchHandler = (req: Request, info: ConnectionInfo) => Promise<Response>;

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

function plain(res: ServerResponse, status: number, text: string, close = false): void {
  const headers: Record<string, string> = {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  };
  if (close) headers.connection = 'close';
  res.writeHead(status, headers);
  res.end(text);
}

export function serve(handler: FetchHandler, options: ServeOptions = {}): Promise<Served> {
  const host = options.host ?? '127.0.0.1';
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const onError = options.onError ?? (() => {});
  /** Open sockets, each with the number of its requests not yet answered. */
  const sockets = new Map<Socket, number>();
  let origin = '';
  let closing = false;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const withBody = hasBody(req);
    // Not read to its end when answered: this connection cannot carry another request.
    const unread = () => withBody && !req.complete;
    if (withBody && Number(req.headers['content-length'] ?? 0) > limit)
      return plain(res, 413, 'Request body too large', true);
    if (!oneValidHost(req.rawHeaders)) {
      onError('bad request');
      return plain(res, 400, 'Bad request', true);
    }
    const state: ExchangeState = { tooLarge: false };
    let request: Request;
    try {
      request = toRequest(req, res, origin, limit, state);
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error;
      onError('bad request');
      return plain(res, 400, 'Bad request', true);
    }
    let response: Response;
    try {
      response = await handler(request, { remoteAddress: req.socket.remoteAddress });
    } catch {
      if (res.destroyed) return;
      if (state.tooLarge) return plain(res, 413, 'Request body too large', true);
      onError('handler failed');
      return plain(res, 500, 'Internal server error', unread() || closing);
    }
    if (res.destroyed) return void response.body?.cancel().catch(() => {});
    try {
      await writeResponse(res, response, req.method === 'HEAD', unread() || closing);
    } catch {
      onError('response failed');
    }
  }

  const server = createServer((req, res) => {
    const socket = req.socket;
    sockets.set(socket, (sockets.get(socket) ?? 0) + 1);
    res.once('finish', () => {
      const left = (sockets.get(socket) ?? 1) - 1;
      sockets.set(socket, left);
      // Not read to its end: Connection: close was sent; the rest is never read.
      if (hasBody(req) && !req.complete) socket.destroySoon();
      else if (closing && left === 0) socket.destroySoon();
    });
    handle(req, res).catch(() => {
      onError('handler failed');
      if (!res.headersSent) plain(res, 500, 'Internal server error', true);
      else res.destroy();
    });
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
      origin = `http://${shownHost}:${port}`;
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
