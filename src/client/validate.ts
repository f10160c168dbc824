/**
 * Checks made by `createClient` before sending (the widget path skips them;
 * the server checks again anyway). A failure is a `ValidationError` naming
 * each bad field, with `response` undefined: nothing was sent.
 */
import { ValidationError, type RequestInfo } from './errors.js';
import { TARGET_AUDIENCES, WEBSITE_TYPES } from './website-values.js';

type Fields = Record<string, string[]>;

const ADSLOT_TYPES = ['filter', 'manual'];
const SID = /^[A-Za-z0-9_-]{0,32}$/;

/** An integer in lo..hi (a query value may be a string of digits). */
const int = (v: unknown, lo: number, hi: number, query?: boolean) => {
  const n = query && typeof v == 'string' && /^\d+$/.test(v) ? +v : v;
  return Number.isInteger(n) && (n as number) >= lo && (n as number) <= hi;
};
/** Whether `v` is an absolute http(s) URL. */
export function isHttpUrl(v: unknown): boolean {
  try {
    return typeof v == 'string' && /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
}

function check(fields: Fields, name: string, value: unknown, ok: boolean, message: string) {
  if (value != null && !ok) (fields[name] ??= []).push(message);
}

function checkPaging(fields: Fields, src?: Record<string, unknown>, query?: boolean) {
  check(fields, 'page', src?.page, int(src?.page, 1, Infinity, query), 'must be an integer ≥ 1');
  check(
    fields,
    'page_size',
    src?.page_size,
    int(src?.page_size, 1, 100, query),
    'must be an integer from 1 to 100',
  );
}

const oneOf = (list: readonly string[]) => `must be one of ${list.join(', ')}`;

/**
 * The problems of one call of the route `key` (`'<area>.<helper>'`), by field.
 * Fields that are absent (or null) are not checked: required fields are the server's
 * business.
 */
export function callProblems(key: string, query?: object, body?: unknown): Fields {
  const fields: Fields = {};
  checkPaging(fields, query as Record<string, unknown>, true);
  if (!body || typeof body != 'object' || Array.isArray(body)) return fields;
  const b = body as Record<string, unknown>;
  if (key.startsWith('websites.')) {
    check(fields, 'type', b.type, WEBSITE_TYPES.includes(b.type as never), oneOf(WEBSITE_TYPES));
    check(
      fields,
      'target_audience',
      b.target_audience,
      TARGET_AUDIENCES.includes(b.target_audience as never),
      'must be a country code of spec §2.5',
    );
  }
  if (key.startsWith('adslots.'))
    check(fields, 'type', b.type, ADSLOT_TYPES.includes(b.type as string), oneOf(ADSLOT_TYPES));
  if (key.startsWith('products.search')) checkPaging(fields, b);
  if (key.endsWith('.trackingLink')) {
    check(
      fields,
      'sid',
      b.sid,
      typeof b.sid == 'string' && SID.test(b.sid),
      'must be at most 32 of A-Z a-z 0-9 _ -',
    );
    check(
      fields,
      'deep_link',
      b.deep_link,
      isHttpUrl(b.deep_link),
      'must be an absolute http(s) URL',
    );
  }
  check(
    fields,
    'click_session_lifespan',
    b.click_session_lifespan,
    int(b.click_session_lifespan, 1, 365),
    'must be an integer from 1 to 365',
  );
  return fields;
}

/**
 * Throws a `ValidationError` (nothing sent) when {@link callProblems} finds any.
 */
export function validateCall(key: string, request: RequestInfo, query?: object, body?: unknown) {
  const fields = callProblems(key, query, body);
  const names = Object.keys(fields);
  if (names.length)
    throw new ValidationError(
      request,
      400,
      fields,
      undefined,
      `Invalid ${names.join(', ')} (request not sent)`,
    );
}
