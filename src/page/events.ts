import type { AdslotWidget, PaydayLoanOffer, Product } from '../client/types.js';
import { env } from './env.js';

/**
 * An offer as the events give it: the offer id for `<pubnet-offer-link>`, the
 * placed widget of a `manual` ad slot (an offer, banner or html item), or the
 * loan offer of `<pubnet-loan-offers>` (the payday-loans page's).
 */
export type PubnetOffer = string | AdslotWidget | PaydayLoanOffer;

/**
 * The item an event is about: a product (the product shown; `{ id }` for a
 * placed product of a `manual` slot), or an offer.
 */
export type PubnetItem =
  { product: Product; offer?: never } | { offer: PubnetOffer; product?: never };

/** `detail` of the events every widget fires (embed-contract, guarantee 5). */
export interface PubnetEventMap {
  /** Content is shown; `count` is the number of items. */
  'pubnet-load': { count: number };
  /** Loading failed; the fallback is shown or the element collapsed. */
  'pubnet-error': { error: unknown };
  /** A product or offer link was followed; `href` is the link's exact `href`. */
  'pubnet-click': PubnetItem & { href: string };
  /** An item became half visible for the first time. */
  'pubnet-impression': PubnetItem;
}

/** Content is shown: `detail.count` items. */
export type PubnetLoadEvent = CustomEvent<PubnetEventMap['pubnet-load']>;
/** Loading failed: `detail.error` says why. */
export type PubnetErrorEvent = CustomEvent<PubnetEventMap['pubnet-error']>;
/** A link was followed: `detail.href`, and `detail.product` or `detail.offer`. */
export type PubnetClickEvent = CustomEvent<PubnetEventMap['pubnet-click']>;
/** An item was half visible for the first time: `detail.product` or `detail.offer`. */
export type PubnetImpressionEvent = CustomEvent<PubnetEventMap['pubnet-impression']>;

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
    'pubnet-load': PubnetLoadEvent;
    'pubnet-error': PubnetErrorEvent;
    'pubnet-click': PubnetClickEvent;
    'pubnet-impression': PubnetImpressionEvent;
  }
  interface HTMLElementEventMap {
    'pubnet-load': PubnetLoadEvent;
    'pubnet-error': PubnetErrorEvent;
    'pubnet-click': PubnetClickEvent;
    'pubnet-impression': PubnetImpressionEvent;
  }
}
