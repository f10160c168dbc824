import { css } from 'lit';

/** Inline, in the page's own font and colour: it sits in running text. */
export const offerLinkStyles = css`
  :host {
    display: inline;
    color: inherit;
    font: inherit;
  }
  a {
    color: inherit;
  }
  .disclosure {
    display: inline;
    margin: 0 0 0 0.3em;
    font-size: 0.75em;
  }
`;
