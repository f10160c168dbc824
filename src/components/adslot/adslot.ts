import { html } from 'lit/html.js';
import { parseAdslotConfig } from '../../client/adslot-config.js';
import { adslotSearch } from '../../client/product-search.js';
import { adslotGet } from '../../client/routes/adslots.js';
import type { AdslotConfig, AdslotWidget } from '../../client/types.js';
import { baseStyles } from '../shared/base.styles.js';
import { cardStyles } from '../shared/card.styles.js';
import { CTA, productList } from '../shared/product-card.js';
import type { PropertyValues } from '../shared/base-element.js';
import { PubnetWidget, type LoadContext } from '../shared/widget-element.js';
import { adslotStyles } from './adslot.styles.js';
import { showCreative } from './creative-frame.js';
import {
  bounds,
  itemOf,
  loadPlaced,
  manualCanvas,
  placeable,
  type Placed,
} from './manual-canvas.js';

/**
 * An ad slot (`GET /publisher/adslots/{adslot}/`). A `filter` slot shows the
 * products its filters find (one search, `?key=`), laid out by its `config`
 * (`layout` grid/list/carousel, `columns`, `limit`, `ordering`, `show_price`,
 * `show_brand`, `cta`, `disclosure`): two requests in all. A `manual` slot
 * shows its placed widgets, scaled down to fit the width.
 *
 * The slot's size is known only once its config arrives; until then it
 * reserves `--pubnet-slot-min-height`. To reserve the exact size, so that the
 * page never moves, write for example:
 *
 * ```css
 * pubnet-adslot[adslot="…"] { --pubnet-slot-min-height: 420px; }
 * pubnet-adslot.banner { aspect-ratio: 728 / 90; --pubnet-slot-min-height: 0; }
 * ```
 *
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
 * @cssprop [--pubnet-slot-min-height=250px] - Height reserved until the slot's config is known.
 * @cssprop [--pubnet-bg=#fff] - Card background (dark scheme: #202124).
 * @cssprop [--pubnet-fg=#1f1f1f] - Text colour (dark scheme: #e8eaed).
 * @cssprop [--pubnet-muted=#5f6368] - Brand, old price and label colour.
 * @cssprop [--pubnet-accent=#0b57d0] - Button background and focus ring.
 * @cssprop [--pubnet-accent-fg=#fff] - Button text.
 * @cssprop [--pubnet-border=#dadce0] - Borders and the empty image box.
 * @cssprop [--pubnet-sale=#b3261e] - Sale price colour.
 * @cssprop [--pubnet-radius=8px] - Card corner radius.
 * @cssprop [--pubnet-gap=12px] - Space between cards.
 * @cssprop [--pubnet-font=14px/1.3 system-ui, sans-serif] - Font shorthand.
 * @cssprop [--pubnet-card-min-width=150px] - Narrowest column before fewer columns are used.
 * @cssprop [--pubnet-image-size=96px] - Image size in the `list` layout.
 */
export class PubnetAdslot extends PubnetWidget {
  static override styles = [baseStyles, cardStyles, adslotStyles];
  static override properties = { adslot: {} };

  /** The ad slot id (uuid). */
  declare adslot?: string;

  private _config?: AdslotConfig;
  private _widgets?: AdslotWidget[];
  private _placed?: Placed[];
  private _resize?: ResizeObserver;

  protected async _fetch(context: LoadContext) {
    const { core, signal } = context;
    this._config = this._products = this._widgets = this._placed = undefined;
    const slot = await core.request(adslotGet, {
      params: { uuid: this.adslot! },
      signal,
    });
    const c = (this._config = parseAdslotConfig(slot.config));
    // Without a key of its own, the slot's website is the one to credit.
    context.key ??= slot.website_details?.guid;
    const ws = slot.type == 'manual' && (this._widgets = placeable(slot.widgets));
    // The layout is known: shown (the skeleton, or the empty canvas) while the rest loads.
    this.requestUpdate();
    if (!ws) return this._search(context, { page_size: 8, ...adslotSearch(slot) }, c.limit ?? 8);
    this._items = (this._placed = await loadPlaced(ws, context)).map(itemOf);
    return this._items.length;
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this._resize?.disconnect();
    this._resize = undefined;
  }

  protected override updated(changed: PropertyValues) {
    super.updated(changed);
    const ws = this._widgets;
    if (!ws?.length) return;
    for (const f of this.shadowRoot!.querySelectorAll('iframe'))
      showCreative(f, this._placed![+f.parentElement!.dataset.i!][0].embed_code!);
    // Scale the canvas down to the width there is (never up), now and on resize.
    const fit = () =>
      this.shadowRoot!.querySelector<HTMLElement>('.cv')?.style.setProperty(
        '--s',
        '' + Math.min(1, this.clientWidth / bounds(ws)[0]),
      );
    (this._resize ??= new ResizeObserver(fit)).observe(this);
    fit();
  }

  protected _content() {
    const c = this._config;
    if (!c) return html`<div class="wait"></div>`;
    const target = this._target();
    return html`${this._label(c.disclosure)}${
      this._widgets
        ? manualCanvas(
            this._widgets,
            this._placed,
            target,
            c.cta ?? CTA,
            this.disclosure || c.disclosure || 'Ad',
          )
        : productList(this._products, { ...c, target })
    }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pubnet-adslot': PubnetAdslot;
  }
}
