import { css } from '../shared/base-element.js';

/** Inline, in the page's own font and colour: it sits in running text. */
// prettier-ignore
export const offerLinkStyles = css`
:host{display:inline;color:inherit;font:inherit}
a{color:inherit}
.ad{display:inline;margin:0 0 0 .3em;font-size:.75em}
`;
