import { html, nothing } from 'lit/html.js';
import { trackingLink } from '../shared/api.js';
import { attr } from '../shared/attributes.js';
import { baseStyles } from '../shared/base.styles.js';
import { env } from '../shared/env.js';
import { emit } from '../shared/events.js';
import { httpUrl } from '../shared/safe-url.js';
import { PubnetWidget, type Item, type LoadContext } from '../shared/widget-element.js';
import { offerLinkStyles } from './offer-link.styles.js';

/**
 * A link to an offer through its tracking link
 * (`PUT /publisher/offers/{offer}/tracking_link/`). It enhances the `<a>` it
 * wraps, which stays the publisher's own anchor, so the page works without
 * JavaScript: once the tracking link is known, the anchor's `href` becomes it
 * (with `rel="sponsored noopener"` and `target`); until then, and when it
 * cannot be had, the original `href` stays. With no `<a>` inside, the element
 * makes its content a link once the tracking link is known.
 *
 * The link is asked for when the element nears the viewport, or on
 * `pointerover`/`focusin`, whichever comes first; the same offer, SubID and
 * deep link are asked for once per page. A click before it is known waits for
 * it at most about a second, then follows whatever `href` the anchor has.
 * When it fails the element does not collapse: the original link stays.
 *
 * ```html
 * <pubnet-offer-link offer="OFFER_UUID" deep-link="https://shop.example/sale">
 *   <a href="https://shop.example/sale">Winter sale at Shop</a>
 * </pubnet-offer-link>
 * ```
 *
 * @fires pubnet-load - The tracking link is in place; `detail.count` is 1.
 * @fires pubnet-error - No tracking link; `detail.error` says why.
 * @fires pubnet-click - The link was followed; `detail`: `href`, `offer` (the offer id).
 * @fires pubnet-impression - The link was half visible for the first time; `detail.offer`.
 * @slot - The publisher's `<a>`, or the content to make a link.
 * @csspart link - The element's own anchor (only when there is no `<a>` inside).
 * @csspart disclosure - The disclosure label.
 * @cssprop [--pubnet-muted=#5f6368] - Label colour.
 * @cssprop [--pubnet-border=#dadce0] - Label border.
 */
export class PubnetOfferLink extends PubnetWidget {
  static override styles = [baseStyles, offerLinkStyles];
  static override properties = {
    offer: {},
    deepLink: attr('deep-link', httpUrl),
  };

  /** The offer id (uuid). */
  declare offer?: string;
  /** The page of the merchant's site the link leads to (absolute http(s)). */
  declare deepLink?: string;

  private _href?: string;
  private _original?: string | null;
  private _passing = false;

  constructor() {
    super();
    for (const type of ['pointerover', 'focusin'])
      this.addEventListener(type, () => this._start?.());
  }

  protected async _fetch(context: LoadContext) {
    const a = this.querySelector('a');
    if (a && this._original === undefined) this._original = a.getAttribute('href');
    this._href = undefined;
    try {
      const href = await trackingLink(context, this.offer!, false, this.deepLink);
      if (!href) throw new Error('pubnet-widgets: no usable tracking link');
      this._href = href;
      this._items = [{ offer: this.offer }];
      if (a) {
        a.href = href;
        a.relList.add('sponsored', 'noopener');
        a.target = this._target();
      }
      return 1;
    } catch (e) {
      if (a && this._original != null) a.setAttribute('href', this._original);
      throw e;
    }
  }

  /** Failing leaves the original link in place: never collapse. */
  protected override _failed() {
    return 'error';
  }

  protected override _targets(): [Element, Item][] {
    return this._href ? [[this, this._items[0]]] : [];
  }

  protected override async _click(e: Event) {
    const a = this.querySelector('a') ?? this.shadowRoot!.querySelector('a');
    if (this._passing || e.defaultPrevented || !a || !e.composedPath().includes(a)) return;
    if (this.state == 'loading') {
      // Not known yet: hold the click for at most about a second.
      e.preventDefault();
      this._start?.();
      await new Promise((go) => {
        env.timers.setTimeout(go as () => void, 1e3);
        for (const type of ['pubnet-load', 'pubnet-error'])
          this.addEventListener(type, go, { once: true });
      });
      await this.updateComplete;
      this._passing = true;
      a.click();
      this._passing = false;
    }
    emit(this, 'pubnet-click', { href: a.getAttribute('href') ?? '', offer: this.offer });
  }

  /** The publisher's anchor, slotted; with none, the element's own around the content. */
  protected _content() {
    return html`${
      this.querySelector('a')
        ? html`<slot></slot>`
        : html`<a
            part="link"
            href=${this._href ?? nothing}
            rel="sponsored noopener"
            target=${this._target()}
            ><slot></slot
          ></a>`
    }${this._label()}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pubnet-offer-link': PubnetOfferLink;
  }
}
