/**
 * `renderPriceComparison`: a price comparison's HTML, rendered on a server from its
 * product search and its shops' logos (api-contract §11).
 */
import type { RenderOptions } from './options.js';
import type { RenderedWidget } from './render-element.js';
import { renderWidget } from './widget.js';

/** The attributes of `<pubnet-price-comparison>` a server renders with. */
export const PRICE_COMPARISON_ATTRIBUTES = [
  'gtin',
  'mpn',
  'query',
  'ordering',
  'limit',
  'show',
  'website-key',
  'key',
  'sid',
  'api',
  'target',
  'disclosure',
  'cta',
] as const;

/** The element's attributes, as in HTML. */
export type PriceComparisonAttributes = Partial<
  Record<(typeof PRICE_COMPARISON_ATTRIBUTES)[number], string>
>;

/** What `renderPriceComparison` takes besides the attributes (its `lang` among them). */
export interface PriceComparisonRenderOptions extends RenderOptions {
  /** The publisher's own HTML, shown when the search fails or finds nothing. */
  fallback?: string;
}

/**
 * Renders `<pubnet-price-comparison>` for `attributes` (as the element reads them:
 * invalid values are warned about and ignored) with its declarative shadow DOM; see
 * `renderAdslot`.
 * @throws TypeError naming the first invalid option, an unknown attribute, or none of
 *   `gtin`, `mpn` and `query` given.
 */
export const renderPriceComparison = (
  attributes: PriceComparisonAttributes,
  options: PriceComparisonRenderOptions,
): Promise<RenderedWidget> =>
  renderWidget('pubnet-price-comparison', attributes as Record<string, string>, options);
