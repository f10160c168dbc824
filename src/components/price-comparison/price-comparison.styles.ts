import { css } from 'lit';

/**
 * A price comparison's rows: each a fixed 56px high (its bottom border within), so the
 * empty rows shown while loading have the final size and pubnet.css reserves the same
 * room (reserve.css). Texts keep to one line each (cut with an ellipsis), the price and
 * the call to action never shrink; below 420px the call to action is left out (the whole
 * row is the link). The lead waits, in its place, until there are rows.
 */
export const comparisonStyles = css`
  .disclosure {
    display: block;
    width: fit-content;
    line-height: 15px;
  }
  :host([state='loading']) ::slotted([slot='lead']) {
    visibility: hidden;
  }
  ul {
    container-type: inline-size;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .row {
    box-sizing: border-box;
    height: 56px;
    border-bottom: 1px solid var(--border);
    background: var(--bg);
  }
  a {
    display: flex;
    align-items: center;
    gap: var(--gap);
    height: 100%;
    padding: 0 8px;
    color: inherit;
    text-decoration: none;
  }
  a:focus-visible {
    outline-offset: -2px;
  }
  a:hover [part='title'] {
    text-decoration: underline;
  }
  .logo,
  img {
    flex: none;
    width: 64px;
    height: 32px;
    object-fit: contain;
  }
  [part='image'] {
    width: 40px;
    height: 40px;
    background: #fff;
  }
  .text {
    display: flex;
    flex: 1;
    flex-flow: column;
    min-width: 0;
  }
  [part='shop'],
  .line {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  [part='shop'],
  [part='price'] {
    font-weight: 600;
  }
  [part='price'] {
    display: flex;
    flex: none;
    flex-flow: column;
    align-items: end;
    white-space: nowrap;
  }
  del {
    font-size: 12px;
    font-weight: 400;
  }
  .line,
  del {
    color: var(--muted);
  }
  ins {
    color: var(--sale);
    text-decoration: none;
  }
  [part='button'] {
    flex: none;
    padding: 4px 12px;
    border-radius: var(--radius);
    background: var(--accent);
    color: var(--accent-fg);
  }
  @container (width < 420px) {
    [part='button'] {
      display: none;
    }
  }
  /* In a sidebar: a smaller logo leaves the shop and the title room. */
  @container (width < 360px) {
    .logo,
    img {
      width: 40px;
      height: 20px;
    }
  }
  .skeleton {
    opacity: 0.5;
  }
  .placeholder {
    visibility: hidden;
  }
  .visually-hidden {
    position: absolute;
    clip-path: inset(50%);
  }
`;
