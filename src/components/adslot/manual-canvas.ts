/**
 * `manual` ad slots (api-contract §8): each placed widget at `x`,`y` with
 * `width`×`height` CSS pixels on a canvas as large as the widgets' outer
 * bounds (from 0,0), scaled down (never up) to the element's width with its
 * aspect ratio kept. Banners and HTML go in sandboxed frames; products and
 * offers are links to their `url`, or to their tracking link. A placed
 * product shows as a product card fitted to its box (image, title, price,
 * call to action); a placed offer shows its logo and title when known.
 *
 * What the items show comes from the slot's composed answer (`_embedded`,
 * api-contract §10) when the proxy gave it, checked like any API data; a
 * missing tracking link is asked for. A placed product without its data in
 * the composed answer shows its call to action alone.
 *
 * Strict CSP (`style-src 'self'`) forbids `style` attributes; positions and
 * sizes are set through CSSOM (`.style` property bindings, i.e. `cssText`),
 * which it allows. Lit SSR writes `.style` as the `style` attribute: exact on
 * a page without that CSP, and set by the bundle when it takes the element
 * over on a page with it.
 */
import { html, isServer, nothing, type TemplateResult } from 'lit';
import type { AdslotEmbeddedWidget, AdslotWidget, Product } from '../../client/types.js';
import { trackingLink } from '../../page/api.js';
import { creativeDoc } from './creative-frame.js';
import type { PubnetItem } from '../../page/events.js';
import { lazyImage, productCard, text, type CardView } from '../product-card/product-card.js';
import { httpUrl, isObject } from '../../page/safe-url.js';
import type { LoadContext } from '../base/widget-element.js';

/** A placed widget and what it shows. */
export interface Placed {
  widget: AdslotWidget;
  /** Where a product or offer links (an http(s) URL); none for a creative. */
  href?: string;
  /** A placed product's data, when known. */
  product?: Product;
  /** A placed offer's title and logo, when known. */
  offer?: { title: string; logo?: string };
}

/** A placeable widget with its entry of the composed answer, if any. */
interface PlacedEntry {
  widget: AdslotWidget;
  embedded: AdslotEmbeddedWidget;
}

/** A length of the API as whole, non-negative CSS pixels (0 when it is no number). */
const px = (value: unknown) => Math.max(0, Math.round(+(value as number)) || 0);
const isCreative = (widget: AdslotWidget) =>
  (widget.item_type == 'banner' || widget.item_type == 'html') &&
  typeof widget.embed_code == 'string';

/**
 * The widgets that can be placed (objects with a size), each with its entry
 * of `_embedded.widgets` (parallel to `widgets[]`; anything but an object
 * counts as absent).
 */
export function placeable(widgets: unknown, embedded?: unknown): PlacedEntry[] {
  const entries = Array.isArray(embedded) ? embedded : [];
  return (Array.isArray(widgets) ? widgets : []).flatMap((widget, index) =>
    isObject(widget) && px(widget.width) && px(widget.height)
      ? [{ widget, embedded: isObject(entries[index]) ? entries[index] : {} }]
      : [],
  );
}

/** A widget's place on the canvas. */
const box = (widget: AdslotWidget) =>
  `left:${px(widget.x)}px;top:${px(widget.y)}px;width:${px(widget.width)}px;height:${px(widget.height)}px`;

/** The canvas size: the widgets' outer bounds. */
export const bounds = (widgets: AdslotWidget[]): number[] => [
  Math.max(...widgets.map((widget) => px(widget.x) + px(widget.width))),
  Math.max(...widgets.map((widget) => px(widget.y) + px(widget.height))),
];

/** A widget's link when known without a request: its `url`, or its composed tracking link. */
const knownLink = ({ widget, embedded }: PlacedEntry) =>
  isCreative(widget) ? undefined : (httpUrl(widget.url) ?? httpUrl(embedded.tracking_link));

/** Whether a widget's tracking link must be asked for. */
const asks = (entry: PlacedEntry) =>
  !isCreative(entry.widget) &&
  !knownLink(entry) &&
  typeof entry.widget.token == 'string' &&
  (entry.widget.item_type == 'product' || entry.widget.item_type == 'offer');

/**
 * Each widget with what it shows, when the slot's answer says it all (no
 * link to ask for); else `undefined`.
 */
export const placedNow = (entries: PlacedEntry[]) =>
  entries.some(asks) ? undefined : placedWith(entries, entries.map(knownLink));

/**
 * Each widget with what it shows, asking in parallel for the tracking links
 * the composed answer did not give.
 */
export async function loadPlaced(entries: PlacedEntry[], context: LoadContext): Promise<Placed[]> {
  const links = await Promise.all(
    entries.map((entry) =>
      asks(entry)
        ? trackingLink(context, entry.widget.token!, entry.widget.item_type == 'product').catch(
            () => undefined,
          )
        : knownLink(entry),
    ),
  );
  context.signal.throwIfAborted();
  return placedWith(entries, links);
}

/** Each widget with its link and what it shows; those with nothing to show (no creative, no link) are left out. */
function placedWith(entries: PlacedEntry[], links: (string | null | undefined)[]): Placed[] {
  return entries.flatMap(({ widget, embedded }, index): Placed[] => {
    const href = links[index];
    if (!isCreative(widget) && !href) return [];
    const offer = isObject(embedded.offer) ? embedded.offer : undefined;
    const title = text(offer?.title);
    return [
      {
        widget,
        href: href || undefined,
        product:
          widget.item_type == 'product' && isObject(embedded.product)
            ? embedded.product
            : undefined,
        offer: title ? { title, logo: httpUrl(offer!.logo_thumbnail) ?? undefined } : undefined,
      },
    ];
  });
}

/** What a placed widget is, for impressions and clicks. */
export const itemOf = ({ widget, product }: Placed): PubnetItem =>
  widget.item_type == 'product'
    ? { product: product ?? { id: widget.token ?? undefined } }
    : { offer: widget };

/** A placed offer: its logo and title when known, and the call to action. */
function placedOffer(offer: Placed['offer'], cta: string) {
  return html`${
      offer?.logo ? lazyImage(offer.logo, offer.title) : nothing
    }${offer ? html`<span part="title">${offer.title}</span> ` : nothing}<span part="button"
      >${cta}</span
    >`;
}

/**
 * The canvas and its widgets (none yet while `placed` is undefined). A
 * creative's `<iframe sandbox>` gets its `srcdoc` from the slot after each
 * update (`showCreative`, which Trusted Types allow), and from the template
 * on a server, so that a server-rendered slot shows it without JavaScript; `title` and the position name the frames for
 * screen readers ("Ad 1", "Ad 2"). A placed offer's link is named by what it
 * shows, its title and call to action ("Acme Shop now"), or by the call to
 * action and its position when there is no title ("Shop now 2"), so that
 * every name is unique.
 */
export function manualCanvas(
  widgets: AdslotWidget[],
  placed: Placed[] | undefined,
  view: CardView,
  title: string,
): TemplateResult {
  const cta = view.cta ?? view.words.cta;
  const [width, height] = bounds(widgets);
  return html`<div class="canvas" .style=${`--canvas-width:${width}px;--canvas-height:${height}px`}>
    <div class="drawing">
      ${placed?.map(
        (item, i) =>
          html`<div part="card" class="card placed" .style=${box(item.widget)}>
            ${
              isCreative(item.widget)
                ? html`<div data-i=${i}>
                    <iframe
                      srcdoc=${isServer ? creativeDoc(item.widget.embed_code!) : nothing}
                      sandbox="allow-popups allow-popups-to-escape-sandbox"
                      marginwidth="0"
                      marginheight="0"
                      title="${title} ${i + 1}"
                    ></iframe>
                  </div>`
                : item.product
                  ? // The grid's own card, linked to the tracking link; on its
                    // side when the box is wide.
                    html`<ul
                      role="list"
                      class=${px(item.widget.width) >= 1.5 * px(item.widget.height) ? 'list' : 'grid'}
                    >
                      ${productCard({ ...item.product, link: item.href! }, i, view)}
                    </ul>`
                  : html`<a
                      part="card"
                      class="placed-link"
                      data-i=${i}
                      aria-label=${item.offer ? item.offer.title + ' ' + cta : cta + ' ' + (i + 1)}
                      href=${item.href!}
                      rel="sponsored noopener"
                      target=${view.target}
                      >${placedOffer(item.offer, cta)}</a
                    >`
            }
          </div>`,
      )}
    </div>
  </div>`;
}
