/** The public shape of the emulator; others depend on it exactly. */
import type { Timers } from '../client/delay.js';

export interface Fault {
  /** Path pattern: a string where `*` matches any characters (e.g. '/publisher/products/*'), or a RegExp. Matched against the URL pathname. */
  path: string | RegExp;
  /** Default: any method. */
  method?: string;
  /** `html` = a 502 HTML gateway page. */
  kind: 'status' | 'hang' | 'malformed' | 'html';
  /** For 'status' (e.g. 500, 429); default 500. */
  status?: number;
  /** Seconds, sent as Retry-After (for 429/503). */
  retryAfter?: number;
  /** Apply to the first N matching requests only; default: always. */
  times?: number;
}

export interface EmulatorOptions {
  /** Default 'dev-token'. */
  token?: string;
  /** Milliseconds before every answer; default 0. */
  latency?: number;
  /** The timers of the latency wait; default the global ones, looked up at call time (tests inject their own). */
  timers?: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
  faults?: Fault[];
  /** Used in `widget_code`; default 'https://cdn.example/pubnet-widgets@1/pubnet.min.js'. */
  bundleUrl?: string;
  /**
   * Told of each request as it is logged, before it is answered (a test can
   * wait for a request that never gets an answer).
   */
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  search: string;
  body?: unknown;
  at: number;
}

export interface Emulator {
  /** Web-standard handler. */
  fetch(req: Request): Promise<Response>;
  setLatency(ms: number): void;
  setFaults(faults: Fault[]): void;
  /** Every request received, CORS preflights included (oldest dropped past 10,000). */
  readonly requests: RequestLogEntry[];
  clearRequests(): void;
  readonly token: string;
}

export const DEFAULT_BUNDLE_URL = 'https://cdn.example/pubnet-widgets@1/pubnet.min.js';
