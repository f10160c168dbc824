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
  let s = raw?.trim() ?? '';
  const neg = s[0] == '!';
  if (neg) s = s.slice(1).trim();
  const num = NUMERIC.includes(field);
  const date = field == 'updated_at';
  const span = (num || date) && s.includes('..');
  let lookup =
    num || date
      ? span
        ? 'range'
        : s[0] == '>'
          ? 'gt'
          : s[0] == '<'
            ? 'lt'
            : 'exact'
      : CONTAINS.includes(field)
        ? 'contains'
        : EXACT.includes(field)
          ? 'exact'
          : '';
  let values: unknown[] = (span ? s.split('..') : lookup[1] == 't' ? [s.slice(1)] : s.split('|'))
    .map((v) => v.trim())
    .filter((v) => v || span)
    // numbers: `true`/`false` (is_cpc) or a number; NaN (skipped) otherwise
    .map((v) => (num ? v == 'true' || (v != 'false' && (v ? +v : NaN)) : v));
  if (
    !lookup ||
    !values.length ||
    values.some((v) => v !== v || v === '') ||
    (span && values.length > 2)
  )
    return;
  // dates have no `exact`: a day is the range from it to itself (through its end)
  if (date && lookup == 'exact') {
    lookup = 'range';
    values = values.map((v) => [v, v]);
  }
  return {
    [field == 'offer' ? 'offer_id' : field]: {
      lookup: (neg ? '~' + lookup : lookup) as ProductSearchLookup,
      value: span || values.length > 1 ? values : values[0],
    },
  };
}

/** All rows → the search `filters` (all ANDed), in row and field order. */
export function filtersFromRows(rows?: readonly AdslotFilterRow[] | null): ProductSearchFilter[] {
  const out: ProductSearchFilter[] = [];
  for (const row of rows ?? [])
    for (const field in row) {
      const f = parseFilterField(field, row[field as keyof AdslotFilterRow]);
      if (f) out.push(f);
    }
  return out;
}
