/**
 * The words a widget shows or names things with, by language
 * (embed-contract "Language"). Keys are the primary language subtags.
 */
export interface Messages {
  /** The disclosure label. */
  disclosure: string;
  /** The call to action of a card or a placed offer. */
  cta: string;
  /** Said before a sale price (visually hidden). */
  now: string;
  /** Said before the price before the sale (visually hidden). */
  was: string;
  /** A price comparison's name (its list of shops). */
  compare: string;
}

export type MessageKey = keyof Messages;

export const MESSAGES: Record<string, Messages> = {
  en: { disclosure: 'Ad', cta: 'Shop now', now: 'Now', was: 'Was', compare: 'Compare prices' },
  pl: {
    disclosure: 'Reklama',
    cta: 'Do sklepu',
    now: 'Teraz',
    was: 'Wcześniej',
    compare: 'Porównaj ceny',
  },
  de: {
    disclosure: 'Anzeige',
    cta: 'Zum Shop',
    now: 'Jetzt',
    was: 'Vorher',
    compare: 'Preise vergleichen',
  },
  cs: {
    disclosure: 'Reklama',
    cta: 'Do obchodu',
    now: 'Nyní',
    was: 'Dříve',
    compare: 'Porovnat ceny',
  },
};
