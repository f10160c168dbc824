/**
 * The npm entry: importing it registers `<pubnet-adslot>`,
 * `<pubnet-product-grid>` and `<pubnet-offer-link>` (guarded: a tag another
 * copy already owns is kept, with one warning). The classes, `configure` and
 * the event types are re-exported for typed use; the classes are
 * `LitElement`s, which a Lit user may extend.
 */
import './components/define.js';

export { PubnetAdslot } from './components/adslot/adslot.js';
export { PubnetProductGrid } from './components/product-grid/product-grid.js';
export { PubnetOfferLink } from './components/offer-link/offer-link.js';
export type { WidgetState } from './page/widget-state.js';
export type { Ordering } from './components/product-grid/product-grid.js';
export { configure, type PubnetOptions } from './page/options.js';
export type {
  PubnetClickEvent,
  PubnetErrorEvent,
  PubnetEventMap,
  PubnetImpressionEvent,
  PubnetItem,
  PubnetLoadEvent,
  PubnetOffer,
} from './page/events.js';
