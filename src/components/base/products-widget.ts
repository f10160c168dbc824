import type { PropertyDeclarations } from 'lit';
import { checkProperties } from './attributes.js';
import { PubnetWidget } from './widget-element.js';

/**
 * What the elements that show product cards (`<pubnet-product-grid>`, `<pubnet-adslot>`)
 * share besides the base: the call to action, and the cards' custom properties.
 *
 * @cssprop [--pubnet-bg=#fff] - Card background (#202124 when the page's `color-scheme` is dark).
 * @cssprop [--pubnet-fg=#1f1f1f] - Text colour (#e8eaed when the page's `color-scheme` is dark).
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
export abstract class PubnetProductsWidget extends PubnetWidget {
  static override properties: PropertyDeclarations = { cta: {} };
  static {
    checkProperties(this);
  }

  /**
   * The call to action. First this, then the ad slot's config, then
   * `Pubnet.configure({ messages })`, then the table of the element's `lang` (`Shop now`, `Do sklepu`).
   */
  declare cta?: string;
}
