/**
 * A small, dependency-free Node adapter for web-standard handlers: node:http
 * requests become `Request`s (body buffered, an AbortSignal that fires when
 * the client goes away) and `Response` bodies are streamed back. `close()`
 * destroys open sockets too, so a hanging handler cannot keep the server up.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the adapter knows about the connection (the proxy's per-IP rate limit uses it). */
export interface ConnectionInfo {
  /** The socket's remote address. */
  remoteAddress?: string;
}

export type FetchHandler = (req: Request, info: ConnectionInfo) => Promise<Response>;

export interface ServeOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Largest request body accepted, in bytes; a larger one gets 413 unread (default 1 MiB). */
  maxBodyBytes?: number;
}

export interface Served {
  /** Like `http://127.0.0.1:54321/`, with the real port. */
  url: string;
  close(): Promise<void>;
}

/** Hop-by-hop headers belong to one connection, never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage, limit: number): Promise<ArrayBuffer | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  // Checked while reading, so a huge body is never held in memory.
  if (Number(req.headers['content-length'] ?? 0) > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  if (chunks.length === 0) return undefined;
  const buf = Buffer.concat(chunks);
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

async function writeResponse(
  res: ServerResponse,
  response: Response,
  head: boolean,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (head || !response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      // Respect backpressure: wait for 'drain' when the socket buffer is full.
      if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  } catch {
    res.destroy();
  }
}

export function serve(handler: FetchHandler, options: ServeOptions = {}): Promise<Served> {
  const host = options.host ?? '127.0.0.1';
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const controller = new AbortController();
    // 'close' before the response finished means the client went away.
    res.on('close', () => {
      if (!res.writableFinished) controller.abort(new Error('client disconnected'));
    });
    void (async () => {
      try {
        const body = await readBody(req, options.maxBodyBytes ?? 1 << 20);
        const url = new URL(
          req.url ?? '/',
          `http://${req.headers.host ?? `${host}:${options.port ?? 0}`}`,
        );
        const request = new Request(url, {
          method: req.method,
          headers: toHeaders(req),
          body,
          signal: controller.signal,
        });
        const response = await handler(request, { remoteAddress: req.socket.remoteAddress });
        if (res.destroyed) return;
        await writeResponse(res, response, req.method === 'HEAD');
      } catch (err) {
        if (res.destroyed || controller.signal.aborted) return;
        if (res.headersSent) return void res.destroy();
        if (err instanceof BodyTooLarge) {
          res.writeHead(413, { 'Content-Type': 'text/plain', Connection: 'close' });
          return void res.end('Request body too large');
        }
        // The details stay in the server's log; a caller learns nothing of them.
        console.error('serve: handler failed', err);
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end('Internal server error');
      }
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${port}/`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const socket of sockets) socket.destroy();
          }),
      });
    });
  });
}
