// Requests as an attacker writes them: any method, target and Host, each on its own connection.
import { request as httpRequest } from 'node:http';

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
