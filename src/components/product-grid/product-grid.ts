import { html, type CSSResultGroup, type PropertyDeclarations } from 'lit';
import { buildSearch, type SearchOptions } from '../../client/product-search.js';
import { checkProperties, num, oneOf } from '../base/attributes.js';
import { baseStyles } from '../base/base.styles.js';
import { cardStyles } from '../product-card/card.styles.js';
import { productList, usable, whileWarming, type Shown } from '../product-card/product-card.js';
import { isObject } from '../../page/safe-url.js';
import { searchProducts } from '../product-card/search-products.js';
import type { LoadContext } from '../base/widget-element.js';
import { PubnetProductsWidget } from '../base/products-widget.js';

/** The orderings the API knows (api-contract §5). */
export const ORDERINGS = [
  '-score',
  'price',
  '-price',
  '-discount',
  '-updated_at',
  'title',
] as const;

/** How products are ordered. */
export type Ordering = (typeof ORDERINGS)[number];

/** The layouts of `<pubnet-product-grid>`. */
export const GRID_LAYOUTS = ['grid', 'list'] as const;

/**
 * Product cards from one product search (`POST /publisher/products/?key=`).
 * Each card is one link to the product's `link`, the click URL the API gave
 * for the website key; products without an http(s) `link` are skipped.
 * While loading, a skeleton of `limit` cards of the final size is shown, so
 * the page does not move when the products arrive.
 *
 * ```html
 * <pubnet-product-grid query="headphones" brand="Sony|Bose" max-price="500" limit="4"></pubnet-product-grid>
 * ```
 *
 * @summary Product cards from one product search that the element's attributes describe.
 * @fires pubnet-load - Products are shown; `detail.count` is how many.
 * @fires pubnet-error - The search failed; `detail.error` says why.
 * @fires pubnet-click - A card was clicked; `detail`: `href`, `product`.
 * @fires pubnet-impression - A card was half visible for the first time; `detail.product`.
 * @slot fallback - Shown instead when the search fails or finds nothing (else the element collapses).
 * @csspart card - A product card (the whole card follows its title link).
 * @csspart image - The product image.
 * @csspart title - The product title: the card's link.
 * @csspart brand - The brand.
 * @csspart price - The price (with the sale price and discount when on sale).
 * @csspart button - The call to action.
 * @csspart disclosure - The disclosure label.
 */
export class PubnetProductGrid extends PubnetProductsWidget {
  static override styles: CSSResultGroup = [baseStyles, cardStyles];
  static override properties: PropertyDeclarations = {
    query: {},
    brand: {},
    category: {},
    offer: {},
    minPrice: num('min-price'),
    maxPrice: num('max-price'),
    sale: { type: Boolean },
    onSale: { attribute: 'on-sale', type: Boolean },
    ordering: oneOf('ordering', ORDERINGS),
    limit: num('limit', 1, 48),
    columns: num('columns', 1, 6),
    layout: oneOf('layout', GRID_LAYOUTS),
  };
  static {
    checkProperties(this);
  }

  /** Full-text search. */
  declare query?: string;
  /** Brand; `a|b` means any of them. */
  declare brand?: string;
  /** Category; `a|b` means any of them. */
  declare category?: string;
  /** Offer id; `a|b` means any of them. */
  declare offer?: string;
  /** Lowest price. */
  declare minPrice?: number;
  /** Highest price. */
  declare maxPrice?: number;
  /** Only products on sale. */
  declare sale: boolean;
  /** `sale` by its older name (Preact, Vue and Svelte take `on*` names for events). */
  declare onSale: boolean;
  /** Order: `-score` (default), `price`, `-price`, `-discount`, `-updated_at`, `title`. */
  declare ordering?: Ordering;
  /** How many products, 1–48; default 8. */
  declare limit?: number;
  /** Most columns, 1–6; default 4 (fewer on narrow screens). */
  declare columns?: number;
  /** `grid` (default) or `list`. */
  declare layout?: 'grid' | 'list';

  /** The products shown; `undefined` while loading (the skeleton is shown). */
  private _products?: Shown[];

  /**
   * The product search the attributes describe: what the grid asks for, and
   * what a server renderer asks for to render it.
   */
  searchOptions(): SearchOptions {
    return {
      query: this.query,
      brand: this.brand,
      category: this.category,
      offer: this.offer,
      minPrice: this.minPrice,
      maxPrice: this.maxPrice,
      onSale: this.sale || this.onSale,
      ordering: this.ordering ?? '-score',
      pageSize: this.limit ?? 8,
    };
  }

  protected override _loadInputs() {
    return [...super._loadInputs(), this.searchOptions()];
  }

  protected async _fetch(context: LoadContext, given?: unknown) {
    return this._show(
      given ?? {
        results: await whileWarming(searchProducts(context, buildSearch(this.searchOptions()))),
      },
    );
  }

  /** Shows a search page (`{ results }`). */
  protected override _show(page: unknown) {
    this._products = usable(isObject(page) ? page.results : undefined, this.limit ?? 8);
    return (this._items = this._products.map((product) => ({ product }))).length;
  }

  protected _content() {
    return html`${this._label()}${productList(this._products, {
      target: this._target(),
      cta: this.cta,
      words: this._words(),
      layout: this.layout,
      columns: this.columns,
      limit: this.limit,
    })}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pubnet-product-grid': PubnetProductGrid;
  }
}
