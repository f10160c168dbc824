/**
 * One request/response exchange of the Node adapter (serve.ts): the node:http
 * request as a web `Request` (a fixed origin, the target's path and query, a
 * lazily read body stream, a lazily made abort signal) and a `Response`
 * written back with as few socket writes as its body allows.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Hop-by-hop headers belong to one connection, never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

/** The request body went over the adapter's cap while the handler read it. */
export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
}

/** The request could not be turned into a `Request` (method, target or header refused). */
export class BadRequest extends Error {
  override name = 'BadRequest';
}

/**
 * A `Request` whose `signal` is made only when asked for: undici's own signal
 * cannot be aborted from outside, and following one passed in costs more
 * than the rest of the request together. Once made, it aborts when the
 * client goes away before the response has been written.
 */
class NodeRequest extends Request {
  #res: ServerResponse | undefined;
  #controller: AbortController | undefined;

  constructor(url: string, init: RequestInit, res: ServerResponse) {
    super(url, init);
    this.#res = res;
  }

  override get signal(): AbortSignal {
    if (this.#controller) return this.#controller.signal;
    const controller = (this.#controller = new AbortController());
    const res = this.#res!;
    const gone = () => {
      if (!res.writableFinished) controller.abort(new Error('client disconnected'));
    };
    if (res.closed) gone();
    else res.once('close', gone);
    return controller.signal;
  }
}

/** The path and query of a request target (origin-form, or absolute-form's own). */
function pathOf(target: string | undefined): string {
  if (!target) throw new BadRequest('no target');
  if (target.charCodeAt(0) === 47 /* / */) return target;
  if (!/^https?:\/\//i.test(target)) throw new BadRequest('unsupported target');
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new BadRequest('bad target');
  }
  return url.pathname + url.search;
}

function headerPairs(raw: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length <= 17 && HOP_BY_HOP.has(name.toLowerCase())) continue;
    pairs.push([name, raw[i + 1]!]);
  }
  return pairs;
}

/** Whether the request carries a body at all (declared length above 0, or chunked). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * The body as a stream nothing reads until the handler does; more than
 * `limit` bytes errors it with {@link BodyTooLarge} and stops reading.
 */
function bodyStream(req: IncomingMessage, limit: number, state: ExchangeState) {
  let chunks: AsyncIterator<Buffer> | undefined;
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      chunks ??= req[Symbol.asyncIterator]();
      const { done, value } = await chunks.next();
      if (done) return controller.close();
      size += value.length;
      if (size > limit) {
        state.tooLarge = true;
        controller.error(new BodyTooLarge());
        return;
      }
      controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.length));
    },
    cancel() {
      // Nothing more is read: the connection is closed after the answer (serve.ts).
      req.pause();
    },
  });
}

/** What the adapter learns while handling one request. */
export interface ExchangeState {
  tooLarge: boolean;
}

/** The web `Request` for a node:http request; {@link BadRequest} when it cannot be one. */
export function toRequest(
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  limit: number,
  state: ExchangeState,
): Request {
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers: headerPairs(req.rawHeaders) };
  if (method !== 'GET' && method !== 'HEAD' && hasBody(req)) {
    init.body = bodyStream(req, limit, state);
    init.duplex = 'half';
  }
  try {
    return new NodeRequest(origin + pathOf(req.url), init, res);
  } catch (error) {
    if (error instanceof BadRequest) throw error;
    throw new BadRequest('refused by Request');
  }
}

/** Resolves once the socket buffer has room again, or the response is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Resolves with `value` after the current I/O turn: a body still streaming loses the race. */
const afterTurn = <T>(value: T) => new Promise<T>((resolve) => setImmediate(resolve, value));
const LATER = Symbol('later');

/**
 * Writes `response`: a body that is complete at once (the usual string or
 * bytes) goes out in one write with its Content-Length; a streamed one
 * chunk by chunk, respecting backpressure. `close` adds `Connection: close`.
 */
export async function writeResponse(
  res: ServerResponse,
  response: Response,
  head: boolean,
  close: boolean,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  if (close) headers.connection = 'close';
  const status = response.status;
  const message = response.statusText || undefined;
  if (head || !response.body) {
    if (!head && response.body === null && headers['content-length'] === undefined)
      headers['content-length'] = '0';
    res.writeHead(status, message, headers);
    res.end();
    if (response.body) void response.body.cancel().catch(() => {});
    return;
  }
  const reader = response.body.getReader();
  try {
    const first = await reader.read();
    if (first.done) {
      headers['content-length'] ??= '0';
      res.writeHead(status, message, headers);
      return void res.end();
    }
    let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined = reader.read();
    const next = await Promise.race([pending, afterTurn(LATER)]);
    if (next !== LATER && next.done) {
      headers['content-length'] ??= String(first.value.byteLength);
      res.writeHead(status, message, headers);
      return void res.end(first.value);
    }
    res.writeHead(status, message, headers);
    let chunk: Uint8Array = first.value;
    for (;;) {
      if (res.destroyed) return void (await reader.cancel());
      // Respect backpressure: wait for 'drain' when the socket buffer is full.
      if (!res.write(chunk)) await drained(res);
      const read = await (pending ?? reader.read());
      pending = undefined;
      if (read.done) break;
      chunk = read.value;
    }
    res.end();
  } catch (error) {
    res.destroy();
    throw error;
  }
}
