// HTTP as an attacker, a bare client or a test of the wire writes it: any method, target and
// Host, answers read as sent (never decompressed), each request on its own connection. Two
// levels: `raw` through node:http's client, which checks little and parses the answer; and
// `rawConnection` / `rawSocket`, bytes on a socket of node:net, for what a client cannot send
// (a body left unsent, a header line as written) or what only the wire shows (a close).
import { once } from 'node:events';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

/**
 * How long a request waits for a byte before it is called hung: a guard against a hang only,
 * far above what any answer takes on a slow machine (a proxy's first render, which loads Lit
 * SSR, took over 10 s beside two busy test lanes). node's --test-timeout bounds the test too.
 */
const NO_ANSWER = 60_000;

export interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body's bytes as sent (not decoded). */
  bytes: Buffer;
  text: string;
}

/**
 * One request as given (any method, any target, any Host), on its own connection to `base`'s
 * host and port: node:http's client checks little, so the target and headers reach the server
 * as written. Fails after {@link NO_ANSWER} ms without a byte from the server.
 */
export function raw(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Raw> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const req = httpRequest(
      { host: hostname, port, method, path: target, headers, setHost: !('Host' in headers) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          done({ status: res.statusCode ?? 0, headers: res.headers, bytes, text: String(bytes) });
        });
      },
    );
    req.setTimeout(NO_ANSWER, () => req.destroy(new Error(`${method} ${target}: no answer`)));
    req.on('error', fail);
    req.end(body);
  });
}

export interface RawConnection {
  socket: Socket;
  /** Everything received so far. */
  text(): string;
  /** Resolves once the connection closed, by either side (a reset included). */
  closed: Promise<void>;
  /** The socket's error, if it had one: a reset by the server is one. */
  error(): Error | undefined;
  /** Resolves once `pattern` shows in what was received. */
  received(pattern: RegExp): Promise<string>;
}

/**
 * A connection to `base`'s host and port (from `localAddress` when given: any 127.x.y.z on
 * Linux), open once it has sent `head` (and nothing more): the test writes more on `socket`,
 * or not, and reads what came back as it comes. What arrives is decoded as `encoding`
 * (`latin1`: one character per byte).
 */
export async function rawConnection(
  base: string,
  head: string,
  { localAddress, encoding = 'utf8' }: { localAddress?: string; encoding?: BufferEncoding } = {},
): Promise<RawConnection> {
  const { hostname, port } = new URL(base);
  const socket = connect({ host: hostname, port: Number(port), localAddress });
  let data = '';
  let error: Error | undefined;
  const waiters: (() => void)[] = [];
  socket.setEncoding(encoding).on('data', (chunk: string) => {
    data += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on('error', (e) => (error ??= e));
  await once(socket, 'connect');
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void closed.then(() => {
    for (const wake of waiters.splice(0)) wake();
  });
  socket.write(head);
  return {
    socket,
    text: () => data,
    closed,
    error: () => error,
    async received(pattern) {
      while (!pattern.test(data)) {
        if (socket.closed) throw new Error(`closed before ${pattern}: ${data.slice(0, 200)}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
      return data;
    },
  };
}

/**
 * `text` written as it is on one new connection to `base` (from `localAddress` when given:
 * any 127.x.y.z on Linux), read until the server closes it; the status of the first answer,
 * and the whole text, one character per byte. Fails on an error of the socket (a reset), or
 * after {@link NO_ANSWER} ms without a byte from the server.
 */
export async function rawSocket(
  base: string,
  text: string,
  localAddress?: string,
): Promise<{ status: number; text: string }> {
  const conn = await rawConnection(base, text, { localAddress, encoding: 'latin1' });
  conn.socket.setTimeout(NO_ANSWER, () =>
    conn.socket.destroy(new Error(`no answer to ${text.slice(0, 40)}`)),
  );
  await conn.closed;
  const error = conn.error();
  if (error) throw error;
  const received = conn.text();
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1] ?? 0), text: received };
}
