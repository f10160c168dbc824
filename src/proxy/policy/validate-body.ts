/**
 * Checks of request bodies before they are forwarded, answered the way the
 * API answers validation errors (DRF style, api-contract §3): a wrong body
 * never costs an upstream call, and a field the proxy pins is never trusted.
 */
import { STATS_MAX_PRODUCTS } from '../../client/routes/products.js';
import type { RoutePolicy } from './allow-list.js';

export type JsonObject = Record<string, unknown>;

/** A DRF-style validation error: `{"field": ["message"]}`. */
export type FieldErrors = Record<string, string[]>;

/** api-contract §7: SubID, at most 32 of `A-Za-z0-9_-`. */
export const SID = /^[A-Za-z0-9_-]{1,32}$/;
export const SID_MESSAGE = 'At most 32 characters of A-Z, a-z, 0-9, "_" and "-".';
/** The fields of a tracking-link body (api-contract §7); others are dropped. */
const TRACKING_LINK_FIELDS = ['website', 'sid', 'deep_link', 'shorten', 'traffic_back_url'];
const STATS_EVENTS = ['view', 'click'];

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` is an absolute http(s) URL. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.host !== '';
  } catch {
    return false;
  }
}

const LINK_MESSAGE = 'Enter an absolute http(s) URL without credentials.';

/**
 * A link a tracking link may carry: an absolute http(s) URL without user name
 * or password, as the WHATWG URL parser writes it (so a backslash is a slash, the host
 * lower case and punycode); else `undefined`.
 */
export function linkUrl(value: unknown): string | undefined {
  if (!isHttpUrl(value)) return undefined;
  const url = new URL(value);
  return url.username || url.password ? undefined : url.href;
}

/** Deepest nesting of arrays and objects a body may have (api-contract §12). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether the JSON text `text` nests deeper than `max`: counted on the text,
 * without recursion, so that no later step (the canonical form is recursive)
 * ever meets a body deep enough to overflow the stack.
 */
export function nestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Parses `text` as a JSON object, or says why not. */
export function parseObject(text: string): { value: JsonObject } | { errors: FieldErrors } {
  if (nestsDeeper(text, MAX_JSON_DEPTH))
    return {
      errors: { non_field_errors: [`The body nests deeper than ${MAX_JSON_DEPTH} levels.`] },
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { errors: { non_field_errors: ['The body must be valid JSON.'] } };
  }
  return isObject(value)
    ? { value }
    : { errors: { non_field_errors: ['The body must be a JSON object.'] } };
}

function trackingLink(body: JsonObject): { body: JsonObject; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const kept = Object.fromEntries(
    Object.entries(body).filter(([name]) => TRACKING_LINK_FIELDS.includes(name)),
  );
  const { sid, deep_link, traffic_back_url, shorten } = kept;
  if (sid != null && (typeof sid !== 'string' || !SID.test(sid))) errors.sid = [SID_MESSAGE];
  // Forwarded as this parser reads them (api-contract §13: the host checked is the host sent).
  for (const [field, value] of [
    ['deep_link', deep_link],
    ['traffic_back_url', traffic_back_url],
  ] as const) {
    if (value == null) continue;
    const url = linkUrl(value);
    if (url) kept[field] = url;
    else errors[field] = [LINK_MESSAGE];
  }
  if (shorten != null && typeof shorten !== 'boolean') errors.shorten = ['Must be a boolean.'];
  return { body: kept, errors };
}

function stats(body: JsonObject): FieldErrors {
  const errors: FieldErrors = {};
  const { event, products, adslot } = body;
  if (typeof event !== 'string' || !STATS_EVENTS.includes(event))
    errors.event = ['One of "view", "click".'];
  if (
    !Array.isArray(products) ||
    products.length > STATS_MAX_PRODUCTS ||
    products.some((id) => typeof id !== 'string' && typeof id !== 'number')
  )
    errors.products = [`A list of at most ${STATS_MAX_PRODUCTS} product ids.`];
  if (adslot != null && typeof adslot !== 'string') errors.adslot = ['Must be an ad slot id.'];
  return errors;
}

function search(body: JsonObject): FieldErrors {
  const errors: FieldErrors = {};
  if (body.filters !== undefined && !Array.isArray(body.filters))
    errors.filters = ['Must be a list.'];
  if (body.ordering !== undefined && typeof body.ordering !== 'string')
    errors.ordering = ['Must be a string.'];
  return errors;
}

/**
 * Checks the body of a route; returns the body to forward (for tracking links
 * only the known fields) or the errors.
 */
export function validateBody(
  kind: NonNullable<RoutePolicy['body']>,
  body: JsonObject,
): { body: JsonObject; errors?: FieldErrors } {
  if (kind === 'trackingLink') {
    const checked = trackingLink(body);
    return Object.keys(checked.errors).length ? checked : { body: checked.body };
  }
  const errors = kind === 'stats' ? stats(body) : search(body);
  return Object.keys(errors).length ? { body, errors } : { body };
}

/**
 * Pins a website guid to the configured ones (api-contract §13): absent → the
 * first (the only one, usually), listed → as is, anything else → not ok (the
 * caller answers 403). Without configured websites nothing is ok: a route
 * that names a website is forwarded for a configured one only.
 */
export function pinWebsite(
  value: unknown,
  websites: readonly string[],
): { ok: true; value: unknown } | { ok: false } {
  if (websites.length === 0) return { ok: false };
  if (value === undefined || value === null || value === '')
    return { ok: true, value: websites[0] };
  return typeof value === 'string' && websites.includes(value)
    ? { ok: true, value }
    : { ok: false };
}

/** JSON with object keys sorted at every depth: the same search in any key order gives one cache key. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .filter((k) => value[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
