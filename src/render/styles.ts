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

/** The CSS of an element class: its `elementStyles`, in order. */
export function stylesheetText(element: StyledElementClass): string {
  return element.elementStyles
    .map((style) => ('cssText' in style ? String(style.cssText) : ''))
    .join('\n');
}

/**
 * Lit SSR's renderer for `LitElement`s, but for the `<style>` it writes into
 * each shadow root, which follows `styles`; and the element `tag` gets
 * `attributes` (as if written in the template, escaped the same way).
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
              `<link rel="stylesheet" href="${escapeAttribute(styles.stylesheets + this.tagName + '.css')}">`,
            ];
      return [...head, ...content];
    }
  };
}
