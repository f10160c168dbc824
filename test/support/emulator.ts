import { executeServerCommand } from '@web/test-runner-commands';

/** A fault as the emulator takes it over a server command (string globs only). */
export interface FaultSpec {
  path: string;
  method?: string;
  kind: 'status' | 'hang' | 'malformed' | 'html';
  status?: number;
  retryAfter?: number;
  times?: number;
}

export interface LoggedRequest {
  method: string;
  path: string;
  search: string;
  body?: unknown;
  at: number;
}

export interface TestEmulator {
  /** API base URL, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  token: string;
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  setFaults(faults: FaultSpec[]): Promise<void>;
  setLatency(ms: number): Promise<void>;
  /**
   * Resolves once the emulator has received `count` (default 1) `method` requests whose
   * path starts with `path`, answered or not (the test server waits on its log).
   */
  received(method: string, path: string, count?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts a fresh emulator in the test server's Node process (see emulator-plugin.mjs). */
export async function startEmulator(
  options: { latency?: number; faults?: FaultSpec[]; token?: string } = {},
): Promise<TestEmulator> {
  const { url, token } = await command<{ url: string; token: string }>('emulator-start', options);
  return {
    url,
    token,
    requests: () => command<LoggedRequest[]>('emulator-requests', { url }),
    clearRequests: () => command<void>('emulator-clear-requests', { url }),
    setFaults: (faults) => command<void>('emulator-faults', { url, faults }),
    setLatency: (latency) => command<void>('emulator-latency', { url, latency }),
    received: (method, path, count = 1) =>
      command<void>('emulator-received', { url, method, path, count }),
    stop: () => command<void>('emulator-stop', { url }),
  };
}

async function command<T>(name: string, payload: unknown): Promise<T> {
  return (await executeServerCommand(name, payload)) as T;
}

/** One answer of the proxy, as its log records it. */
export interface ProxyLogEntry {
  method: string;
  path: string;
  status: number;
  cache: 'hit' | 'miss' | 'shared' | 'stale' | '-';
  note?: string;
}

export interface TestProxy {
  /** The proxy's base URL, e.g. `http://127.0.0.1:41235/`: what a page's `api` is. */
  url: string;
  /** What the proxy answered so far. */
  log(): Promise<ProxyLogEntry[]>;
}

/**
 * Starts the shipped proxy (src/proxy) in front of `emulator`, holding its
 * token, in the test server's Node process; it stops with the emulator.
 */
export async function startProxy(
  emulator: TestEmulator,
  options: Record<string, unknown> = {},
): Promise<TestProxy> {
  const { url } = await command<{ url: string }>('proxy-start', {
    upstream: emulator.url,
    options,
  });
  return { url, log: () => command<ProxyLogEntry[]>('proxy-log', { url }) };
}

/** An element as `pubnet-widgets/render` renders it (see the plugin's `render`). */
export interface RenderedFragment {
  tag: string;
  state: string;
  reason?: string;
  html: string;
}

/** Renders `<pubnet-adslot>` on the server (the test server's Node process), with Lit SSR. */
export function renderAdslotOnServer(options: Record<string, unknown>): Promise<RenderedFragment> {
  return command<RenderedFragment>('render', { element: 'adslot', options });
}

/** Renders `<pubnet-product-grid>` on the server, with Lit SSR. */
export function renderProductGridOnServer(
  attributes: Record<string, string>,
  options: Record<string, unknown>,
): Promise<RenderedFragment> {
  return command<RenderedFragment>('render', { element: 'product-grid', attributes, options });
}
