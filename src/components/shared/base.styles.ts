import { css } from './base-element.js';

/**
 * Colours, font and the disclosure label of every widget, light and dark.
 * A `--pubnet-*` property the page sets wins in both schemes; the short
 * internal names (`--b`, `--f`…) keep the shipped CSS small.
 */
// prettier-ignore
export const baseStyles = css`
:host{--b:var(--pubnet-bg,#fff);--f:var(--pubnet-fg,#1f1f1f);--m:var(--pubnet-muted,#5f6368);--a:var(--pubnet-accent,#0b57d0);--o:var(--pubnet-accent-fg,#fff);--l:var(--pubnet-border,#dadce0);--s:var(--pubnet-sale,#b3261e);--g:var(--pubnet-gap,12px);--r:var(--pubnet-radius,8px);display:block;color:var(--f);font:var(--pubnet-font,14px/1.3 system-ui,sans-serif)}
@media(prefers-color-scheme:dark){:host{--b:var(--pubnet-bg,#202124);--f:var(--pubnet-fg,#e8eaed);--m:var(--pubnet-muted,#9aa0a6);--a:var(--pubnet-accent,#8ab4f8);--o:var(--pubnet-accent-fg,#202124);--l:var(--pubnet-border,#5f6368);--s:var(--pubnet-sale,#f28b82)}}
:host([state=collapsed]){display:none}
.ad{display:inline-block;margin-bottom:4px;padding:0 4px;border:1px solid var(--l);border-radius:3px;color:var(--m);font-size:11px}
a:focus-visible{outline:2px solid var(--a)}
`;
