import { html, nothing, type CSSResultGroup, type PropertyDeclarations } from 'lit';
import type { Core } from '../../client/core.js';
import { offerGet } from '../../client/routes/offers.js';
import type { ProductSearch, ProductSearchLookup } from '../../client/types.js';
import { addMessages } from '../../page/messages.js';
import { httpUrl, isObject } from '../../page/safe-url.js';
import type { Words } from '../../page/lang.js';
import { attr, checkProperties, num, oneOf } from '../base/attributes.js';
import { baseStyles } from '../base/base.styles.js';
import type { LoadContext } from '../base/widget-element.js';
import { formatPrice, parsePrice } from '../../client/price.js';
import {
  lazyImage,
  productImage,
  text,
  whileWarming,
  type Shown,
} from '../product-card/product-card.js';
import { PubnetProductsWidget } from '../base/products-widget.js';
import { searchProducts } from '../product-card/search-products.js';
import { comparisonStyles } from './price-comparison.styles.js';
import { comparisonRows } from './rows.js';
import { COMPARISON_MESSAGES, type ComparisonWords } from './words.js';

addMessages(COMPARISON_MESSAGES);
/** The parts a row may show besides the shop's name, the title, the price and the call to action. */
export const COMPARISON_PARTS = ['image', 'logo', 'brand'] as const;

/** The most products one comparison's search asks for (api-contract §9). */
const PAGE_SIZE = 48;

/**
 * The same product across shops, cheapest first: one product search
 * (`POST /publisher/products/?key=`) by `gtin` (exact), else `mpn` (exact), else
 * `query` (the product's name, as a phrase), of which each shop's cheapest
 * product is one row (api-contract §9). Each row is one link to the product's
 * `link`, the click URL the API gave for the website key. While loading, `limit`
 * empty rows of the final height are shown, so the page does not move; the
 * shops' logos (one read of each shop's offer) fill boxes of their own size
 * once the rows are shown.
 *
 * ```html
 * <pubnet-price-comparison gtin="5900000000017" limit="5">
 *   <p slot="lead">Where to buy it:</p>
 * </pubnet-price-comparison>
 * ```
 *
 * @summary The same product across shops, cheapest first, each row a tracking link.
 * @fires pubnet-load - Rows are shown; `detail.count` is how many.
 * @fires pubnet-error - The search failed; `detail.error` says why.
 * @fires pubnet-click - A row was clicked; `detail`: `href`, `product`.
 * @fires pubnet-impression - A row was half visible for the first time; `detail.product`.
 * @slot lead - Shown above the rows, only when there are rows.
 * @slot fallback - Shown instead when the search fails or finds nothing (else the element collapses).
 * @csspart row - A row (one shop).
 * @csspart link - The row's link: the whole row.
 * @csspart logo - The shop's logo.
 * @csspart image - The product image (`show="image"`).
 * @csspart shop - The shop's name.
 * @csspart brand - The brand (`show="brand"`).
 * @csspart title - The product's title in that shop.
 * @csspart price - The price (with the old price when on sale).
 * @csspart button - The call to action (hidden when the element is narrower than 420px).
 * @csspart disclosure - The disclosure label.
 */
export class PubnetPriceComparison extends PubnetProductsWidget {
  static override styles: CSSResultGroup = [baseStyles, comparisonStyles];
  static override properties: PropertyDeclarations = {
    gtin: attr('gtin', (value) => (/^\d{8,14}$/.test(value) ? value : undefined)),
    mpn: {},
    query: {},
    ordering: oneOf('ordering', ['price', '-price']),
    limit: num('limit', 1, PAGE_SIZE),
    show: attr('show', (value) =>
      value.split(' ').every((part) => COMPARISON_PARTS.includes(part as never))
        ? value
        : undefined,
    ),
  };
  static {
    checkProperties(this);
  }

  /** The product's GTIN (EAN, UPC: 8–14 digits), found exactly. */
  declare gtin?: string;
  /** The product's MPN, found exactly (when there is no `gtin`). */
  declare mpn?: string;
  /** The product's name, found as a phrase in titles (when there is no `gtin` nor `mpn`). */
  declare query?: string;
  /** `price` (default): cheapest shop first; `-price`: dearest first. */
  declare ordering?: 'price' | '-price';
  /** How many shops, 1–48; default 10. */
  declare limit?: number;
  /** Space-separated parts a row shows: `image`, `logo`, `brand`; default `logo`. */
  declare show?: string;

  /** The rows shown; `undefined` while loading (empty rows are shown). */
  private _rows?: Shown[];
  /** The shops' logos, by offer id, as the API gave them (checked when shown). */
  private _logos: Record<string, unknown> = {};
  /**
   * The rows' room: `limit` while loading, and after, unless the rows arrived while the
   * empty rows' place was below the viewport (the content that moves up when they go is
   * not in view, and does not come into view) or from a server (which wrote the rows alone).
   */
  private _room?: number;

  /** The search the attributes describe; `undefined` without `gtin`, `mpn` or `query`. */
  search(): ProductSearch | undefined {
    const [field, lookup, value]: [string, ProductSearchLookup, string?] = this.gtin
      ? ['gtin', 'exact', this.gtin]
      : this.mpn
        ? ['mpn', 'exact', this.mpn]
        : ['title', 'phrase', this.query];
    return value
      ? { filters: [{ [field]: { lookup, value } }], ordering: 'price', page_size: PAGE_SIZE }
      : undefined;
  }

  /** The rows of a search's `results`, as this element orders and counts them. */
  rows(results: unknown): Shown[] {
    return comparisonRows(results, this.ordering == '-price', this.limit ?? 10);
  }

  /** Whether a row shows `part` (`show`). */
  shows(part: (typeof COMPARISON_PARTS)[number]): boolean {
    return (this.show ?? 'logo').split(' ').includes(part);
  }

  /**
   * The logos of `rows`' shops, by offer id: one read of each offer, at once; a
   * read that fails leaves its shop without a logo.
   */
  async logos(core: Core, rows: Shown[], signal?: AbortSignal): Promise<Record<string, unknown>> {
    return Object.fromEntries(
      await Promise.all(
        rows.map(({ offer_id: uuid }) =>
          core.request(offerGet, { params: { uuid: uuid! }, signal }).then(
            (offer) => [uuid, offer?.logo_thumbnail],
            () => [uuid],
          ),
        ),
      ),
    );
  }

  protected override _loadInputs() {
    // The rows are made when an answer is shown: their order and number are inputs too.
    return [...super._loadInputs(), this.search(), this.ordering, this.limit, this.show];
  }

  protected async _fetch(context: LoadContext, given?: unknown) {
    if (given) return this._show(given);
    const search = this.search();
    if (!search) throw new TypeError('<pubnet-price-comparison> needs a gtin, an mpn or a query');
    const count = this._show({ results: await whileWarming(searchProducts(context, search)) });
    // Where the first empty row would start: from there down, the empty rows go only if
    // nothing that moves up is in view, or comes into view.
    const limit = this.limit ?? 10;
    if (this.getBoundingClientRect().bottom - (limit - count) * 56 < innerHeight)
      this._room = limit;
    const { signal } = context;
    // The rows first; their logos once read.
    if (this.shows('logo'))
      void this.logos(context.core, this._rows!, signal).then((logos) => {
        if (signal.aborted) return;
        this._logos = logos;
        this.requestUpdate();
      });
    return count;
  }

  /** Shows a search page, or a server's answer (`{ results, logos }`). */
  protected override _show(answer: unknown) {
    this._rows = this.rows(isObject(answer) ? answer.results : undefined);
    this._room = this._rows.length;
    if (isObject(answer) && isObject(answer.logos)) this._logos = answer.logos;
    return (this._items = this._rows.map((product) => ({ product }))).length;
  }

  protected _content() {
    // (Its module added them: words.ts.)
    const words = this._words() as ComparisonWords;
    const rows = this._rows;
    const room = rows ? this._room! : (this.limit ?? 10);
    return html`<slot name="lead"></slot>${this._label()}
      <ul role="list" aria-label=${words.compare} aria-busy=${!rows}>
        ${rows?.map((product, i) => this._row(product, i, words))}${Array.from(
          { length: room - (rows?.length ?? 0) },
          () => html`<li class="row ${rows ? 'placeholder' : 'skeleton'}" aria-hidden="true"></li>`,
        )}
      </ul>`;
  }

  /** One row: one link, numbered `i` within the shadow root (impressions, clicks). */
  private _row(product: Shown, i: number, words: Words) {
    const shop = text(product.offer);
    const logo = this.shows('logo') && httpUrl(this._logos[product.offer_id!]);
    const image = this.shows('image') && productImage(product);
    const brand = text(product.brand);
    return html`<li part="row" class="row">
      <a
        part="link"
        data-i=${i}
        href=${product.link}
        rel="sponsored noopener"
        target=${this._target()}
        >${
          this.shows('logo')
            ? html`<span class="logo"
                >${
                  logo
                    ? html`<img
                        part="logo"
                        src=${logo}
                        alt=${shop}
                        width="64"
                        height="32"
                        loading="lazy"
                        decoding="async"
                      />`
                    : nothing
                }</span
              >`
            : nothing
        }${image ? lazyImage(image, text(product.title)) : nothing}<span class="text"
          ><span part="shop" aria-hidden=${logo ? 'true' : nothing}>${shop}</span
          ><span class="line"
            >${
              // Not when the title says it first.
              this.shows('brand') &&
              brand &&
              !text(product.title).toLowerCase().startsWith(brand.toLowerCase())
                ? html`<span part="brand">${brand}</span> `
                : nothing
            }<span part="title">${text(product.title)}</span></span
          ></span
        >${this._price(product, words)}<span part="button">${this.cta ?? words.cta}</span></a
      >
    </li>`;
  }

  /**
   * The price paid (the one the row is ordered by), and above it, when on sale, the old
   * price: one under the other, so a narrow row keeps room for the shop and the title.
   */
  private _price({ price, sale_price: sale }: Shown, { lang, now, was }: Words) {
    const format = (value: unknown) => text(formatPrice(value as string, lang));
    return html`<span part="price"
      >${
        parsePrice(sale) && sale != price && parsePrice(price)
          ? html`<ins><span class="visually-hidden">${now} </span>${format(sale)}</ins
              ><del><span class="visually-hidden">${was} </span>${format(price)}</del>`
          : format(parsePrice(sale) ? sale : price)
      }</span
    >`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pubnet-price-comparison': PubnetPriceComparison;
  }
}
