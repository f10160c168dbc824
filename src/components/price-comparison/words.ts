/** The price comparison's own words (page/messages.ts has the words all widgets share). */
import type { Words } from '../../page/lang.js';

/** The words of a price comparison's language. */
export type ComparisonWords = Words & {
  /** The comparison's name (its list of shops). */
  compare: string;
};

/** Its words by language: its module adds them to the table (`addMessages`). */
export const COMPARISON_MESSAGES = {
  en: { compare: 'Compare prices' },
  pl: { compare: 'Porównaj ceny' },
  de: { compare: 'Preise vergleichen' },
  cs: { compare: 'Porovnat ceny' },
};
