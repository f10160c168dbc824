import { css } from 'lit';

/**
 * The wait before the config is known, and the `manual` canvas: drawn at its
 * own size (`--canvas-width`×`--canvas-height`) and scaled by `--canvas-scale`
 * (set from the element's width), so creatives keep their layout. The scaled
 * box is the placed widgets' containing block.
 */
export const adslotStyles = css`
  /* The label's row, and the height the page states for what the slot shows
     (pubnet.css reserves the same before the script runs). */
  .wait {
    min-height: calc(21px + var(--pubnet-slot-min-height, 250px));
  }
  .canvas {
    --canvas-scale: 1;
    width: calc(var(--canvas-width) * var(--canvas-scale));
    height: calc(var(--canvas-height) * var(--canvas-scale));
    overflow: hidden;
  }
  .drawing {
    width: var(--canvas-width);
    height: var(--canvas-height);
    transform: scale(var(--canvas-scale));
    transform-origin: 0 0;
  }
  .placed {
    position: absolute;
    box-sizing: border-box;
  }
  .placed > * {
    display: grid;
    place-items: center;
    width: 100%;
    height: 100%;
    text-decoration: none;
  }
  /* A placed product: the grid's card, fitted to its box. */
  .placed ul {
    display: block;
    height: 100%;
  }
  .placed .card {
    height: 100%;
    border: 0;
  }
  .placed .grid .image {
    flex: 1;
    min-height: 0;
  }
  /* A placed offer: its logo (as tall as there is room for), its name, and
     the call to action. */
  .placed > .placed-link {
    display: flex;
    flex-flow: column;
    gap: 4px;
    box-sizing: border-box;
    padding: 6px;
    color: inherit;
  }
  .placed-link img {
    flex: 1;
    min-height: 0;
  }
  .placed [part='button'] {
    margin: 0;
    align-self: center;
  }
  iframe {
    width: 100%;
    height: 100%;
    border: 0;
  }
`;
