/**
 * A loan offer's terms in the reader's language (embed-contract, Elements): amounts in
 * whole złoty (`100–5000 zł`), periods in days, or in months when a whole number of months
 * above 60 days (30 days = 1 month), each end on its own (`5–30 dni`, `61 dni – 3 miesiące`,
 * `3–48 miesięcy`). The unit's words are the language table's (`days`, `months`: the forms
 * for `Intl.PluralRules`' one|few|many|other), not `Intl`'s own units, which name a day
 * `doba` in some engines' Polish. An end that is no number is left out.
 */
import type { LoanWords } from './words.js';

/** `Intl`'s `make` for `lang`, or for the browser's language when `lang` is no valid tag. */
function local<T>(make: (lang?: string) => T, lang: string): T {
  try {
    return make(lang);
  } catch {
    return make();
  }
}

const finite = (value: unknown): value is number => typeof value == 'number' && value >= 0;

/** An amount range in złoty, or the one end known, or `''`. */
export function amounts(min: unknown, max: unknown, lang: string): string {
  const format = local(
    (tag) =>
      new Intl.NumberFormat(tag, { style: 'currency', currency: 'PLN', maximumFractionDigits: 0 }),
    lang,
  );
  // (`formatRange`: ES2023, in every browser the widgets support.)
  return finite(min) && finite(max) && min != max
    ? (format as Intl.NumberFormat & { formatRange(a: number, b: number): string }).formatRange(
        min,
        max,
      )
    : finite(max) || finite(min)
      ? format.format((finite(max) ? max : min) as number)
      : '';
}

/** A period range, given in days, in `words`' language. */
export function periods(min: unknown, max: unknown, { lang, days, months }: LoanWords): string {
  const numbers = local((tag) => new Intl.NumberFormat(tag), lang);
  const plurals = local((tag) => new Intl.PluralRules(tag), lang);
  /** An end: its number, its unit's word, and its unit's forms. */
  const end = (value: number): [string, string, string] => {
    const [count, forms] = value > 60 && value % 30 == 0 ? [value / 30, months] : [value, days];
    const category = ['one', 'few', 'many'].indexOf(plurals.select(count));
    return [numbers.format(count), forms.split('|')[category < 0 ? 3 : category], forms];
  };
  if (!finite(min) || !finite(max) || min == max)
    return finite(max) || finite(min)
      ? end((finite(max) ? max : min) as number)
          .slice(0, 2)
          .join(' ')
      : '';
  const [low, lowWord, lowUnit] = end(min);
  const [high, highWord, highUnit] = end(max);
  return lowUnit == highUnit
    ? `${low}–${high} ${highWord}`
    : `${low} ${lowWord} – ${high} ${highWord}`;
}
