/**
 * `renderLoanOffers`: loan offers' HTML, rendered on a server from the website's
 * payday-loans page (api-contract §11), with every representative example in it.
 */
import type { RenderOptions } from './options.js';
import type { RenderedWidget } from './render-element.js';
import { renderWidget } from './widget.js';

/** The attributes of `<pubnet-loan-offers>` a server renders with. */
export const LOAN_OFFERS_ATTRIBUTES = [
  'type',
  'loan-amount',
  'loan-period',
  'customer-age',
  'first-loan-free',
  'no-bik',
  'no-income-proof',
  'only',
  'exclude',
  'pinned',
  'ordering',
  'highlight',
  'limit',
  'layout',
  'website-key',
  'key',
  'sid',
  'api',
  'target',
  'disclosure',
  'cta',
] as const;

/** The element's attributes, as in HTML. */
export type LoanOffersAttributes = Partial<Record<(typeof LOAN_OFFERS_ATTRIBUTES)[number], string>>;

/** What `renderLoanOffers` takes besides the attributes (its `lang` among them). */
export interface LoanOffersRenderOptions extends RenderOptions {
  /** The publisher's own HTML, shown when reading fails or no offer passes. */
  fallback?: string;
}

/**
 * Renders `<pubnet-loan-offers>` for `attributes` (as the element reads them: invalid
 * values are warned about and ignored) with its declarative shadow DOM; see `renderAdslot`.
 * @throws TypeError naming the first invalid option, an unknown attribute, or a missing
 *   `key` (the website whose page it shows).
 */
export const renderLoanOffers = (
  attributes: LoanOffersAttributes,
  options: LoanOffersRenderOptions,
): Promise<RenderedWidget> =>
  renderWidget('pubnet-loan-offers', attributes as Record<string, string>, options);
