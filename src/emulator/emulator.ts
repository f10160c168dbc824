/** createEmulator: one in-memory API with its own state, latency and faults. */
import { buildApp } from './app.js';
import { FaultSet } from './faults.js';
import { known } from './known.js';
import { createState } from './state.js';
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

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const token = options.token ?? known.token;
  let latencyMs = checkLatency(options.latency ?? 0);
  const faultSet = new FaultSet(options.faults ?? []);
  const log: RequestLogEntry[] = [];
  const app = buildApp({
    state: createState(),
    token,
    bundleUrl: options.bundleUrl ?? DEFAULT_BUNDLE_URL,
    log,
    latency: () => latencyMs,
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
