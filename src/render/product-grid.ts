/**
 * `renderProductGrid`: a product grid's HTML, rendered on a server from its
 * product search (api-contract §11).
 */
import { html } from 'lit';
import { buildSearch } from '../client/product-search.js';
import { productSearch } from '../client/routes/products.js';
import { PubnetProductGrid } from '../components/product-grid/product-grid.js';
import '../components/define.js';
import { load } from './load.js';
import type { RenderOptions } from './options.js';
import { renderElement, type RenderedWidget } from './render-element.js';
import { collectWarnings } from './warnings.js';

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
export async function renderProductGrid(
  attributes: ProductGridAttributes,
  options: ProductGridRenderOptions,
): Promise<RenderedWidget> {
  if (!attributes || typeof attributes != 'object')
    throw new TypeError('pubnet-widgets/render: attributes must be an object');
  for (const [name, value] of Object.entries(attributes))
    if (!(PRODUCT_GRID_ATTRIBUTES as readonly string[]).includes(name) || typeof value != 'string')
      throw new TypeError(
        `pubnet-widgets/render: attribute ${name} is not one of <pubnet-product-grid>'s, as a string` +
          // The language is the render's, as for renderAdslot: an option, checked as such.
          (name == 'lang' ? ' (give lang as an option of the render)' : ''),
      );
  const warnings: string[] = [];
  const element = collectWarnings(() => {
    const grid = new PubnetProductGrid();
    for (const [name, value] of Object.entries(attributes))
      grid.attributeChangedCallback(name, null, value);
    return grid;
  }, warnings);
  // The search the element itself runs.
  const search = element.searchOptions();
  const loaded = await load(options, element, options?.fallback, (core, signal) =>
    core.request(productSearch, {
      query: { key: attributes['website-key'] ?? attributes.key },
      body: buildSearch(search),
      signal,
    }),
  );
  return renderElement(
    'pubnet-product-grid',
    html`<pubnet-product-grid></pubnet-product-grid>`,
    attributes,
    loaded,
    warnings,
    options?.fallback,
  );
}
