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

/** An integer in min..max (a query value may be a string of digits). */
const int = (value: unknown, min: number, max: number, query?: boolean) => {
  const candidate = query && typeof value == 'string' && /^\d+$/.test(value) ? +value : value;
  return (
    Number.isInteger(candidate) && (candidate as number) >= min && (candidate as number) <= max
  );
};
/** Whether `value` is an absolute http(s) URL. */
export function isHttpUrl(value: unknown): boolean {
  try {
    return typeof value == 'string' && /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

function check(fields: Fields, name: string, value: unknown, ok: boolean, message: string) {
  if (value != null && !ok) (fields[name] ??= []).push(message);
}

function checkPaging(fields: Fields, source?: Record<string, unknown>, query?: boolean) {
  check(
    fields,
    'page',
    source?.page,
    int(source?.page, 1, Infinity, query),
    'must be an integer ≥ 1',
  );
  check(
    fields,
    'page_size',
    source?.page_size,
    int(source?.page_size, 1, 100, query),
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
  const data = body as Record<string, unknown>;
  if (key.startsWith('websites.')) {
    check(
      fields,
      'type',
      data.type,
      WEBSITE_TYPES.includes(data.type as never),
      oneOf(WEBSITE_TYPES),
    );
    check(
      fields,
      'target_audience',
      data.target_audience,
      TARGET_AUDIENCES.includes(data.target_audience as never),
      'must be a country code of spec §2.5',
    );
  }
  if (key.startsWith('adslots.'))
    check(
      fields,
      'type',
      data.type,
      ADSLOT_TYPES.includes(data.type as string),
      oneOf(ADSLOT_TYPES),
    );
  if (key.startsWith('products.search')) checkPaging(fields, data);
  if (key.endsWith('.trackingLink')) {
    check(
      fields,
      'sid',
      data.sid,
      typeof data.sid == 'string' && SID.test(data.sid),
      'must be at most 32 of A-Z a-z 0-9 _ -',
    );
    check(
      fields,
      'deep_link',
      data.deep_link,
      isHttpUrl(data.deep_link),
      'must be an absolute http(s) URL',
    );
  }
  check(
    fields,
    'click_session_lifespan',
    data.click_session_lifespan,
    int(data.click_session_lifespan, 1, 365),
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
