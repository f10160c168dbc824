/**
 * The searchable fields of a product (api-contract §5) and how to read each
 * one: text fields give strings, numeric fields numbers, the date field ms.
 */
import type { ProductRec } from './state.js';

export type FieldKind = 'text' | 'number' | 'date';

type Text = (p: ProductRec) => (string | null)[];

export const TEXT_FIELDS: Record<string, Text> = {
  any: (p) => [
    p.title,
    p.brand,
    p.description,
    p.category,
    p.offer,
    p.product_type,
    p.color,
    p.gtin,
    p.mpn,
    p.id,
  ],
  search_field: (p) => [p.title, p.brand, p.category, p.product_type],
  title: (p) => [p.title],
  brand: (p) => [p.brand],
  description: (p) => [p.description],
  category: (p) => [p.category],
  currency: (p) => [p.currency],
  id: (p) => [p.id],
  offer_id: (p) => [p.offer_id],
  feed_id: (p) => [p.feed_id],
  status: (p) => [p.status],
  gtin: (p) => [p.gtin],
  mpn: (p) => [p.mpn],
};

/** `"PLN 19.22"` → 19.22; anything else (api-contract §6) → null. */
export function parseMoney(value: string | null): number | null {
  const m = value === null ? null : /^[A-Z]{3} (-?\d+(?:\.\d+)?)$/.exec(value);
  return m ? Number(m[1]) : null;
}

export const NUMBER_FIELDS: Record<string, (p: ProductRec) => number | null> = {
  price: (p) => parseMoney(p.price),
  sale_price: (p) => parseMoney(p.sale_price),
  discount: (p) => p.discount,
  cpc_rate: (p) => parseMoney(p.cpc_rate),
  is_cpc: (p) => (p.is_cpc === null ? null : p.is_cpc ? 1 : 0),
};

export const DATE_FIELDS: Record<string, (p: ProductRec) => number | null> = {
  updated_at: (p) => (p.updated_at === null ? null : Date.parse(p.updated_at)),
};

export const LOOKUPS: Record<FieldKind, readonly string[]> = {
  text: ['contains', 'exact', 'starts_with', 'phrase', 'dis_max'],
  number: ['exact', 'lt', 'gt', 'range'],
  date: ['lt', 'gt', 'range'],
};

export function fieldKind(field: string): FieldKind | undefined {
  if (Object.hasOwn(TEXT_FIELDS, field)) return 'text';
  if (Object.hasOwn(NUMBER_FIELDS, field)) return 'number';
  if (Object.hasOwn(DATE_FIELDS, field)) return 'date';
  return undefined;
}

export const ALL_FIELDS = [
  ...Object.keys(TEXT_FIELDS),
  ...Object.keys(NUMBER_FIELDS),
  ...Object.keys(DATE_FIELDS),
];

export const ORDERINGS: Record<string, (p: ProductRec) => number | string | null> = {
  '-score': () => 0, // handled by the engine: relevance
  price: (p) => parseMoney(p.price),
  '-price': (p) => parseMoney(p.price),
  '-discount': (p) => p.discount,
  '-updated_at': (p) => (p.updated_at === null ? null : Date.parse(p.updated_at)),
  title: (p) => p.title?.toLowerCase() ?? null,
};
