/**
 * The consent gate of auto-linking: whether a reader's merchant links may be
 * rewritten to tracking links. Without a decision (`undefined`) the core waits;
 * with `false` it rewrites nothing and sends no detect request.
 *
 * - TCF v2.2: a decision only once the CMP says `tcloaded` or
 *   `useractioncomplete` (a CMP that shows its banner first is waited for).
 *   Consent means every configured purpose is `true` in `purpose.consents`;
 *   legitimate interest does not count (rewriting links is not something a
 *   reader can be presumed to want). `gdprApplies === false` means allowed.
 *   `__tcfapi` is looked for once, at creation: CMP stubs define it
 *   synchronously in the page's head, before any async script runs.
 * - Global Privacy Control with `gpc: 'respect'` (the default) means not
 *   allowed, whatever TCF or a manual `set()` says, in both modes (the
 *   contract: no rewriting with GPC on unless `data-gpc="ignore"`).
 * - Manual mode: undefined until the publisher's banner calls `set()`.
 */

import { warn } from '../page/events.js';
import { bad, optionLabel } from './option-errors.js';

export interface TcData {
  eventStatus?: string;
  gdprApplies?: boolean;
  listenerId?: number;
  purpose?: {
    consents?: Record<number, boolean | undefined>;
    legitimateInterests?: Record<number, boolean | undefined>;
  };
}

/** The page's `window.__tcfapi`, as far as the gate uses it. */
export type TcfApi = (
  command: string,
  version: number,
  callback: (data: TcData, success: boolean) => void,
  parameter?: unknown,
) => void;

export interface ConsentGate {
  /** true: may rewrite; false: may not; undefined: not known yet (wait). */
  allowed(): boolean | undefined;
  /** Called with each new decision (not with undefined); returns an unsubscribe function. */
  subscribe(listener: (allowed: boolean) => void): () => void;
  /** Manual mode only: the publisher's own banner decides (`Pubnet.autolink.consent(true | false)`). */
  set(allowed: boolean): void;
  /** Removes its TCF listener and everything it registered. */
  stop(): void;
}

export interface ConsentOptions {
  /** 'auto' (default): TCF if the page has a CMP, else allowed unless GPC; 'manual': only `set()` decides. */
  mode?: 'auto' | 'manual';
  /** TCF purposes that must all be consented (default [1]). */
  purposes?: number[];
  /** 'respect' (default): GPC on → not allowed; 'ignore': GPC does not count. */
  gpc?: 'respect' | 'ignore';
  /** The window to read `__tcfapi` and `navigator.globalPrivacyControl` from (default globalThis) — injected so tests need no global mocks. */
  win?: { __tcfapi?: TcfApi; navigator?: { globalPrivacyControl?: boolean } };
}

/**
 * A consent gate. A listener is not called on `subscribe()` (read `allowed()`
 * for the current decision), only when the decision changes; a listener that
 * throws is reported (the widgets' warning, `env.warn`) and the others are still told.
 * @throws TypeError naming the option (as `label` names it) when an option is invalid.
 */
export function createConsent(options: ConsentOptions = {}, label = optionLabel): ConsentGate {
  if (!options || typeof options != 'object') bad(label('options'), 'an object');
  const { mode = 'auto', purposes = [1], gpc = 'respect' } = options;
  if (mode != 'auto' && mode != 'manual')
    bad(label('mode'), `"auto" or "manual" (got ${String(mode)})`);
  if (
    !Array.isArray(purposes) ||
    !purposes.length ||
    !purposes.every((p) => Number.isInteger(p) && p > 0)
  )
    bad(label('purposes'), `a non-empty array of positive integers (got ${String(purposes)})`);
  if (gpc != 'respect' && gpc != 'ignore')
    bad(label('gpc'), `"respect" or "ignore" (got ${String(gpc)})`);
  const required = [...purposes]; // the caller's array may change later; the gate's does not
  const win = (options.win ?? globalThis) as NonNullable<ConsentOptions['win']>;

  const listeners = new Set<(allowed: boolean) => void>();
  let decision: boolean | undefined;
  let stopped = false;
  const decide = (value: boolean) => {
    if (stopped || value === decision) return;
    decision = value;
    for (const listener of [...listeners])
      try {
        listener(value);
      } catch (error) {
        // One failing listener neither keeps the others untold nor breaks the CMP that called us.
        warn('a consent listener failed', error);
      }
  };

  const gpcOn = gpc == 'respect' && win.navigator?.globalPrivacyControl === true;
  const tcfapi = win.__tcfapi;
  let listenerId: number | undefined;
  let registered = false;
  const remove = () => {
    if (registered && listenerId !== undefined) {
      registered = false;
      tcfapi!('removeEventListener', 2, () => {}, listenerId);
    }
  };
  const onTcData = (data: TcData, success: boolean) => {
    if (data && typeof data.listenerId == 'number') listenerId = data.listenerId;
    // Stopped before the CMP told its listener id: remove the listener now.
    if (stopped) return remove();
    if (!success || !data) return;
    if (data.eventStatus != 'tcloaded' && data.eventStatus != 'useractioncomplete') return;
    if (data.gdprApplies === false) return decide(true);
    const consents = data.purpose?.consents ?? {};
    decide(required.every((p) => consents[p] === true));
  };

  if (gpcOn) decision = false;
  else if (mode == 'auto') {
    if (typeof tcfapi == 'function') {
      registered = true;
      tcfapi('addEventListener', 2, onTcData);
    } else decision = true;
  }

  return {
    allowed: () => decision,
    subscribe(listener) {
      if (typeof listener != 'function') bad('subscribe()', 'given a function');
      if (!stopped) listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(allowed) {
      if (mode != 'manual')
        bad('set()', 'used with option "mode": "manual" (in "auto" mode TCF and GPC decide)');
      if (typeof allowed != 'boolean') bad('set()', `given true or false (got ${String(allowed)})`);
      if (!gpcOn) decide(allowed);
    },
    stop() {
      stopped = true;
      listeners.clear();
      remove();
    },
  };
}
