/** createEmulator: one in-memory API with its own state, latency and faults. */
import { defaultTimers } from '../client/delay.js';
import { buildApp } from './app.js';
import { FaultSet } from './faults.js';
import { known } from './known.js';
import { createState } from './create-state.js';
import {
  DEFAULT_BUNDLE_URL,
  type Emulator,
  type EmulatorOptions,
  type RequestLogEntry,
} from './types.js';

function checkLatency(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0)
    throw new TypeError(`latency must be a number ≥ 0 (got ${ms})`);
  return ms;
}

function checkTimers(timers: unknown): NonNullable<EmulatorOptions['timers']> {
  const t = timers as Record<string, unknown> | null;
  if (
    typeof t !== 'object' ||
    t === null ||
    typeof t.setTimeout !== 'function' ||
    typeof t.clearTimeout !== 'function'
  )
    throw new TypeError(
      `timers must be an object with setTimeout and clearTimeout functions (got ${String(timers)})`,
    );
  return t as unknown as NonNullable<EmulatorOptions['timers']>;
}

function checkOnRequest(onRequest: unknown): EmulatorOptions['onRequest'] {
  if (onRequest !== undefined && typeof onRequest != 'function')
    throw new TypeError(`onRequest must be a function (got ${typeof onRequest})`);
  return onRequest as EmulatorOptions['onRequest'];
}

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const token = options.token ?? known.token;
  let latencyMs = checkLatency(options.latency ?? 0);
  const timers = options.timers === undefined ? defaultTimers : checkTimers(options.timers);
  const faultSet = new FaultSet(options.faults ?? []);
  const log: RequestLogEntry[] = [];
  const app = buildApp({
    state: createState(),
    token,
    bundleUrl: options.bundleUrl ?? DEFAULT_BUNDLE_URL,
    log,
    onRequest: checkOnRequest(options.onRequest),
    latency: () => latencyMs,
    timers,
    faults: faultSet,
  });
  return {
    fetch: async (req) => app.fetch(req),
    setLatency(ms) {
      latencyMs = checkLatency(ms);
    },
    setFaults(faults) {
      faultSet.set(faults);
    },
    get requests() {
      return log;
    },
    clearRequests() {
      log.length = 0;
    },
    token,
  };
}
