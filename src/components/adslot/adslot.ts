import { html, type CSSResultGroup, type PropertyDeclarations, type PropertyValues } from 'lit';
import { parseAdslotConfig } from '../../client/adslot-config.js';
import { ADSLOT_DEFAULT_LIMIT, adslotProductSearch } from '../../client/product-search.js';
import { adslotGet } from '../../client/routes/adslots.js';
import type { Adslot, AdslotConfig, AdslotWidget } from '../../client/types.js';
import { baseStyles } from '../base/base.styles.js';
import { checkProperties } from '../base/attributes.js';
import { cardStyles } from '../product-card/card.styles.js';
import { productList, usable, whileWarming, type Shown } from '../product-card/product-card.js';
import { isObject } from '../../page/safe-url.js';
import { searchProducts } from '../product-card/search-products.js';
import type { LoadContext } from '../base/widget-element.js';
import { PubnetProductsWidget } from '../base/products-widget.js';
import { adslotStyles } from './adslot.styles.js';
import { CanvasFit } from './canvas-fit.js';
import { showCreative } from './creative-frame.js';
import {
  bounds,
  itemOf,
  loadPlaced,
  manualCanvas,
  placeable,
  placedNow,
  type Placed,
} from './manual-canvas.js';

/**
 * An ad slot (`GET /publisher/adslots/{adslot}/`). A `filter` slot shows the
 * products its filters find, laid out by its `config` (`layout`
 * grid/list/carousel, `columns`, `limit`, `ordering`, `show_price`,
 * `show_brand`, `cta`, `disclosure`). A `manual` slot shows its placed
 * widgets, scaled down to fit the width: placed products as product cards,
 * placed offers with their logo and name.
 *
 * Through the shipped proxy a slot costs one request: the proxy composes what
 * the slot shows into its answer (api-contract §10). From the API itself, a
 * filter slot then searches (`?key=`), and a manual slot asks for the tracking
 * links of its placed items.
 *
 * The slot's size is known only once its config arrives; until then it
 * reserves its label row (21px) and `--pubnet-slot-min-height` below it, as
 * `pubnet.css` does before the element is defined. State the height of what
 * the slot shows, so that the page never moves:
 *
 * ```html
 * <pubnet-adslot adslot="…" style="--pubnet-slot-min-height: 250px"></pubnet-adslot>
 * ```
 *
 * @summary An ad slot of the network: the products its filters find, or its placed products, offers and creatives.
 * @fires pubnet-load - The slot is shown; `detail.count` is the number of items.
 * @fires pubnet-error - The slot could not be loaded; `detail.error` says why.
 * @fires pubnet-click - A product or offer was clicked; `detail`: `href`, and `product`
 *   (the product; `{ id }` for a placed product of a manual slot) or `offer` (the placed widget).
 * @fires pubnet-impression - An item was half visible for the first time; `detail.product`
 *   or `detail.offer` (a placed offer, banner or html widget of a manual slot).
 * @slot fallback - Shown instead when the slot fails or finds nothing (else the element collapses).
 * @csspart card - A product card, or a placed widget's box in a manual slot.
 * @csspart image - A product image.
 * @csspart title - A product title: the card's link.
 * @csspart brand - A brand.
 * @csspart price - A price.
 * @csspart button - The call to action.
 * @csspart disclosure - The disclosure label.
 * @cssprop [--pubnet-slot-min-height=250px] - Height reserved below the label until the slot's config is known.
 */
export class PubnetAdslot extends PubnetProductsWidget {
  static override styles: CSSResultGroup = [baseStyles, cardStyles, adslotStyles];
  static override properties: PropertyDeclarations = { adslot: {} };
  static {
    checkProperties(this);
  }

  /** The ad slot id (uuid). */
  declare adslot?: string;

  /** The slot's parsed `config`; `undefined` until the slot is known. */
  private _config?: AdslotConfig;
  /** A `filter` slot's products; `undefined` while they load. */
  private _products?: Shown[];
  /** A `manual` slot's placeable widgets (they size the canvas). */
  private _widgets?: AdslotWidget[];
  /** The widgets shown, with their links; `undefined` while the links load. */
  private _placed?: Placed[];

  constructor() {
    super();
    new CanvasFit(this, () => this._fitCanvas());
  }

  protected override _loadInputs() {
    return [...super._loadInputs(), this.adslot];
  }

  protected override _statsAdslot() {
    return this.adslot ?? null;
  }

  protected async _fetch(context: LoadContext, given?: unknown) {
    // `key` and `sid` let the publisher's proxy compose what the slot shows
    // (api-contract §10); the API itself answers the slot alone.
    const slot = (given ??
      (await whileWarming(
        context.core.request(adslotGet, {
          params: { uuid: this.adslot! },
          query: { key: context.key, sid: context.sid },
          signal: context.signal,
        }),
      ))) as Adslot;
    const count = this._show(slot, context);
    if (count !== undefined) return count;
    // The layout is known: the skeleton, or the empty canvas, shows while
    // what the slot shows loads.
    this.requestUpdate();
    if (this._widgets)
      this._placed = await loadPlaced(
        placeable(slot.widgets, this._embedded(slot).widgets),
        context,
      );
    else
      this._products = usable(
        await searchProducts(context, adslotProductSearch(slot)),
        this._config!.limit ?? ADSLOT_DEFAULT_LIMIT,
      );
    return this._count();
  }

  /** Sets the items shown, for impressions and clicks; their number. */
  private _count() {
    return (this._items =
      this._placed?.map(itemOf) ?? this._products!.map((product) => ({ product }))).length;
  }

  /** The slot's composed parts (api-contract §10); none is `{}`. */
  private _embedded(slot: Adslot) {
    return isObject(slot._embedded) ? slot._embedded : {};
  }

  protected override _show(slot: Adslot, context?: Partial<LoadContext>) {
    this._products = this._widgets = this._placed = undefined;
    const config = (this._config = parseAdslotConfig(slot.config));
    // Without a key of its own, the slot's website is the one to credit.
    if (context) context.key ??= slot.website_details?.guid;
    const embedded = this._embedded(slot);
    if (slot.type != 'manual') {
      const given = isObject(embedded.products) ? embedded.products.results : undefined;
      if (!Array.isArray(given)) return;
      this._products = usable(given, config.limit ?? ADSLOT_DEFAULT_LIMIT);
    } else {
      const entries = placeable(slot.widgets, embedded.widgets);
      this._widgets = entries.map((entry) => entry.widget);
      if (!(this._placed = placedNow(entries))) return;
    }
    return this._count();
  }

  protected override updated(changed: PropertyValues<this>) {
    super.updated(changed);
    for (const frame of this.renderRoot.querySelectorAll('iframe'))
      showCreative(frame, this._placed![+frame.parentElement!.dataset.i!].widget.embed_code!);
  }

  /**
   * Scales the canvas down to the width there is (never up), by the bounds of
   * the widgets shown now (the slot may have changed since the observer
   * began); whether there is a canvas.
   */
  private _fitCanvas() {
    const widgets = this._widgets;
    if (!widgets?.length) return false;
    this.renderRoot
      .querySelector<HTMLElement>('.canvas')
      ?.style.setProperty(
        '--canvas-scale',
        '' + Math.min(1, this.clientWidth / bounds(widgets)[0]),
      );
    return true;
  }

  protected _content() {
    const config = this._config;
    if (!config) return html`<div class="wait"></div>`;
    const words = this._words();
    // Attribute, then the slot's config; the words come last (product-card.ts).
    const view = { ...config, cta: this.cta ?? config.cta, target: this._target(), words };
    return html`${this._label(config.disclosure)}${
      this._widgets
        ? manualCanvas(
            this._widgets,
            this._placed,
            view,
            this.disclosure || config.disclosure || words.disclosure,
          )
        : productList(this._products, view)
    }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pubnet-adslot': PubnetAdslot;
  }
}
