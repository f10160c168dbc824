/**
 * In-memory writes for the resources the spec leaves "not shown": PUT
 * replaces, PATCH merges, POST creates, DELETE removes. Fields named in
 * `readOnly` (ids, timestamps) are never taken from a body.
 */
import { fail, notFound } from './errors.js';
import { nowIso, type Json } from './http.js';
import type { Loose } from './state.js';

export const READ_ONLY = ['id', 'created_at', 'updated_at'];

export function findOr404<T>(items: readonly T[], match: (item: T) => boolean): T {
  return items.find(match) ?? fail(notFound());
}

export function byId<T extends Loose>(items: readonly T[], id: string): T {
  return findOr404(items, (item) => String(item.id) === id);
}

function writable(body: Json, readOnly: readonly string[]): Json {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !readOnly.includes(k)));
}

function kept(item: Loose, readOnly: readonly string[]): Loose {
  return Object.fromEntries(Object.entries(item).filter(([k]) => readOnly.includes(k)));
}

/** PUT: the body becomes the object, apart from its read-only fields. */
export function replaceIn(item: Loose, body: Json, readOnly = READ_ONLY): Loose {
  const fixed = kept(item, readOnly);
  for (const k of Object.keys(item)) delete item[k];
  Object.assign(item, fixed, writable(body, readOnly));
  return stamp(item);
}

/** PATCH: the body's fields are merged into the object. */
export function mergeInto(item: Loose, body: Json, readOnly = READ_ONLY): Loose {
  Object.assign(item, writable(body, readOnly));
  return stamp(item);
}

function stamp(item: Loose): Loose {
  if ('updated_at' in item) item.updated_at = nowIso();
  return item;
}

export function createIn(
  items: Loose[],
  body: Json,
  id: string | number,
  readOnly = READ_ONLY,
): Loose {
  const now = nowIso();
  const item = { id, ...writable(body, readOnly), created_at: now, updated_at: now };
  items.push(item);
  return item;
}

export function removeFrom<T>(items: T[], item: T): void {
  const i = items.indexOf(item);
  if (i >= 0) items.splice(i, 1);
}
