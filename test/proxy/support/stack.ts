// Shared set-up of the proxy tests: an emulator (or a tiny custom upstream) and
// the proxy, both over real HTTP on 127.0.0.1, port 0.
import type { IncomingHttpHeaders } from 'node:http';
import { after } from 'node:test';
import { known } from '../../../src/emulator/known.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { serve } from '../../../src/node-adapter/serve.js';
import {
  createProxy,
  type ConnectionInfo,
  type ProxyHeld,
  type ProxyLexicon,
} from '../../../src/proxy/proxy.js';
import type { ProxyLogEntry, ProxyOptions } from '../../../src/proxy/options.js';

/** The token of every test: long and unusual, so finding it anywhere means a leak. */
export const TOKEN = 'tok-Proxy-Test-7f3a9c1e5b';

type Emulator = Awaited<ReturnType<typeof startEmulator>>['emulator'];

/** Real-looking ids: seeded ones for the widget routes, so that they answer 2xx. */
const ids: Record<string, string> = {
  uuid: known.offers[0],
  id: known.product,
  token: known.website.guid,
  slug: known.systemReportConfig,
  currency__code: 'PLN',
};

/** A route path with its `{params}` filled (the ad slot route gets a seeded ad slot id). */
export function fillPath(path: string): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? 'x1');
  return filled.startsWith('/publisher/adslots/') && path.includes('{uuid}')
    ? filled.replace(known.offers[0], known.filterAdslot)
    : filled;
}

export interface Stack {
  /** The proxy's base URL, ending with `/` (with the base path, if any). */
  proxy: string;
  emulator: Emulator;
  upstream: string;
  logs: ProxyLogEntry[];
  /** What the proxy holds against its bounds (cache, rate-limit clients, renders). */
  held(): ProxyHeld;
  /** The proxy's lexicon, to rebuild it on demand (api-contract §15). */
  lexicon: ProxyLexicon;
  /** Every request the upstream received (the emulator's log). */
  upstreamCalls(): { method: string; path: string; search: string; body?: unknown }[];
  /**
   * Resolves when all the proxy handed to `waitUntil` so far has settled (a
   * slot's background revalidation); with {@link StackOptions.waitUntil} only.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface StackOptions extends Partial<ProxyOptions> {
  /** The emulator's latency in ms (default 0). */
  latency?: number;
  /** Serve the proxy with a `waitUntil`, as Workers do, so that {@link Stack.settled} can wait. */
  waitUntil?: boolean;
}

const open: (() => Promise<void>)[] = [];
after(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/** Starts an emulator and a proxy in front of it; closed after the test file. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const { latency = 0, waitUntil = false, ...proxyOptions } = options;
  const upstream = await startEmulator({ port: 0, host: '127.0.0.1', token: TOKEN, latency });
  const logs: ProxyLogEntry[] = [];
  const handler = createProxy({
    token: TOKEN,
    upstream: upstream.url,
    // The proxy forwards routes that name a website for configured ones only (api-contract §13).
    websites: [known.website.guid],
    rateLimit: false,
    onLog: (entry) => logs.push(entry),
    ...proxyOptions,
  });
  const pending: Promise<unknown>[] = [];
  const keep = (promise: Promise<unknown>) => void pending.push(promise);
  const served = waitUntil
    ? (request: Request, info?: ConnectionInfo) => handler(request, { ...info, waitUntil: keep })
    : handler;
  const server = await serve(served, { port: 0, host: '127.0.0.1' });
  const base = (proxyOptions.basePath ?? '/').replace(/^\//, '').replace(/([^/])$/, '$1/');
  const close = async () => {
    await server.close();
    await upstream.close();
  };
  open.push(close);
  return {
    proxy: server.url + base,
    emulator: upstream.emulator,
    upstream: upstream.url,
    logs,
    held: () => handler.held(),
    lexicon: handler.lexicon,
    upstreamCalls: () => upstream.emulator.requests,
    settled: async () => {
      while (pending.length) await Promise.allSettled(pending.splice(0));
    },
    close,
  };
}

/** Serves a custom upstream handler; closed after the test file. */
export async function startUpstream(
  handler: (request: Request) => Response | Promise<Response>,
): Promise<string> {
  const server = await serve(async (request: Request) => handler(request), {
    port: 0,
    host: '127.0.0.1',
  });
  open.push(() => server.close());
  return server.url;
}

/** Serves a proxy with the given options; closed after the test file. */
export async function startProxy(options: ProxyOptions): Promise<string> {
  const server = await serve(createProxy(options), { port: 0, host: '127.0.0.1' });
  open.push(() => server.close());
  return server.url;
}

/** Whether a fetch the proxy makes upstream reads an ad slot's config (not one of its parts). */
export const isSlot = (input: RequestInfo | URL) => String(input).includes('/publisher/adslots/');

/** A JSON request init. */
export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}) {
  return {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or `undefined` when it is not JSON. */
  json: unknown;
}

/** Every answer any proxy test received, so one test can check them all for the token. */
export const seen: string[] = [];

/**
 * fetch() that reads the whole answer and fails the test if the token shows
 * anywhere in it (status line, any header, body).
 */
export async function call(url: string | URL, init?: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  const all = `${response.status} ${response.statusText}\n${[...response.headers]
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n\n${text}`;
  seen.push(all);
  if (all.includes(TOKEN)) throw new Error(`The token leaked in an answer from ${url}:\n${all}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/**
 * An answer's status, with the API's beside it when the proxy answered an expected outcome
 * (api-contract §14: 200 and `X-Pubnet-Status`): `'200 (404)'`, otherwise the plain `'404'`.
 */
export function statusOf(answer: {
  status: number;
  headers: Headers | IncomingHttpHeaders;
}): string {
  const { headers } = answer;
  const outcome =
    headers instanceof Headers ? headers.get('x-pubnet-status') : headers['x-pubnet-status'];
  return outcome == null ? String(answer.status) : `${answer.status} (${String(outcome)})`;
}

export { known };
