/**
 * What a server-rendered element writes into its `data-room`, which pubnet.css reads to keep
 * its room from its start tag on (base/reserve.css: the tokens).
 */
import type { AdslotConfig } from '../../client/types.js';

/** The tokens of `count` items: its tens, when any, and its units (`t1 u2`: 12). */
export const items = (count: number): string =>
  (count >= 10 ? `t${Math.floor(count / 10)} ` : '') + `u${count % 10}`;

/**
 * The room of product cards (product-card/reserve.css). They have a fixed size and the list
 * keeps `limit` places (product-card.ts), so their room follows from the layout, the most
 * columns and `limit`; `bare` when no label is shown (`label` is ''). A carousel's row may get
 * a scrollbar, whose height no stylesheet knows: it has none.
 */
export const cardsRoom = (
  { layout = 'grid', columns = 4, limit }: AdslotConfig & { limit: number },
  label: string | undefined,
): string | undefined =>
  layout == 'carousel'
    ? undefined
    : `${layout} c${columns} ${items(limit)}${label === '' ? ' bare' : ''}`;
