import { env } from './env.js';

/** `detail` of the events every widget fires (embed-contract, guarantee 5). */
export interface PubnetEventMap {
  /** Content is shown; `count` is the number of items. */
  'pubnet-load': { count: number };
  /** Loading failed; the fallback is shown or the element collapsed. */
  'pubnet-error': { error: unknown };
  /** A product or offer link was followed. */
  'pubnet-click': { href: string; product?: unknown; offer?: unknown };
  /** An item became half visible for the first time. */
  'pubnet-impression': { product?: unknown; offer?: unknown };
}

/**
 * The one warning helper of the widgets and the CDN entry: `pubnet-widgets:
 * <message>` (and `extra`, e.g. the error) to `env.warn`; gives `undefined`.
 */
export const warn = (message: string, ...extra: unknown[]): undefined =>
  void env.warn('pubnet-widgets: ' + message, ...extra);

/** Fires a widget event: always `bubbles` and `composed`, so the page can listen anywhere. */
export function emit<K extends keyof PubnetEventMap>(
  target: EventTarget,
  name: K,
  detail: PubnetEventMap[K],
): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pubnet-load': CustomEvent<PubnetEventMap['pubnet-load']>;
    'pubnet-error': CustomEvent<PubnetEventMap['pubnet-error']>;
    'pubnet-click': CustomEvent<PubnetEventMap['pubnet-click']>;
    'pubnet-impression': CustomEvent<PubnetEventMap['pubnet-impression']>;
  }
}
