/**
 * The proxy handler's interface: what a runtime gives it (and its `waitUntil`, called as
 * given), what it returns, what it tells operators.
 */
import type { ProxyLexicon } from './lexicon/lexicon.js';

/** What a runtime may tell the handler about the connection. */
export interface ConnectionInfo {
  /** The client's IP address (the socket's), used for the rate limit (IPv6: per /64). */
  remoteAddress?: string;
  /**
   * Keeps the runtime working on a promise after the response is sent
   * (Workers: `(p) => ctx.waitUntil(p)`): writes to the shared cache store
   * are then handed to it, off the response path (without it they are
   * awaited), and so is the background revalidation of an ad slot's config.
   */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** The runtime's `waitUntil`, called as given (a runtime's own method may need its `this`). */
export function waitUntilOf(
  info: ConnectionInfo | undefined,
): ((promise: Promise<unknown>) => void) | undefined {
  const given = info?.waitUntil;
  return typeof given === 'function' ? (work) => info!.waitUntil!(work) : undefined;
}

/** A web-standard request handler (Node via src/node-adapter/serve.ts, Workers, Deno, Bun). */
export type ProxyHandler = (request: Request, info?: ConnectionInfo) => Promise<Response>;

/**
 * What a proxy holds now that visitors can make grow, each against its bound
 * (api-contract §13): the cache in memory, the rate limit's clients, the kept
 * renders. The CLI prints it on SIGUSR2.
 */
export interface ProxyHeld {
  cache: { entries: number; bytes: number; maxEntries: number; maxBytes: number } | null;
  rateLimit: { clients: number; maxClients: number } | null;
  renders: { entries: number; bytes: number };
  /** The URLs planned (plans.ts): each one's route, checked query and cache key. */
  plans: { entries: number; maxEntries: number };
}

/**
 * The handler, with {@link ProxyHeld} for operators and tests, `respond`:
 * the same answer, but given at once when it is ready (a hit in memory), not
 * as a promise, for an adapter that can write it without waiting a turn (the
 * CLI's, src/node-adapter/serve.ts), and `lexicon`: the in-text links'
 * lexicon it publishes at `/lexicon/`, rebuilt on demand (the CLI: on SIGHUP).
 */
export type Proxy = ProxyHandler & {
  held(): ProxyHeld;
  respond(request: Request, info?: ConnectionInfo): Response | Promise<Response>;
  lexicon: ProxyLexicon;
};
