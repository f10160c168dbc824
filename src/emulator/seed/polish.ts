/**
 * Polish product feeds. Convertiser is a Polish network, so many shops send
 * their feed in Polish: these shops (all priced in PLN) title, describe and
 * type their products in Polish. A Polish product draws from the PRNG exactly
 * as an English one would (the names are looked up by the same index), so
 * switching a shop's language changes words only, never another product.
 */
import type { CatalogCategory } from './catalog.js';

/** Shops (offer titles) whose feed is in Polish; each sells in PLN (merchants.ts). */
export const POLISH_FEEDS: ReadonlySet<string> = new Set([
  'SportZone',
  'HomeCraft',
  'ToyPlanet',
  'KitchenPro',
  'AudioMax',
]);

const COLORS: Record<string, string> = {
  black: 'czarny',
  white: 'biały',
  silver: 'srebrny',
  blue: 'niebieski',
  red: 'czerwony',
  green: 'zielony',
  grey: 'szary',
  beige: 'beżowy',
};

export interface Words {
  brand: string;
  noun: string;
  color: string;
  category: string;
}

/** The Polish words for what was drawn in English: same index, Polish list. */
export function polishWords(cat: CatalogCategory, english: Words): Words {
  const at = <T>(list: readonly T[] | undefined, from: readonly T[], value: T): T =>
    list?.[from.indexOf(value)] ?? value;
  return {
    brand: at(cat.pl.brands, cat.brands, english.brand),
    noun: at(cat.pl.nouns, cat.nouns, english.noun),
    color: COLORS[english.color] ?? english.color,
    category: cat.pl.name,
  };
}

export function polishTitle(w: Words, model: string, extra: string, refurbished: boolean): string {
  // "refurbished" stays in the title, so a slot's `title: '!refurbished'` still skips it.
  return `${w.noun} ${w.brand} ${model}${extra}${refurbished ? ' – produkt odnowiony (refurbished)' : ''}`;
}

export function polishDescription(w: Words, refurbished: boolean): string {
  return `${w.noun} ${w.brand}, kolor: ${w.color}. ${
    refurbished
      ? 'Produkt odnowiony i sprawdzony, 12 miesięcy gwarancji.'
      : 'Fabrycznie nowy produkt z pełną gwarancją producenta i darmową dostawą.'
  }`;
}
