/**
 * The one product card (and the list around it) of `<pubnet-product-grid>` and
 * of `filter` ad slots. Every API string goes through a text binding.
 */
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { formatPrice } from '../../client/price.js';
import type { AdslotConfig, Product } from '../../client/types.js';
import { httpUrl } from './safe-url.js';

/**
 * How cards are shown: an ad slot's display options (its parsed `config`),
 * or the same from `<pubnet-product-grid>`'s attributes, with the link target.
 * Defaults: `grid`, 4 columns, 8 cards, price and brand shown, "Shop now".
 */
export type CardView = AdslotConfig & { target: string };

/** The call to action, by default. */
export const CTA = 'Shop now';

/** A product that can be shown: its `link` is an http(s) URL (the rest is checked when shown). */
export type Shown = Product & { link: string };

/**
 * The products to show: objects with a usable `link`, at most `limit`. A
 * product without one is skipped rather than shown as a card that leads nowhere.
 */
export const usable = (results: unknown, limit: number): Shown[] =>
  (Array.isArray(results) ? results : [])
    .filter((p) => p && typeof p == 'object' && httpUrl(p.link))
    .slice(0, limit);

/**
 * API text for a text binding: strings and numbers only, so that a crafted
 * JSON object can never reach Lit as something it would render as a template.
 */
export const text = (v: unknown): string =>
  typeof v == 'string' || typeof v == 'number' ? '' + v : '';

function price({ price, sale_price: sale, discount: d }: Product) {
  // The page's language, else the browser's; an invalid one falls back to raw strings.
  const lang = document.documentElement.lang || navigator.language;
  const fmt = (v: unknown) => text(formatPrice(v as string, lang));
  let off = '';
  if (typeof d == 'number' && d > 0)
    try {
      off = new Intl.NumberFormat(lang, { style: 'percent' }).format(-d / 100);
    } catch {
      off = -d + '%';
    }
  // `<del>`/`<ins>` are not announced by every screen reader: hidden words say it.
  // The price paid comes first: on a narrow card, the line is cut at its end.
  return html`<span part="price"
    >${
      sale && price && sale != price
        ? html`<ins><span class="vh">Now </span>${fmt(sale)}</ins>
            <del><span class="vh">Was </span>${fmt(price)}</del> ${off}`
        : fmt(price ?? sale)
    }</span
  >`;
}

/**
 * One card (a list item); `i` numbers it within its shadow root (impressions, clicks). The
 * link holds only the title, so the title is its name; it covers the whole
 * card (`::after`), so the card is one target and one tab stop.
 */
export function productCard(p: Shown, i: number, v: CardView): TemplateResult {
  const cta = v.cta ?? CTA;
  const title = text(p.title) || cta;
  const src = [p.images?.thumb_180, p.images?.default].find(httpUrl);
  return html`<li part="card" class="card">
    <span class="img"
      >${
        src
          ? html`<img
              part="image"
              src=${src}
              alt=${title}
              width="180"
              height="180"
              loading="lazy"
              decoding="async"
            />`
          : nothing
      }</span
    ><span class="txt"
      ><a part="title" data-i=${i} href=${p.link} rel="sponsored noopener" target=${v.target}
        >${title}</a
      >${v.show_brand != false && p.brand ? html`<span part="brand">${text(p.brand)}</span>` : nothing}${
        v.show_price != false ? price(p) : nothing
      }<span part="button">${cta}</span></span
    >
  </li>`;
}

const skeleton = (n: number, cls: string) =>
  Array.from(
    { length: n },
    () =>
      html`<li class="card ${cls}" aria-hidden="true">
        <span class="img"></span><span class="txt"></span>
      </li>`,
  );

/**
 * The list: cards, or while `items` is undefined the skeleton of `limit`
 * cards. Cards and skeleton have the same fixed size, and fewer results than
 * `limit` keep the missing places (empty, but for a carousel), so nothing on
 * the page moves.
 */
export function productList(items: Shown[] | undefined, v: CardView): TemplateResult {
  const limit = v.limit ?? 8;
  return html`<ul
    role="list"
    class=${v.layout ?? 'grid'}
    aria-busy=${!items}
    .style=${'--c:' + (v.columns ?? 4)}
  >
    ${items?.map((p, i) => productCard(p, i, v))}${skeleton(
      items ? (v.layout == 'carousel' ? 0 : limit - items.length) : limit,
      items ? 'pad' : 'sk',
    )}
  </ul>`;
}
