// A TCF v2.2 CMP as a page has it, driven by the test (never by timers).
import type { TcData, TcfApi } from '../../../src/autolink/consent.js';

export const LISTENER_ID = 7;

/**
 * A CMP stub as the page would have it: records every call, and sends TC data
 * to its listener only when the test says so (`send`), never on a timer.
 */
export function cmp(answer?: TcData) {
  const calls: { command: string; version: number; parameter?: unknown }[] = [];
  let listener: ((data: TcData, success: boolean) => void) | undefined;
  const api: TcfApi = (command, version, callback, parameter) => {
    calls.push({ command, version, parameter });
    if (command == 'addEventListener') {
      listener = callback;
      if (answer) callback(answer, true);
    }
  };
  const send = (data: TcData, success = true) =>
    listener!({ listenerId: LISTENER_ID, ...data }, success);
  return { api, calls, send };
}

/** TC data with the given event status and purposes consented. */
export const tc = (eventStatus: string, consented: number[], extra: TcData = {}): TcData => ({
  eventStatus,
  gdprApplies: true,
  listenerId: LISTENER_ID,
  purpose: {
    consents: Object.fromEntries(consented.map((p) => [p, true])),
    legitimateInterests: {},
  },
  ...extra,
});
