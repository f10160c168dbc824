/**
 * The npm entry: importing it registers every element of the registry
 * (components/registry.ts; guarded: a tag another copy already owns is kept,
 * with one warning). Each element's class (a `LitElement`, which a Lit user
 * may extend, its tag in `HTMLElementTagNameMap`), `configure` and the event
 * types are exported by name for typed use; test/tooling/exports.test.ts holds
 * this list to the registry and to test/tooling/exports.json.
 */
import './components/define.js';

export { PubnetAdslot } from './components/adslot/adslot.js';
export { PubnetProductGrid } from './components/product-grid/product-grid.js';
export { PubnetOfferLink } from './components/offer-link/offer-link.js';
export { PubnetPriceComparison } from './components/price-comparison/price-comparison.js';
export { PubnetLoanOffers } from './components/loan-offers/loan-offers.js';
export type { WidgetState } from './page/widget-state.js';
export type { Ordering } from './components/product-grid/product-grid.js';
export type { PaydayLoanOffer } from './components/loan-offers/loan-offers.js';
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
