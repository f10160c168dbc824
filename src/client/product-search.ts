/** Product search bodies (api-contract §5) from simple options, and from an ad slot. */
import { parseAdslotConfig } from './adslot-config.js';
import { filtersFromRows } from './adslot-filters.js';
import type { Adslot, AdslotWidget, ProductSearch, ProductSearchFilter } from './types.js';

type Values = string | readonly string[] | null;

/**
 * Simple search options, as the `<pubnet-product-grid>` attributes give them.
 * `query`, `brand`, `category` and `offer` are read like ad slot filter fields
 * (see `filtersFromRows`): `a|b` (or an array) means any of them, a leading
 * `!` negates.
 */
export interface SearchOptions {
  /** Full text: the `any` field, `contains`. */
  query?: Values;
  /** Brand(s), `contains`. */
  brand?: Values;
  /** Category(ies), `contains`. */
  category?: Values;
  /** Offer id(s): `offer_id`, `exact`. */
  offer?: Values;
  /** Lowest price: with `maxPrice` a `range`, alone `gt`. */
  minPrice?: number | null;
  /** Highest price: with `minPrice` a `range`, alone `lt`. */
  maxPrice?: number | null;
  /** Only discounted products (`discount` `gt` 0). */
  onSale?: boolean | null;
  /** `-score`, `price`, `-price`, `-discount`, `-updated_at`, `title`. */
  ordering?: string | null;
  /** `page_size` (1–100). */
  pageSize?: number | null;
}

const join = (values: Values | undefined) => ([] as string[]).concat(values ?? []).join('|');

/**
 * The search body for `options` (filters in the order of the options above,
 * then `filters`, all ANDed); empty options give `{ filters: [] }`.
 */
export function buildSearch(
  options: SearchOptions = {},
  filters: ProductSearchFilter[] = [],
): ProductSearch {
  const { minPrice, maxPrice, ...otherOptions } = options;
  const body: ProductSearch = {
    filters: filtersFromRows([
      {
        any: join(otherOptions.query),
        brand: join(otherOptions.brand),
        category: join(otherOptions.category),
        offer: join(otherOptions.offer),
        price:
          minPrice != null
            ? maxPrice != null
              ? minPrice + '..' + maxPrice
              : '>' + minPrice
            : maxPrice != null
              ? '<' + maxPrice
              : '',
        discount: otherOptions.onSale ? '>0' : '',
      },
    ]).concat(filters),
  };
  if (otherOptions.ordering) body.ordering = otherOptions.ordering;
  if (otherOptions.pageSize) body.page_size = otherOptions.pageSize;
  return body;
}

/**
 * The search body of a `filter` ad slot: its `filters[]` rows in the
 * mini-language (see `filtersFromRows`), with `ordering` and `limit`
 * (→ `page_size`) from its parsed `config`.
 */
export function adslotSearch(adslot: Pick<Adslot, 'filters' | 'config'>): ProductSearch {
  const config = parseAdslotConfig(adslot.config);
  return buildSearch(
    { ordering: config.ordering, pageSize: config.limit },
    filtersFromRows(adslot.filters),
  );
}

/** How many products a `filter` ad slot shows when its `config` names no `limit`. */
export const ADSLOT_DEFAULT_LIMIT = 8;

/**
 * The one search a `filter` ad slot shows, for the widget and for the proxy
 * that composes the slot's answer (api-contract §10): its search body
 * (`adslotSearch`) with `page_size` its `limit`, by default
 * {@link ADSLOT_DEFAULT_LIMIT}.
 */
export function adslotProductSearch(adslot: Pick<Adslot, 'filters' | 'config'>): ProductSearch {
  return { page_size: ADSLOT_DEFAULT_LIMIT, ...adslotSearch(adslot) };
}

/**
 * The one search for the placed products of a `manual` ad slot (its `product`
 * items, whose `token` is the product id), for the widget and for the proxy
 * that composes the slot's answer: one request for all of them. `undefined`
 * when the slot places no product.
 */
export function placedProductSearch(
  widgets: readonly Pick<AdslotWidget, 'item_type' | 'token'>[],
): ProductSearch | undefined {
  const ids = [
    ...new Set(
      widgets
        .filter((widget) => widget.item_type == 'product' && typeof widget.token == 'string')
        .map((widget) => widget.token as string),
    ),
  ];
  if (!ids.length) return undefined;
  return { filters: [{ id: { lookup: 'exact', value: ids } }], page_size: ids.length };
}
