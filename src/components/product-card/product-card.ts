/**
 * The one product card (and the list around it) of `<pubnet-product-grid>` and
 * of `filter` ad slots. Every API string goes through a text binding.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { formatPrice } from '../../client/price.js';
import type { AdslotConfig, Product } from '../../client/types.js';
import type { Words } from '../../page/lang.js';
import { httpUrl } from '../../page/safe-url.js';

/**
 * How cards are shown: an ad slot's display options (its parsed `config`),
 * or the same from `<pubnet-product-grid>`'s attributes, with the link target
 * and the words of the element's language. `cta`: the element's attribute,
 * else the slot's; without either, the words' call to action. Defaults:
 * `grid`, 4 columns, 8 cards, price and brand shown.
 */
export type CardView = AdslotConfig & { target: string; words: Words };

/** A product that can be shown: its `link` is an http(s) URL (the rest is checked when shown). */
export type Shown = Product & { link: string };

/**
 * The products to show: objects with a usable `link`, at most `limit`. A
 * product without one is skipped rather than shown as a card that leads nowhere.
 */
export const usable = (results: unknown, limit: number): Shown[] =>
  (Array.isArray(results) ? results : [])
    .filter((product) => product && typeof product == 'object' && httpUrl(product.link))
    .slice(0, limit);

/**
 * API text for a text binding: strings and numbers only, so that a crafted
 * JSON object can never reach Lit as something it would render as a template.
 */
export const text = (value: unknown): string =>
  typeof value == 'string' || typeof value == 'number' ? '' + value : '';

let warmed = false;

/**
 * `answer`, the request a widget waits on, meanwhile making the page's first
 * number format: the browser's first one costs about 10 ms (its locale data),
 * better spent while the answer travels than between it and the cards. The
 * request has left by then: the client's in-flight sharing hands it to `fetch`
 * within the call that makes `answer`, never on a later microtask.
 */
export function whileWarming<T>(answer: Promise<T>): Promise<T> {
  // It formats a number: a formatter made and left unused is dropped by the minifier.
  warmed ||= !!new Intl.NumberFormat().format(0);
  return answer;
}

/**
 * A product's price part: the price paid, and the old price and discount when
 * on sale, formatted in the element's language (an invalid tag: raw strings).
 */
export function productPrice(
  { price, sale_price: sale, discount }: Product,
  { lang, now, was }: Words,
): TemplateResult {
  const format = (value: unknown) => text(formatPrice(value as string, lang));
  let off = '';
  if (typeof discount == 'number' && discount > 0)
    try {
      off = new Intl.NumberFormat(lang, { style: 'percent' }).format(-discount / 100);
    } catch {
      off = -discount + '%';
    }
  // `<del>`/`<ins>` are not announced by every screen reader: hidden words say it.
  // The price paid comes first: on a narrow card, the line is cut at its end.
  return html`<span part="price"
    >${
      sale && price && sale != price
        ? html`<ins><span class="visually-hidden">${now} </span>${format(sale)}</ins>
            <del><span class="visually-hidden">${was} </span>${format(price)}</del> ${off}`
        : format(price ?? sale)
    }</span
  >`;
}

/** An image of the API's (an http(s) URL): lazy, with its size given, named `alt`. */
export const lazyImage = (src: string, alt: string): TemplateResult =>
  html`<img
    part="image"
    src=${src}
    alt=${alt}
    width="180"
    height="180"
    loading="lazy"
    decoding="async"
  />`;

/** A product's image to show: its first http(s) URL, if any. */
export const productImage = (product: Product): string | undefined =>
  [product.images?.thumb_180, product.images?.default].find(httpUrl) ?? undefined;

/**
 * One card (a list item); `i` numbers it within its shadow root (impressions, clicks). The
 * link holds only the title, so the title is its name; it covers the whole
 * card (`::after`), so the card is one target and one tab stop.
 */
export function productCard(product: Shown, i: number, view: CardView): TemplateResult {
  const cta = view.cta ?? view.words.cta;
  const title = text(product.title) || cta;
  const src = productImage(product);
  return html`<li part="card" class="card">
    <span class="image">${src ? lazyImage(src, title) : nothing}</span
    ><span class="text"
      ><a
        part="title"
        data-i=${i}
        href=${product.link}
        rel="sponsored noopener"
        target=${view.target}
        >${title}</a
      >${
        view.show_brand != false && product.brand
          ? html`<span part="brand">${text(product.brand)}</span>`
          : nothing
      }${view.show_price != false ? productPrice(product, view.words) : nothing}<span part="button"
        >${cta}</span
      ></span
    >
  </li>`;
}

/** `count` empty cards: the skeleton while loading, or the places results did not fill. */
const emptyCards = (count: number, kind: 'skeleton' | 'placeholder') =>
  Array.from(
    { length: count },
    () =>
      html`<li class="card ${kind}" aria-hidden="true">
        <span class="image"></span><span class="text"></span>
      </li>`,
  );

/**
 * The list: cards, or while `items` is undefined the skeleton of `limit`
 * cards. Cards and skeleton have the same fixed size, and fewer results than
 * `limit` keep the missing places (empty, but for a carousel), so nothing on
 * the page moves.
 */
export function productList(products: Shown[] | undefined, view: CardView): TemplateResult {
  const limit = view.limit ?? 8;
  return html`<ul
    role="list"
    class="${view.layout ?? 'grid'} c${view.columns ?? 4}"
    aria-busy=${!products}
  >
    ${products?.map((product, i) => productCard(product, i, view))}${emptyCards(
      products ? (view.layout == 'carousel' ? 0 : limit - products.length) : limit,
      products ? 'placeholder' : 'skeleton',
    )}
  </ul>`;
}
