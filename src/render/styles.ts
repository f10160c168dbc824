/**
 * How a rendered element carries its styles. A `<style>` in a shadow root is
 * inline style, which a strict CSP (`style-src 'self'`) refuses unless it
 * has the page's nonce; a `<link rel="stylesheet">` to a file on an allowed
 * origin is not inline. So:
 *
 * - `'inline'` (the default of `renderAdslot` / `renderProductGrid`): a
 *   `<style>`, for pages without a strict CSP;
 * - `{ nonce }`: a `<style nonce>`, with the nonce of the page's CSP;
 * - `{ stylesheets }`: a `<link rel="stylesheet">` to `<stylesheets><tag>.css`
 *   (the CDN's `dist/cdn/`, or the proxy's `/render/styles/`), which
 *   `style-src 'self'` allows when it is on the page's own origin.
 *
 * A linked stylesheet inside a shadow root keeps no browser from painting
 * the page before it arrives: Firefox and WebKit paint the element unstyled
 * meanwhile, and everything below it moves when it comes. A stylesheet of
 * the document does make them wait: WebKit paints nothing after one in
 * `<body>` until it has loaded (met in the composed tree: before the element,
 * or slotted into its shadow root); Firefox waits only for one in `<head>`.
 * So the same file is linked three times, one request: inside the shadow
 * root (what styles it), as a light-DOM child slotted first into it (WebKit
 * and Chromium wait), and in `<head>` where the page can put it (`renderTags`
 * does; Firefox waits). Its rules are all in the shadow tree's own context
 * (`:host …`), so that in the document they match nothing.
 *
 * Once the bundle takes the element over, its styles are adopted style
 * sheets, which no CSP refuses.
 */
import { LitElementRenderer, type RenderInfo } from './lit-ssr.js';
import type { LitElement } from 'lit';
import { escapeAttribute } from './escape.js';

/** Where a rendered element's styles come from (see the module's comment). */
export type StylesOption = 'inline' | { nonce: string } | { stylesheets: string };

const NONCE = /^[\w+/=-]{1,256}$/;

/**
 * Checks `styles`.
 * @throws TypeError naming `styles` when it is none of the three forms.
 */
export function checkStyles(styles: unknown): StylesOption {
  if (styles === undefined || styles === 'inline') return 'inline';
  if (typeof styles == 'object' && styles) {
    const { nonce, stylesheets } = styles as Record<string, unknown>;
    if (typeof nonce == 'string' && NONCE.test(nonce)) return { nonce };
    if (typeof stylesheets == 'string' && /^(https?:\/\/|\/)/.test(stylesheets))
      return { stylesheets: stylesheets.endsWith('/') ? stylesheets : stylesheets + '/' };
  }
  throw new TypeError(
    "pubnet-widgets/render: styles must be 'inline', { nonce } (base64) or { stylesheets } (an http(s) or root-relative URL)",
  );
}

/**
 * An element class as far as its styles go: a `LitElement` class (its
 * `elementStyles`), typed without the DOM lib for a server project.
 */
export interface StyledElementClass {
  readonly elementStyles: readonly object[];
}

/**
 * The CSS of an element class: its `elementStyles`, in order, every rule in
 * its shadow tree's context (`:host …`), so that the same file linked from
 * the page's document styles nothing there.
 */
export function stylesheetText(element: StyledElementClass): string {
  return shadowScoped(
    element.elementStyles
      .map((style) => ('cssText' in style ? String(style.cssText) : ''))
      .join('\n'),
  );
}

/** At-rules whose block holds rules (the others' blocks are copied as they are). */
const GROUPING = /^@(media|supports|container|layer|scope|starting-style)\b/i;

/**
 * `css` with each selector of each style rule prefixed with `:host ` unless it
 * is one of `:host` already: the same elements in a shadow tree (where `:host`
 * is the element, every node's ancestor), none in a document (where `:host`
 * matches nothing). Comments go. Enough of CSS for the elements' own styles:
 * style rules, grouping at-rules, other at-rules copied.
 */
export function shadowScoped(css: string): string {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let out = '';
  let at = 0;
  while (at < text.length) {
    const open = endOf(text, at, '{;');
    const prelude = text.slice(at, open).trim();
    if (open >= text.length || text[open] == ';') {
      // A statement (`@import …;`), or what is left: kept.
      out += text.slice(at, open + 1);
      at = open + 1;
      continue;
    }
    const close = endOf(text, open + 1, '}');
    const block = text.slice(open + 1, close);
    out += prelude.startsWith('@')
      ? `${prelude}{${GROUPING.test(prelude) ? shadowScoped(block) : block}}`
      : `${splitSelectors(prelude)
          .map((selector) => (/^:host\b/.test(selector) ? selector : `:host ${selector}`))
          .join(',')}{${block}}`;
    at = close + 1;
  }
  return out;
}

/** The index of the first of `stops` in `text` from `from` outside strings, brackets and blocks. */
function endOf(text: string, from: number, stops: string): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const char = text[i]!;
    if (char == '"' || char == "'") {
      const end = text.indexOf(char, i + 1);
      i = end < 0 ? text.length : end;
    } else if (depth == 0 && stops.includes(char)) return i;
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) depth--;
  }
  return text.length;
}

/** A selector list's selectors, split at its top-level commas. */
function splitSelectors(list: string): string[] {
  const selectors: string[] = [];
  let at = 0;
  for (;;) {
    const comma = endOf(list, at, ',');
    selectors.push(list.slice(at, comma).trim());
    if (comma >= list.length) return selectors;
    at = comma + 1;
  }
}

/** The slot of a rendered shadow root that its light-DOM stylesheet link is assigned to. */
export const STYLES_SLOT = 'pubnet-styles';

/** The stylesheet `styles` links for the element `tag`, if it links one. */
export const stylesheetOf = (styles: StylesOption, tag: string): string | undefined =>
  typeof styles == 'object' && 'stylesheets' in styles
    ? styles.stylesheets + tag + '.css'
    : undefined;

/** A `<link rel="stylesheet">` to `href`, with `attributes` (written as they are) before it. */
export const stylesheetLink = (href: string, attributes = '') =>
  `<link ${attributes}rel="stylesheet" href="${escapeAttribute(href)}">`;

/**
 * Lit SSR's renderer for `LitElement`s, but for the `<style>` it writes into
 * each shadow root, which follows `styles`; and the element `tag` gets
 * `attributes` (as if written in the template, escaped the same way).
 * A linked stylesheet comes with the slot its light-DOM twin is assigned to
 * (see the module's comment), first in the shadow root.
 * @internal (not in the declarations: it names Lit SSR's DOM types)
 */
export function rendererFor(
  styles: StylesOption,
  tag: string,
  attributes: Record<string, string | undefined>,
): typeof LitElementRenderer {
  return class PubnetRenderer extends LitElementRenderer {
    override connectedCallback() {
      if (this.tagName == tag)
        for (const [name, value] of Object.entries(attributes))
          if (value !== undefined) this.setAttribute(name, value);
      super.connectedCallback();
    }

    override renderShadow(renderInfo: RenderInfo) {
      const shadow = super.renderShadow(renderInfo);
      if (!shadow || styles == 'inline') return shadow;
      const css = (this.element.constructor as typeof LitElement).elementStyles;
      // Lit SSR writes `<style>`, the CSS texts and `</style>` before the
      // content when there are styles; only that opening changes.
      const content = [...shadow].slice(css.length ? css.length + 2 : 0);
      const head =
        'nonce' in styles
          ? [
              `<style nonce="${escapeAttribute(styles.nonce)}">`,
              stylesheetText(this.element.constructor as typeof LitElement),
              '</style>',
            ]
          : [
              stylesheetLink(stylesheetOf(styles, this.tagName)!),
              `<slot name="${STYLES_SLOT}"></slot>`,
            ];
      return [...head, ...content];
    }
  };
}
