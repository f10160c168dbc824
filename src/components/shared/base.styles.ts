import { css } from 'lit';

/**
 * Colours, font and the disclosure label of every widget, light and dark.
 * A `--pubnet-*` property the page sets wins in both schemes; the internal
 * names (`--bg`, `--fg`…) are set on the host, so the page's own custom
 * properties of the same names never leak in.
 */
export const baseStyles = css`
  :host {
    --bg: var(--pubnet-bg, #fff);
    --fg: var(--pubnet-fg, #1f1f1f);
    --muted: var(--pubnet-muted, #5f6368);
    --accent: var(--pubnet-accent, #0b57d0);
    --accent-fg: var(--pubnet-accent-fg, #fff);
    --border: var(--pubnet-border, #dadce0);
    --sale: var(--pubnet-sale, #b3261e);
    --gap: var(--pubnet-gap, 12px);
    --radius: var(--pubnet-radius, 8px);
    display: block;
    color: var(--fg);
    font: var(--pubnet-font, 14px/1.3 system-ui, sans-serif);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --bg: var(--pubnet-bg, #202124);
      --fg: var(--pubnet-fg, #e8eaed);
      --muted: var(--pubnet-muted, #9aa0a6);
      --accent: var(--pubnet-accent, #8ab4f8);
      --accent-fg: var(--pubnet-accent-fg, #202124);
      --border: var(--pubnet-border, #5f6368);
      --sale: var(--pubnet-sale, #f28b82);
    }
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
    color: var(--muted);
    font-size: 11px;
  }
  a:focus-visible {
    outline: 2px solid var(--accent);
  }
`;
