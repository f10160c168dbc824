import { css } from 'lit';

/**
 * Loan offers: in a list (one column) or a grid (columns of 260px at least), each offer a
 * card whose name's link covers it, but for its representative example, which stays text
 * to read and select, in the size of the rest. In a grid, each card keeps its own lines at
 * its top. A long name breaks anywhere rather than overflow a narrow card. An offer's height follows its example; while loading, each empty
 * offer is 160px high, as pubnet.css reserves (reserve.css).
 */
export const loanStyles = css`
  .disclosure {
    display: block;
    width: fit-content;
    line-height: 15px;
  }
  .list,
  .grid {
    display: grid;
    gap: var(--gap);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .grid {
    grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  }
  .offer {
    position: relative;
    display: flex;
    flex-wrap: wrap;
    align-content: start;
    align-items: center;
    gap: 8px 12px;
    box-sizing: border-box;
    padding: 12px;
    border: 1px solid var(--border);
    border-radius: var(--radius);
    background: var(--bg);
  }
  .top {
    padding-top: 30px;
    border-color: var(--accent);
  }
  .offer:has(:focus-visible) {
    outline: 2px solid var(--accent);
    outline-offset: 2px;
  }
  .logo {
    flex: none;
    width: 96px;
    height: 48px;
  }
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
  [part='title'] {
    flex: 1;
    min-width: 8em;
    overflow-wrap: anywhere;
    color: inherit;
    font-weight: 600;
    text-decoration: none;
  }
  [part='title']::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  .offer:hover [part='title'] {
    text-decoration: underline;
  }
  [part='recommended'],
  [part='button'] {
    border-radius: var(--radius);
    background: var(--accent);
    color: var(--accent-fg);
  }
  /* A tab at the card's top: it never shares a line with the name. */
  [part='recommended'] {
    position: absolute;
    top: 8px;
    left: 12px;
    padding: 0 8px;
    font-size: 12px;
    line-height: 16px;
  }
  dl,
  [part='features'],
  p {
    flex-basis: 100%;
    margin: 0;
  }
  dl,
  [part='features'] {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 24px;
    padding: 0;
    list-style: none;
  }
  dt {
    color: var(--muted);
    font-size: 12px;
  }
  /* The representative example: as large as the promotion, never less visible. */
  [part='example'] {
    color: var(--muted);
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
  [part='features'] {
    gap: 4px 8px;
  }
  [part='features'] li {
    padding: 0 8px;
    border: 1px solid var(--border);
    border-radius: 9em;
    font-size: 12px;
  }
  [part='promotion'] {
    color: var(--sale);
  }
  [part='button'] {
    margin-left: auto;
    padding: 6px 16px;
  }
  [part='example'] {
    position: relative;
  }
  .skeleton {
    height: 160px;
    opacity: 0.5;
  }
`;
