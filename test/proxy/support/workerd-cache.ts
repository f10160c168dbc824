// A cache for workerd's Web Cache API, outside the workerd process: what `caches.open(name)`
// keeps when a Worker's config names this server as its `cacheApiOutbound` (runtimes.mjs,
// `start(…, { cacheApi })`). Plain workerd keeps nothing without one; on Cloudflare the
// data-centre cache plays this part, and outlives isolates and instances as this server
// outlives a workerd process.
//
// The protocol, as workerd speaks it: the entry's URL is the request's (Host and path), the
// cache's name, percent-encoded, in `cf-cache-namespace`;
// - `cache.put`: PUT whose body is the response serialized as HTTP/1.1 (status line, headers,
//   blank line, body); 2xx is stored;
// - `cache.match`: GET with `Cache-Control: only-if-cached`; the stored response with
//   `CF-Cache-Status: HIT` is a hit, anything without that header (here 504, MISS) a miss;
// - `cache.delete`: PURGE; 200 if there was an entry, 404 if not.
// Entries expire after their `Cache-Control: max-age`, as Cloudflare's do.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request workerd made, and what this cache answered. */
export interface CacheCall {
  method: string;
  /** `cf-cache-namespace`, decoded: the name given to `caches.open` (none: `caches.default`). */
  namespace: string;
  url: string;
  /** HIT or MISS for GET; STORED for PUT; PURGED or ABSENT for PURGE. */
  outcome: string;
}

interface Entry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  expires: number;
}

export interface WorkerdCache {
  /** `host:port`, for `start(…, { cacheApi })`. */
  address: string;
  /** Every request workerd made, in order. */
  calls: CacheCall[];
  /**
   * The first call, made or to come, that `wanted` accepts: a write handed to `ctx.waitUntil`
   * may arrive after the response. Fails naming `what` if none comes within 10 s.
   */
  call(wanted: (call: CacheCall) => boolean, what: string): Promise<CacheCall>;
  close(): Promise<void>;
}

/** The serialized response of a PUT (HTTP/1.1, not chunked: workerd sends a Content-Length). */
function parse(payload: Buffer, now: number): Entry | undefined {
  const end = payload.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = payload.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!status) return undefined;
  const headers = lines.map((line): [string, string] => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
  });
  const value = (name: string) => headers.find(([key]) => key.toLowerCase() === name)?.[1];
  if (value('transfer-encoding')) return undefined;
  const maxAge = Number(/max-age=(\d+)/.exec(value('cache-control') ?? '')?.[1] ?? 0);
  return { status, headers, body: payload.subarray(end + 4), expires: now + maxAge * 1000 };
}

function read(req: IncomingMessage): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => done(Buffer.concat(chunks)));
    req.on('error', fail);
  });
}

/** Starts the cache on a free loopback port. */
export async function startWorkerdCache(): Promise<WorkerdCache> {
  const entries = new Map<string, Entry>();
  const calls: CacheCall[] = [];
  const waiting = new Set<(call: CacheCall) => void>();
  const server = createServer((req, res) => {
    void read(req).then((payload) => {
      // workerd sends the name percent-encoded.
      const namespace = decodeURIComponent(String(req.headers['cf-cache-namespace'] ?? ''));
      const url = `${req.headers.host ?? ''}${req.url ?? ''}`;
      const key = `${namespace}\n${url}`;
      const now = Date.now();
      const log = (outcome: string) => {
        const call = { method: req.method ?? '', namespace, url, outcome };
        calls.push(call);
        for (const notify of waiting) notify(call);
      };
      const entry = entries.get(key);
      if (entry && entry.expires <= now) entries.delete(key);
      const live = entry && entry.expires > now ? entry : undefined;
      if (req.method === 'PUT') {
        const parsed = parse(payload, now);
        if (!parsed) {
          log('UNREADABLE');
          res.writeHead(400).end();
          return;
        }
        entries.set(key, parsed);
        log('STORED');
        res.writeHead(204).end();
      } else if (req.method === 'GET') {
        log(live ? 'HIT' : 'MISS');
        if (!live) {
          res.writeHead(504, { 'CF-Cache-Status': 'MISS' }).end();
          return;
        }
        res.writeHead(live.status, [...live.headers.flat(), 'CF-Cache-Status', 'HIT']);
        res.end(live.body);
      } else if (req.method === 'PURGE') {
        entries.delete(key);
        log(live ? 'PURGED' : 'ABSENT');
        res.writeHead(live ? 200 : 404).end();
      } else {
        log('REFUSED');
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    calls,
    call: (wanted, what) =>
      new Promise((done, fail) => {
        const made = calls.find(wanted);
        if (made) return done(made);
        const timer = setTimeout(() => {
          waiting.delete(notify);
          fail(new Error(`No call to the workerd cache: ${what}: ${JSON.stringify(calls)}`));
        }, 10_000);
        const notify = (call: CacheCall) => {
          if (!wanted(call)) return;
          clearTimeout(timer);
          waiting.delete(notify);
          done(call);
        };
        waiting.add(notify);
      }),
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
