import { css } from 'lit';

/**
 * Product cards (each card is its `<li>`) and their list. A card has a fixed
 * height (a square image box and a text box of fixed height), so the skeleton
 * has the final size. Columns: at most `--columns` (the `columns` option),
 * fewer when a column would be narrower than `--pubnet-card-min-width`. Brand
 * and price keep to one line (cut with an ellipsis), so that long prices in a
 * narrow card never crush the title or push the button out; in a list row
 * (as tall as its image) the title keeps to one line too.
 */
export const cardStyles = css`
  /* The label above cards is a row of fixed height (21px with its margin),
     whatever the fonts: pubnet.css reserves the same before the script runs. */
  .disclosure {
    display: block;
    width: fit-content;
    line-height: 15px;
  }
  ul {
    display: grid;
    grid-template-columns: repeat(
      auto-fill,
      minmax(
        max(
          var(--pubnet-card-min-width, 150px),
          (100% - (var(--columns) - 1) * var(--gap)) / var(--columns)
        ),
        1fr
      )
    );
    gap: var(--gap);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  /* Columns by class, not a style attribute: a strict CSP refuses those in
     server-rendered HTML. */
  .c1 {
    --columns: 1;
  }
  .c2 {
    --columns: 2;
  }
  .c3 {
    --columns: 3;
  }
  .c4 {
    --columns: 4;
  }
  .c5 {
    --columns: 5;
  }
  .c6 {
    --columns: 6;
  }
  .list {
    grid: none / 1fr;
  }
  .carousel {
    grid: none / auto-flow var(--pubnet-card-min-width, 150px);
    overflow-x: auto;
    scroll-snap-type: x mandatory;
  }
  .card {
    position: relative;
    display: flex;
    flex-flow: column;
    min-width: 0;
    overflow: hidden;
    border: 1px solid var(--border);
    border-radius: var(--radius);
    background: var(--bg);
    scroll-snap-align: start;
  }
  .image {
    flex: none;
    aspect-ratio: 1;
    background: var(--border);
  }
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: contain;
    background: #fff;
  }
  .text {
    display: flex;
    flex-flow: column;
    gap: 2px;
    height: 7.4em;
    padding: 8px;
    overflow: hidden;
  }
  .list .card {
    flex-flow: row;
    height: var(--pubnet-image-size, 96px);
  }
  .list .image {
    width: var(--pubnet-image-size, 96px);
  }
  .list .text {
    flex: 1;
    height: auto;
    padding-block: 4px;
  }
  .list [part='title'] {
    -webkit-line-clamp: 1;
  }
  [part='title'] {
    display: -webkit-box;
    overflow: hidden;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    color: inherit;
  }
  [part='title'],
  ins {
    font-weight: 600;
    text-decoration: none;
  }
  [part='title']::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  .card:hover [part='title'] {
    text-decoration: underline;
  }
  .card:has(:focus-visible) {
    outline: 2px solid var(--accent);
    outline-offset: 2px;
  }
  [part='brand'],
  [part='price'] {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  [part='brand'],
  del {
    color: var(--muted);
  }
  ins {
    color: var(--sale);
  }
  [part='button'] {
    align-self: start;
    margin-top: auto;
    padding: 2px 10px;
    border-radius: var(--radius);
    background: var(--accent);
    color: var(--accent-fg);
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
