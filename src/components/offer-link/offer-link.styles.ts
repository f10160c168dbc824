import { css } from 'lit';

/** Inline, in the page's own font and colour: it sits in running text. */
// The CSS ships as written (Lit does not minify it), hence one rule per line.
// prettier-ignore
export const offerLinkStyles = css`
:host{display:inline;color:inherit;font:inherit}
a{color:inherit}
.ad{display:inline;margin:0 0 0 .3em;font-size:.75em}
`;
