/**
 * `renderProductGrid`: a product grid's HTML, rendered on a server from its
 * product search (api-contract §11).
 */
import type { RenderOptions } from './options.js';
import type { RenderedWidget } from './render-element.js';
import { renderWidget } from './widget.js';

/** The attributes of `<pubnet-product-grid>` a server renders with. */
export const PRODUCT_GRID_ATTRIBUTES = [
  'query',
  'brand',
  'category',
  'offer',
  'min-price',
  'max-price',
  'sale',
  'on-sale',
  'ordering',
  'limit',
  'columns',
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
export type ProductGridAttributes = Partial<
  Record<(typeof PRODUCT_GRID_ATTRIBUTES)[number], string>
>;

/** What `renderProductGrid` takes besides the attributes (its `lang` among them). */
export interface ProductGridRenderOptions extends RenderOptions {
  /** The publisher's own HTML, shown when the search fails or finds nothing. */
  fallback?: string;
}

/**
 * Renders `<pubnet-product-grid>` for `attributes` (as the element reads
 * them: invalid values are warned about and ignored) with its declarative
 * shadow DOM; see `renderAdslot`.
 * @throws TypeError naming the first invalid option, or an unknown attribute.
 */
export const renderProductGrid = (
  attributes: ProductGridAttributes,
  options: ProductGridRenderOptions,
): Promise<RenderedWidget> =>
  renderWidget('pubnet-product-grid', attributes as Record<string, string>, options);
