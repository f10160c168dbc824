/**
 * `renderProductGrid`: a product grid's HTML, rendered on a server from its
 * product search (api-contract §11).
 */
import { html, nothing } from 'lit';
import { buildSearch, type SearchOptions } from '../client/product-search.js';
import { productSearch } from '../client/routes/products.js';
import { PubnetProductGrid } from '../components/product-grid/product-grid.js';
import '../components/product-grid/define.js';
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
  'on-sale',
  'ordering',
  'limit',
  'columns',
  'layout',
  'key',
  'sid',
  'api',
  'target',
  'disclosure',
] as const;

/** The element's attributes, as in HTML. */
export type ProductGridAttributes = Partial<
  Record<(typeof PRODUCT_GRID_ATTRIBUTES)[number], string>
>;

/** What `renderProductGrid` takes besides the attributes. */
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
        `pubnet-widgets/render: attribute ${name} is not one of <pubnet-product-grid>'s, as a string`,
      );
  const warnings: string[] = [];
  const element = collectWarnings(() => {
    const grid = new PubnetProductGrid();
    for (const [name, value] of Object.entries(attributes))
      grid.attributeChangedCallback(name, null, value);
    return grid;
  }, warnings);
  // The search the element itself would run (its `_searchOptions()`).
  const search = (element as unknown as { _searchOptions(): SearchOptions })._searchOptions();
  const a = attributes;
  const loaded = await load(options, element, options?.fallback, (core, signal) =>
    core.request(productSearch, { query: { key: a.key }, body: buildSearch(search), signal }),
  );
  return renderElement(
    'pubnet-product-grid',
    html`<pubnet-product-grid
      query=${a.query ?? nothing}
      brand=${a.brand ?? nothing}
      category=${a.category ?? nothing}
      offer=${a.offer ?? nothing}
      min-price=${a['min-price'] ?? nothing}
      max-price=${a['max-price'] ?? nothing}
      on-sale=${a['on-sale'] ?? nothing}
      ordering=${a.ordering ?? nothing}
      limit=${a.limit ?? nothing}
      columns=${a.columns ?? nothing}
      layout=${a.layout ?? nothing}
      key=${a.key ?? nothing}
      sid=${a.sid ?? nothing}
      api=${a.api ?? nothing}
      target=${a.target ?? nothing}
      disclosure=${a.disclosure ?? nothing}
      state=${loaded.failed ? loaded.state : nothing}
      data-answer=${loaded.answer}
    ></pubnet-product-grid>`,
    loaded.styles,
    loaded.state,
    loaded.reason,
    warnings,
    options?.fallback,
  );
}
