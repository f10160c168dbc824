/**
 * The product search filter engine (api-contract §5): validates a search body
 * into conditions, keeps the products matching all of them, and orders them.
 */
import { badRequest, fail } from './errors.js';
import { isRecord } from './http.js';
import {
  ALL_FIELDS,
  DATE_FIELDS,
  fieldKind,
  LOOKUPS,
  NUMBER_FIELDS,
  ORDERINGS,
  parseMoney,
  TEXT_FIELDS,
  type FieldKind,
} from './product-fields.js';
import type { ProductRec } from './state.js';

type Range = [number, number];

interface Condition {
  field: string;
  kind: FieldKind;
  lookup: string;
  negate: boolean;
  /** Text: lower-cased needles; number/date: values or ranges. Any of them matches (OR). */
  values: (string | number | Range)[];
}

const filterError = (message: string): never => fail(badRequest({ filters: [message] }));

function words(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function asNumber(v: unknown, kind: FieldKind, upper = false): number | undefined {
  if (kind === 'date') {
    if (typeof v !== 'string') return undefined;
    const ms = Date.parse(v);
    // A bare date as the upper end of a range means "through that whole day".
    if (upper && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(ms)) return ms + 86_399_999;
    return Number.isNaN(ms) ? undefined : ms;
  }
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return typeof v === 'string' ? (parseMoney(v) ?? undefined) : undefined;
}

function parseValues(field: string, kind: FieldKind, lookup: string, raw: unknown, where: string) {
  const bad = (): never =>
    filterError(`Invalid value for "${field}" with lookup "${lookup}" (${where}).`);
  if (kind === 'text') {
    const list = Array.isArray(raw) ? raw : [raw];
    if (list.length === 0) bad();
    return list.map((v) =>
      typeof v === 'string' || typeof v === 'number' ? String(v).toLowerCase().trim() : bad(),
    );
  }
  if (lookup === 'range') {
    // `[a, b]` is one range; `[[a, b], [c, d]]` is any of several.
    const list = Array.isArray(raw) && raw.every(Array.isArray) ? raw : [raw];
    if (list.length === 0) bad();
    return list.map((r): Range => {
      if (!Array.isArray(r) || r.length !== 2) return bad();
      return [asNumber(r[0], kind) ?? bad(), asNumber(r[1], kind, true) ?? bad()];
    });
  }
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length === 0) bad();
  return list.map((v) => asNumber(v, kind) ?? bad());
}

export function parseFilters(raw: unknown): Condition[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) filterError('Expected a list of filters.');
  const conditions: Condition[] = [];
  (raw as unknown[]).forEach((element, i) => {
    const where = `filters[${i}]`;
    if (!isRecord(element))
      filterError(
        `Expected an object like {"title": {"lookup": "contains", "value": "x"}} (${where}).`,
      );
    for (const [field, spec] of Object.entries(element as Record<string, unknown>)) {
      const kind = fieldKind(field);
      if (!kind)
        filterError(`Unknown field "${field}" (${where}); allowed: ${ALL_FIELDS.join(', ')}.`);
      if (!isRecord(spec) || typeof spec.lookup !== 'string') {
        filterError(`Field "${field}" needs {"lookup": ..., "value": ...} (${where}).`);
      }
      const { lookup: rawLookup, value } = spec as { lookup: string; value: unknown };
      const negate = rawLookup.startsWith('~');
      const lookup = negate ? rawLookup.slice(1) : rawLookup;
      const allowed = LOOKUPS[kind as FieldKind];
      if (!allowed.includes(lookup)) {
        filterError(
          `Unknown lookup "${rawLookup}" for field "${field}" (${where}); allowed: ${allowed.join(', ')}.`,
        );
      }
      const k = kind as FieldKind;
      conditions.push({
        field,
        kind: k,
        lookup,
        negate,
        values: parseValues(field, k, lookup, value, where),
      });
    }
  });
  return conditions;
}

/** How well one text value matches one needle: 0 = no match. */
function textScore(lookup: string, text: string, needle: string): number {
  const hay = text.toLowerCase();
  switch (lookup) {
    case 'exact':
      return hay === needle ? 4 : 0;
    case 'starts_with':
      return hay.startsWith(needle) ? 2 : 0;
    case 'phrase': {
      const h = words(hay).join(' ');
      const n = words(needle).join(' ');
      return n !== '' && ` ${h} `.includes(` ${n} `) ? 3 : 0;
    }
    case 'dis_max': {
      const have = new Set(words(hay));
      return words(needle).filter((w) => have.has(w)).length;
    }
    default:
      return hay.includes(needle) ? 1 : 0;
  }
}

/** The condition's score for a product: > 0 when it matches (before negation). */
function score(c: Condition, p: ProductRec): number {
  if (c.kind === 'text') {
    const texts = (TEXT_FIELDS[c.field] ?? (() => []))(p);
    let best = 0;
    for (const needle of c.values as string[]) {
      texts.forEach((t, i) => {
        // Matching in the title (first of a multi-field list) counts a little more.
        if (t !== null) best = Math.max(best, textScore(c.lookup, t, needle) * (i === 0 ? 1.5 : 1));
      });
    }
    return best;
  }
  const read = c.kind === 'number' ? NUMBER_FIELDS[c.field] : DATE_FIELDS[c.field];
  const v = read?.(p) ?? null;
  if (v === null || Number.isNaN(v)) return 0;
  const hit = c.values.some((x) => {
    if (Array.isArray(x)) return v >= x[0] && v <= x[1];
    const n = x as number;
    return c.lookup === 'lt' ? v < n : c.lookup === 'gt' ? v > n : v === n;
  });
  return hit ? 1 : 0;
}

export function parseOrdering(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') return '-score';
  if (typeof raw !== 'string' || !Object.hasOwn(ORDERINGS, raw)) {
    return fail(
      badRequest({
        ordering: [
          `Unknown ordering "${String(raw)}"; allowed: ${Object.keys(ORDERINGS).join(', ')}.`,
        ],
      }),
    );
  }
  return raw;
}

/** Validates `body` (filters, ordering) and returns the matching products in order. */
export function searchProducts(
  products: readonly ProductRec[],
  body: Record<string, unknown>,
): ProductRec[] {
  const conditions = parseFilters(body.filters);
  const ordering = parseOrdering(body.ordering);
  const hits: { p: ProductRec; score: number }[] = [];
  for (const p of products) {
    let total = 0;
    let ok = true;
    for (const c of conditions) {
      const s = score(c, p);
      if (c.negate ? s > 0 : s === 0) {
        ok = false;
        break;
      }
      if (c.kind === 'text' && !c.negate) total += s;
    }
    if (ok) hits.push({ p, score: total });
  }
  const key = ORDERINGS[ordering] ?? (() => null);
  const descending = ordering.startsWith('-');
  hits.sort((a, b) => {
    if (ordering === '-score' && a.score !== b.score) return b.score - a.score;
    const ka = key(a.p);
    const kb = key(b.p);
    // Missing values go last whatever the direction.
    if (ka !== kb) {
      if (ka === null) return 1;
      if (kb === null) return -1;
      const cmp = ka < kb ? -1 : 1;
      return descending ? -cmp : cmp;
    }
    return a.p.id < b.p.id ? -1 : a.p.id > b.p.id ? 1 : 0;
  });
  return hits.map((h) => h.p);
}
