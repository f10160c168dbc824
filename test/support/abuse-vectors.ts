// The abuse vectors of api-contract §13 (test/proxy/abuse-vectors.json) and what their runners
// share: the vectors' types, each request written raw from its client address, the answer read
// back, and the checks of what the API behind the proxy saw. Replayed against the Node proxy
// (test/proxy/abuse-vectors.test.ts) and the WordPress plugin's (test/wordpress/abuse.test.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { RequestLogEntry } from '../../src/emulator/types.js';
import { rawSocket } from './raw-http.js';

/** One request of a vector (see the file's `about`). */
export interface VectorRequest {
  method: string;
  path: string;
  query?: string;
  body?: unknown;
  pad?: number;
  hostLines?: string[];
  from?: string;
  status: number;
  /**
   * An expected outcome (api-contract §14): the API's status the proxy answers 200 with, in
   * `X-Pubnet-Status` (with `Cache-Control: no-store`).
   */
  outcome?: number;
  bodyHas?: string[];
}

/** A call the API saw: method and path, and the parameters and body it must have had. */
export interface VectorCall {
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

export interface AbuseVector {
  name: string;
  why: string;
  from: string | [string, string];
  repeat?: number;
  requests: VectorRequest[];
  limited?: { rate: number; burst: number };
  bounded?: boolean;
  upstream?: VectorCall[];
  upstreamNever?: Pick<VectorCall, 'method' | 'path'>[];
  upstreamAtMost?: number;
}

export interface AbuseVectors {
  about: string[];
  setup: {
    websites: string[];
    deepLinkHosts: string[];
    rateLimit: { rate: number; burst: number };
    api: string;
  };
  vectors: AbuseVector[];
}

/** The vectors' file, as read. */
export const abuseVectors = JSON.parse(
  readFileSync(new URL('../proxy/abuse-vectors.json', import.meta.url), 'utf8'),
) as AbuseVectors;

export interface Answer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

export const fill = (text: string, i: number | string, pad = 0) =>
  text.replaceAll('{i}', String(i)).replaceAll('{pad}', 'p'.repeat(pad));

/** The client address of repetition `n`: the vector's (or request's) one, or the nth of its range. */
export function address(from: string | [string, string], n: number): string {
  if (typeof from === 'string') return from;
  const [first, last] = from.map((ip) => ip.split('.').map(Number));
  const count = last[3] - first[3] + 1;
  return [...first.slice(0, 3), first[3] + (n % count)].join('.');
}

/** Status, headers and body of an HTTP/1.1 answer read to the connection's end. */
export function parse(text: string): Answer {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers = new Map(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  let body = text.slice(end + 4);
  if (headers.get('transfer-encoding') === 'chunked') {
    let decoded = '';
    for (let at = 0; at < body.length;) {
      const eol = body.indexOf('\r\n', at);
      const size = parseInt(body.slice(at, eol), 16);
      if (!size) break;
      decoded += body.slice(eol + 2, eol + 2 + size);
      at = eol + 2 + size + 2;
    }
    body = decoded;
  }
  // The socket was read as latin1: the body's bytes, as UTF-8.
  body = Buffer.from(body, 'latin1').toString('utf8');
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body };
}

/**
 * Sends one request of a vector, as repetition `i`, from `from`, to the proxy at `base`: the
 * URL the vectors' paths are relative to (ending in `/`), whose host and port get the request.
 */
export async function send(
  base: string,
  request: VectorRequest,
  i: number | string,
  from: string,
): Promise<Answer> {
  const { port, pathname } = new URL(base);
  const query = request.query === undefined ? '' : `?${fill(request.query, i)}`;
  const lines = [`${request.method} ${pathname}${fill(request.path, i).slice(1)}${query} HTTP/1.1`];
  for (const host of request.hostLines ?? [`127.0.0.1:${port}`]) lines.push(`Host: ${host}`);
  let body = '';
  if (request.body !== undefined) {
    body = fill(JSON.stringify(request.body), i, request.pad);
    lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
  }
  lines.push('Connection: close');
  const { text } = await rawSocket(base, `${lines.join('\r\n')}\r\n\r\n${body}`, from);
  return parse(text);
}

/** Runs `jobs` with at most `width` in flight, in order of start. */
export async function pool<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const at = next++;
      results[at] = await jobs[at]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, worker));
  return results;
}

/**
 * Sends every request of `vector` to `base` (see `send`), `repeat` times, each from its client
 * address, with at most `width` in flight: each request with its repetition and answer, in order.
 */
export function sendVector(base: string, vector: AbuseVector, width: number) {
  const jobs = Array.from({ length: vector.repeat ?? 1 }, (_, i) =>
    vector.requests.map((request) => async () => ({
      request,
      i,
      answer: await send(base, request, i, request.from ?? address(vector.from, i)),
    })),
  ).flat();
  return pool(jobs, width);
}

/** Whether the API's `call` is `wanted` (method, path, and the parameters and body given). */
export function matches(call: RequestLogEntry, wanted: VectorCall): boolean {
  if (call.method !== wanted.method || call.path !== wanted.path) return false;
  const params = new URLSearchParams(call.search);
  if (wanted.query && Object.entries(wanted.query).some(([k, v]) => params.get(k) !== v))
    return false;
  return wanted.body === undefined || JSON.stringify(call.body) === JSON.stringify(wanted.body);
}

/** Checks what `vector` states of the API's calls (`upstream…`) against the `calls` it made. */
export function assertUpstream(vector: AbuseVector, calls: RequestLogEntry[]): void {
  if (vector.upstream) {
    assert.equal(calls.length, vector.upstream.length, JSON.stringify(calls));
    vector.upstream.forEach((wanted, n) =>
      assert.ok(
        matches(calls[n], wanted),
        `${JSON.stringify(calls[n])} is not ${JSON.stringify(wanted)}`,
      ),
    );
  }
  for (const never of vector.upstreamNever ?? [])
    assert.ok(
      !calls.some((call) => matches(call, never)),
      `the API saw ${never.method} ${never.path}`,
    );
  if (vector.upstreamAtMost !== undefined)
    assert.ok(calls.length <= vector.upstreamAtMost, `${calls.length} upstream calls`);
}

/**
 * The emulator's `onRequest` that keeps every call in `calls` (its own log keeps the last
 * 10,000); large bodies (the padded deep links) are kept as their size: no check needs them.
 */
export const keepCalls = (calls: RequestLogEntry[]) => (entry: RequestLogEntry) =>
  calls.push(
    JSON.stringify(entry.body ?? '').length > 2048 ? { ...entry, body: '(large)' } : entry,
  );
