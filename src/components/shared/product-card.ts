/**
 * The one product card (and the list around it) of `<pubnet-product-grid>` and
 * of `filter` ad slots. Every API string goes through a text binding.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { formatPrice } from '../../client/price.js';
import type { Product } from '../../client/types.js';
import { cssProps } from './element-part.js';
import { httpUrl } from './safe-url.js';

/** How cards are shown. */
export interface CardView {
  target: string;
  cta: string;
  price: boolean;
  brand: boolean;
  layout: string;
  columns: number;
  limit: number;
}

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
  return html`<span part="price"
    >${
      sale && price && sale != price
        ? html`<del><span class="vh">Was </span>${fmt(price)}</del>
            <ins><span class="vh">Now </span>${fmt(sale)}</ins> ${off}`
        : fmt(price ?? sale)
    }</span
  >`;
}

/**
 * One card; `i` numbers it within its shadow root (impressions, clicks). The
 * link holds only the title, so the title is its name; it covers the whole
 * card (`::after`), so the card is one target and one tab stop.
 */
export function productCard(p: Shown, i: number, v: CardView): TemplateResult {
  const title = text(p.title) || v.cta;
  const img = p.images || {};
  const src = [img.thumb_180, img.default].find(httpUrl);
  return html`<div part="card" class="card">
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
      >${v.brand && p.brand ? html`<span part="brand">${text(p.brand)}</span>` : nothing}${
        v.price ? price(p) : nothing
      }<span part="button">${v.cta}</span></span
    >
  </div>`;
}

const skeleton = (n: number, cls: string) =>
  Array.from(
    { length: n },
    () =>
      html`<li class=${cls} aria-hidden="true">
        <div class="card"><span class="img"></span><span class="txt"></span></div>
      </li>`,
  );

/**
 * The list: cards, or while `items` is undefined the skeleton of `limit`
 * cards. Cards and skeleton have the same fixed size, and fewer results than
 * `limit` keep the missing places (empty), so nothing on the page moves.
 */
export const productList = (items: Shown[] | undefined, v: CardView): TemplateResult =>
  html`<ul role="list" class=${v.layout} aria-busy=${!items} ${cssProps({ '--c': v.columns })}>
    ${items?.map(
      (p, i) => html`<li>${productCard(p, i, v)}</li>`,
    )}${items ? v.layout != 'carousel' && skeleton(v.limit - items.length, 'pad') : skeleton(v.limit, 'sk')}
  </ul>`;
