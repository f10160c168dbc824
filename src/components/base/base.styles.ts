import { css } from 'lit';

/**
 * Colours, font and the disclosure label of every widget, light and dark.
 * The scheme is the page's own: `light-dark()` follows the `color-scheme`
 * the host inherits, so a page that declares nothing (or `light`) gets light
 * widgets whatever the reader prefers. A `--pubnet-*` property the page sets
 * wins in both schemes; the internal names (`--bg`, `--fg`…) are set on the
 * host, so the page's own custom properties of the same names never leak in.
 * The disclosure label has its own background, so it keeps its contrast on
 * any page.
 */
export const baseStyles = css`
  :host {
    --bg: var(--pubnet-bg, light-dark(#fff, #202124));
    --fg: var(--pubnet-fg, light-dark(#1f1f1f, #e8eaed));
    --muted: var(--pubnet-muted, light-dark(#5f6368, #9aa0a6));
    --accent: var(--pubnet-accent, light-dark(#0b57d0, #8ab4f8));
    --accent-fg: var(--pubnet-accent-fg, light-dark(#fff, #202124));
    --border: var(--pubnet-border, light-dark(#dadce0, #5f6368));
    --sale: var(--pubnet-sale, light-dark(#b3261e, #f28b82));
    --gap: var(--pubnet-gap, 12px);
    --radius: var(--pubnet-radius, 8px);
    display: block;
    color: var(--fg);
    font: var(--pubnet-font, 14px/1.3 system-ui, sans-serif);
  }
  :host([state='collapsed']) {
    display: none;
  }
  .disclosure {
    display: inline-block;
    margin-bottom: 4px;
    padding: 0 4px;
    border: 1px solid var(--border);
    border-radius: 3px;
    background: var(--bg);
    color: var(--muted);
    font-size: 11px;
  }
  a:focus-visible {
    outline: 2px solid var(--accent);
  }
`;
