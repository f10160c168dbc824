/** Ad slot bodies (spec §2.3, api-contract §8): title, website, type, rows, widgets. */
import type { AdslotFilterRow, AdslotWidget } from '../../client/types.js';
import type { Ctx } from '../context.js';
import { Errors } from '../errors.js';
import { isRecord, type Json } from '../http.js';
import type { AdslotRec } from '../state.js';
import { findWebsite } from '../tracking-links.js';
import { notAChoice, present, requireObject, type WriteMode } from './common.js';

export const FILTER_ROW_FIELDS = new Set([
  'any',
  'brand',
  'category',
  'cpc_rate',
  'currency',
  'description',
  'discount',
  'feed_id',
  'gtin',
  'id',
  'is_cpc',
  'mpn',
  'offer',
  'offer_id',
  'price',
  'sale_price',
  'search_field',
  'status',
  'title',
  'updated_at',
]);
const ITEM_TYPES = new Set(['product', 'offer', 'banner', 'html']);
const INT_FIELDS = ['x', 'y', 'width', 'height'] as const;
const TEXT_FIELDS = ['url', 'token', 'embed_code', 'id'] as const;

export type AdslotChanges = Partial<
  Pick<AdslotRec, 'title' | 'website' | 'type' | 'config' | 'filters' | 'widgets'>
>;

function filterRows(raw: unknown, errors: Errors): AdslotFilterRow[] {
  if (!Array.isArray(raw)) {
    errors.add('filters', 'Expected a list of items.');
    return [];
  }
  return raw.map((row, i) => {
    if (!isRecord(row)) {
      errors.add('filters', `Item ${i}: expected an object.`);
      return {};
    }
    for (const [k, v] of Object.entries(row)) {
      if (!FILTER_ROW_FIELDS.has(k)) errors.add('filters', `Item ${i}: unknown field "${k}".`);
      else if (v !== null && typeof v !== 'string')
        errors.add('filters', `Item ${i}: "${k}" must be a string.`);
    }
    return row as AdslotFilterRow;
  });
}

function widgets(raw: unknown, errors: Errors, nextId: () => string): AdslotWidget[] {
  if (!Array.isArray(raw)) {
    errors.add('widgets', 'Expected a list of items.');
    return [];
  }
  return raw.map((w, i) => {
    if (!isRecord(w)) {
      errors.add('widgets', `Item ${i}: expected an object.`);
      return {};
    }
    if (w.item_type !== undefined && !ITEM_TYPES.has(String(w.item_type))) {
      errors.add('widgets', `Item ${i}: item_type ${notAChoice(w.item_type)}`);
    }
    for (const f of INT_FIELDS) {
      const v = w[f];
      if (v !== undefined && !(typeof v === 'number' && Number.isInteger(v) && v >= 0)) {
        errors.add('widgets', `Item ${i}: "${f}" must be a non-negative integer.`);
      }
    }
    for (const f of TEXT_FIELDS) {
      const v = w[f];
      if (v !== undefined && v !== null && typeof v !== 'string')
        errors.add('widgets', `Item ${i}: "${f}" must be a string.`);
    }
    return { ...(w as AdslotWidget), id: typeof w.id === 'string' && w.id ? w.id : nextId() };
  });
}

export function adslotChanges(ctx: Ctx, raw: unknown, mode: WriteMode): AdslotChanges {
  const body: Json = requireObject(raw);
  const errors = new Errors();
  const out: AdslotChanges = {};
  if (present(body, 'title', mode, errors)) {
    if (typeof body.title === 'string' && body.title.trim()) out.title = body.title;
    else errors.add('title', 'Not a valid string.');
  }
  if (present(body, 'website', mode, errors)) {
    const site = typeof body.website === 'string' ? findWebsite(ctx, body.website) : undefined;
    if (site) out.website = site.id;
    else errors.add('website', `Invalid pk "${String(body.website)}" - object does not exist.`);
  }
  if (present(body, 'type', mode, errors, false)) {
    if (body.type === 'filter' || body.type === 'manual') out.type = body.type;
    else errors.add('type', notAChoice(body.type));
  }
  if (body.config !== undefined) {
    if (body.config === null || typeof body.config === 'string') out.config = body.config;
    else errors.add('config', 'Not a valid string (a JSON string is expected).');
  }
  if (body.filters !== undefined) out.filters = filterRows(body.filters, errors);
  if (body.widgets !== undefined)
    out.widgets = widgets(body.widgets, errors, () => ctx.state.rng.uuid());
  errors.throwIfAny();
  return out;
}
