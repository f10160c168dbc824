import { css } from 'lit';

/**
 * The wait before the config is known, and the `manual` canvas: drawn at its
 * own size and scaled by `--s` (set from the element's width), so creatives
 * keep their layout.
 */
// The CSS ships as written (Lit does not minify it), hence one rule per line.
// prettier-ignore
export const adslotStyles = css`
.wait{min-height:var(--pubnet-slot-min-height,250px)}
.cv{position:relative;width:calc(var(--w)*var(--s,1)*1px);height:calc(var(--h)*var(--s,1)*1px);overflow:hidden}
.in{position:absolute;width:calc(var(--w)*1px);height:calc(var(--h)*1px);transform:scale(var(--s,1));transform-origin:0 0}
.it{position:absolute}
.it>*{display:flex;width:100%;height:100%;align-items:center;justify-content:center;text-decoration:none}
.it [part=button]{margin:0;align-self:center}
iframe{display:block;width:100%;height:100%;border:0}
`;
