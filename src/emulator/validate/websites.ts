/** Website bodies (spec §2.5): url, type and target_audience checked when given. */
import { Errors } from '../errors.js';
import { isHttpUrl, type Json } from '../http.js';
import { COUNTRY_CODES, WEBSITE_CATEGORIES, WEBSITE_TYPES } from '../reference/index.js';
import type { WebsiteRec } from '../state.js';
import { notAChoice, present, requireObject, type WriteMode } from './common.js';

export type WebsiteChanges = Partial<
  Pick<WebsiteRec, 'url' | 'description' | 'categories' | 'target_audience' | 'type'>
>;

export function websiteChanges(raw: unknown, mode: WriteMode): WebsiteChanges {
  const body: Json = requireObject(raw);
  const errors = new Errors();
  const out: WebsiteChanges = {};
  if (present(body, 'url', mode, errors)) {
    if (isHttpUrl(body.url)) out.url = body.url;
    else errors.add('url', 'Enter a valid absolute http(s) URL.');
  }
  if (present(body, 'type', mode, errors)) {
    if (typeof body.type === 'string' && Object.hasOwn(WEBSITE_TYPES, body.type))
      out.type = body.type;
    else errors.add('type', notAChoice(body.type));
  }
  if (present(body, 'target_audience', mode, errors)) {
    const code = body.target_audience;
    if (typeof code === 'string' && COUNTRY_CODES.includes(code)) out.target_audience = code;
    else errors.add('target_audience', notAChoice(code));
  }
  if (body.description !== undefined) {
    if (body.description === null || typeof body.description === 'string')
      out.description = body.description;
    else errors.add('description', 'Not a valid string.');
  }
  if (body.categories !== undefined) {
    const known = new Set(WEBSITE_CATEGORIES.map((c) => c.category));
    if (!Array.isArray(body.categories)) errors.add('categories', 'Expected a list of items.');
    else {
      for (const c of body.categories) if (!known.has(c)) errors.add('categories', notAChoice(c));
      out.categories = body.categories.filter((c): c is string => known.has(c));
    }
  }
  errors.throwIfAny();
  return out;
}
