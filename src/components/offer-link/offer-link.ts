import {
  html,
  type CSSResultGroup,
  isServer,
  nothing,
  type PropertyDeclarations,
  type PropertyValues,
} from 'lit';
import { trackingLink } from '../../page/api.js';
import { attr, checkProperties } from '../base/attributes.js';
import { emit, type PubnetItem } from '../../page/events.js';
import { httpUrl } from '../../page/safe-url.js';
import { PubnetWidget, type LoadContext } from '../base/widget-element.js';
import type { WidgetState } from '../../page/widget-state.js';
import { baseStyles } from '../base/base.styles.js';
import { offerLinkStyles } from './offer-link.styles.js';
import { followWhenKnown, isModified } from '../../page/held-click.js';

/**
 * A link to an offer through its tracking link
 * (`PUT /publisher/offers/{offer}/tracking_link/`). It enhances the `<a>` it
 * wraps, which stays the publisher's own anchor, so the page works without
 * JavaScript: once the tracking link is known, the anchor's `href` becomes it
 * (with `rel="sponsored noopener"` and `target`); until then, and when it
 * cannot be had, the original `href` stays. With no `<a>` inside, the element
 * makes its content a link once the tracking link is known.
 *
 * The link is asked for when the element nears the viewport, or as soon as
 * the reader points at, touches or focuses it (`pointerover`, `pointerdown`,
 * `touchstart`, `focusin`), whichever comes first; the same offer, SubID and
 * deep link are asked for once per page. A plain click before it is known
 * waits for it at most about a second, then follows whatever `href` the
 * anchor has, in the anchor's `target`. A click with a modifier (Ctrl, ⌘,
 * Shift, Alt) or another button is the reader's own: the browser acts on it
 * at once. When the link cannot be had the element does not collapse: the
 * original link stays.
 *
 * ```html
 * <pubnet-offer-link offer="OFFER_UUID" deep-link="https://shop.example/sale">
 *   <a href="https://shop.example/sale">Winter sale at Shop</a>
 * </pubnet-offer-link>
 * ```
 *
 * @summary The publisher's own link to a merchant, sent through the offer's tracking link.
 * @fires pubnet-load - The tracking link is in place; `detail.count` is 1.
 * @fires pubnet-error - No tracking link; `detail.error` says why.
 * @fires pubnet-click - The link was followed; `detail`: `href`, `offer` (the offer id).
 * @fires pubnet-impression - The link was half visible for the first time; `detail.offer`.
 * @slot - The publisher's `<a>`, or the content to make a link.
 * @csspart link - The element's own anchor (only when there is no `<a>` inside, and only once defined: style what sizes a link, a button's padding say, on your own `<a>`, which is there from the first paint).
 * @csspart disclosure - The disclosure label.
 * @cssprop [--pubnet-muted=#5f6368] - Label colour.
 * @cssprop [--pubnet-border=#dadce0] - Label border.
 */
export class PubnetOfferLink extends PubnetWidget {
  static override styles: CSSResultGroup = [baseStyles, offerLinkStyles];
  static override properties: PropertyDeclarations = {
    offer: {},
    deepLink: attr('deep-link', httpUrl),
  };
  static {
    checkProperties(this);
  }

  /** The offer id (uuid). */
  declare offer?: string;
  /** The page of the merchant's site the link leads to (absolute http(s)). */
  declare deepLink?: string;

  /** The tracking link, once known. */
  private _href?: string;
  /** The publisher's anchor's own `href`, to put back when the tracking link cannot be had. */
  private _originalHref?: string | null;

  constructor() {
    super();
    // Whatever says the reader is about to follow the link starts the request.
    for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin'])
      this.addEventListener(type, () => this._viewport._open(), { passive: true });
  }

  protected override _loadInputs() {
    return [...super._loadInputs(), this.offer, this.deepLink];
  }

  /** The publisher's `<a>`, when the element wraps one (never on a server: no light DOM there). */
  private _publisherAnchor(): HTMLAnchorElement | null {
    return isServer ? null : this.querySelector('a');
  }

  /** The anchor the reader clicks: the publisher's, else the element's own. */
  private _anchor(): HTMLAnchorElement | null {
    return this._publisherAnchor() ?? this.renderRoot.querySelector('a');
  }

  protected async _fetch(context: LoadContext) {
    const anchor = this._publisherAnchor();
    const own = anchor?.getAttribute('href');
    // The anchor's own href is what it has now, unless that is the tracking
    // link put there before: a framework may have rendered a new one since.
    if (anchor && own !== this._href) this._originalHref = own;
    this._href = undefined;
    try {
      const href = await trackingLink(context, this.offer!, false, this.deepLink);
      if (!href) throw new Error('pubnet-widgets: no usable tracking link');
      this._href = href;
      this._items = [{ offer: this.offer! }];
      if (anchor) {
        anchor.href = href;
        anchor.relList.add('sponsored', 'noopener');
        anchor.target = this._target();
      }
      return 1;
    } catch (error) {
      if (anchor && this._originalHref != null) anchor.setAttribute('href', this._originalHref);
      throw error;
    }
  }

  protected override updated(changed: PropertyValues<this>) {
    super.updated(changed);
    // `target` only changes where the link opens: no new request.
    const anchor = this._publisherAnchor();
    if (changed.has('target') && anchor && this._href) anchor.target = this._target();
  }

  /** Failing leaves the original link in place: never collapse. */
  protected override _failed(): WidgetState {
    return 'error';
  }

  protected override _targets(): [Element, PubnetItem][] {
    return this._href ? [[this, this._items[0]]] : [];
  }

  protected override _click(event: Event) {
    const anchor = this._anchor();
    if (event.defaultPrevented || !anchor || !event.composedPath().includes(anchor)) return;
    const offer = this.offer!;
    // Not known yet, and a plain click: held (at most about a second) for the tracking link.
    if (!this._href && this.state == 'loading' && !isModified(event as MouseEvent)) {
      event.preventDefault();
      this._viewport._open();
      followWhenKnown(this, anchor, () =>
        emit(this, 'pubnet-click', { href: anchor.getAttribute('href') ?? '', offer }),
      );
      return;
    }
    emit(this, 'pubnet-click', { href: anchor.getAttribute('href') ?? '', offer });
  }

  /** The publisher's anchor, slotted; with none, the element's own around the content. */
  protected _content() {
    // Children parsed after the first render may bring the publisher's anchor.
    const slot = html`<slot @slotchange=${() => this.requestUpdate()}></slot>`;
    return html`${
      this._publisherAnchor()
        ? slot
        : html`<a
            part="link"
            href=${this._href ?? nothing}
            rel="sponsored noopener"
            target=${this._target()}
            >${slot}</a
          >`
    }${this._label()}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pubnet-offer-link': PubnetOfferLink;
  }
}
