// Requests as an attacker writes them: any method, target and Host, each on its own connection.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

export interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body's bytes as sent (not decoded). */
  bytes: Buffer;
  text: string;
}

/**
 * One request as given (any method, any target, any Host), on its own
 * connection: node:http's client checks little, so the target and headers
 * reach the proxy as written.
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
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${target}: no answer`)));
    req.on('error', fail);
    req.end(body);
  });
}

/**
 * `text` written as it is on one new connection to `base` (from `localAddress`
 * when given: any 127.x.y.z on Linux), read until the server closes it; the
 * status of the first answer, and the whole text.
 */
export function rawSocket(
  base: string,
  text: string,
  localAddress?: string,
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    let received = '';
    socket.setEncoding('latin1');
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${text.slice(0, 40)}`)));
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', fail);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1] ?? 0);
      done({ status, text: received });
    });
    socket.write(text);
  });
}
