/**
 * An ad slot's `filters[]` rows → product search filters, with the
 * mini-language of api-contract §8:
 * - `any, search_field, title, brand, description, category` → `contains`;
 *   `id, offer_id, feed_id, gtin, mpn, currency, status` → `exact`;
 *   `offer` (an offer id) → `offer_id` `exact`;
 * - `price, sale_price, discount, cpc_rate, is_cpc` (numbers; `true`/`false`
 *   too) and `updated_at` (dates, kept as strings): `"10..100"` →
 *   `range [10, 100]`, `">10"` → `gt`, `"<100"` → `lt`, `"42"` → `exact`; dates
 *   have no `exact`, so `"2024-10-01"` → `range ["2024-10-01", "2024-10-01"]`
 *   (that whole day);
 * - `a|b` → an array value (OR); a leading `!` negates (`~lookup`).
 * Empty fields, unknown fields and values that do not parse (`"abc"` as a
 * price, `"10.."`) are skipped. All resulting filters are ANDed.
 */
import type { AdslotFilterRow, ProductSearchFilter, ProductSearchLookup } from './types.js';

const CONTAINS = 'any search_field title brand description category'.split(' ');
const EXACT = 'id offer_id feed_id gtin mpn currency status offer'.split(' ');
const NUMERIC = 'price sale_price discount cpc_rate is_cpc'.split(' ');

/** `['a', 'b']` → itself, `['a']` → `'a'`, `[]` → `undefined`. */
export const orValue = <T>(parts: T[]): T | T[] | undefined =>
  parts.length > 1 ? parts : parts[0];

/** One field of a row → one search filter, or `undefined` to skip it. */
export function parseFilterField(
  field: string,
  raw: string | null | undefined,
): ProductSearchFilter | undefined {
  let text = raw?.trim() ?? '';
  const negated = text[0] == '!';
  if (negated) text = text.slice(1).trim();
  const numeric = NUMERIC.includes(field);
  const date = field == 'updated_at';
  const span = (numeric || date) && text.includes('..');
  let lookup =
    numeric || date
      ? span
        ? 'range'
        : text[0] == '>'
          ? 'gt'
          : text[0] == '<'
            ? 'lt'
            : 'exact'
      : CONTAINS.includes(field)
        ? 'contains'
        : EXACT.includes(field)
          ? 'exact'
          : '';
  let values: unknown[] = (
    span ? text.split('..') : lookup[1] == 't' ? [text.slice(1)] : text.split('|')
  )
    .map((part) => part.trim())
    .filter((part) => part || span)
    // numbers: `true`/`false` (is_cpc) or a number; NaN (skipped) otherwise
    .map((part) => (numeric ? part == 'true' || (part != 'false' && (part ? +part : NaN)) : part));
  if (
    !lookup ||
    !values.length ||
    values.some((value) => value !== value || value === '') ||
    (span && values.length > 2)
  )
    return;
  // dates have no `exact`: a day is the range from it to itself (through its end)
  if (date && lookup == 'exact') {
    lookup = 'range';
    values = values.map((day) => [day, day]);
  }
  return {
    [field == 'offer' ? 'offer_id' : field]: {
      lookup: (negated ? '~' + lookup : lookup) as ProductSearchLookup,
      value: span || values.length > 1 ? values : values[0],
    },
  };
}

/** All rows → the search `filters` (all ANDed), in row and field order. */
export function filtersFromRows(rows?: readonly AdslotFilterRow[] | null): ProductSearchFilter[] {
  const filters: ProductSearchFilter[] = [];
  for (const row of rows ?? [])
    for (const field in row) {
      const filter = parseFilterField(field, row[field as keyof AdslotFilterRow]);
      if (filter) filters.push(filter);
    }
  return filters;
}
