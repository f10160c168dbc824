import { css } from '../shared/base-element.js';

/**
 * The wait before the config is known, and the `manual` canvas: drawn at its
 * own size (`--w`×`--h`) and scaled by `--s` (set from the element's width), so
 * creatives keep their layout. The scaled box is the widgets' containing block.
 */
// prettier-ignore
export const adslotStyles = css`
.wait{min-height:var(--pubnet-slot-min-height,250px)}
.cv{width:calc(var(--w)*var(--s,1));height:calc(var(--h)*var(--s,1));overflow:hidden}
.in{width:var(--w);height:var(--h);transform:scale(var(--s,1));transform-origin:0 0}
.it{position:absolute;box-sizing:border-box}
.it>*{display:grid;place-items:center;width:100%;height:100%;text-decoration:none}
.it [part=button]{margin:0;align-self:center}
iframe{width:100%;height:100%;border:0}
`;
