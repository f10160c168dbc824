/**
 * What the proxy forwards for an allowed route: the query parameters its
 * policy names and a checked body, with the website pinned (allow-list.ts),
 * or the answer refusing them. A page's request and the proxy's own calls
 * (compose.ts) are prepared by the same functions, so the same read gives the
 * same cache key whoever makes it.
 */
import type { AllowedRoute } from './allow-list.js';
import { MAX_REQUEST_BODY, readText, TooLarge } from '../http/body.js';
import { detail, json } from '../http/respond.js';
import {
  canonicalJson,
  isHttpUrl,
  parseObject,
  pinWebsite,
  SID,
  SID_MESSAGE,
  validateBody,
  type JsonObject,
} from './validate-body.js';

/** One read of an allowed route as it goes upstream: its query (sorted) and body (canonical JSON). */
export interface RouteRead {
  route: AllowedRoute;
  query: URLSearchParams;
  body?: string;
}

/** What a composed route (`policy.compose`) is composed for: the website key and the SubID. */
export interface Composition {
  /** The pinned `?key=`; absent: the slot's own website, if the proxy serves it. */
  key?: string;
  sid?: string;
}

const FORBIDDEN_WEBSITE = 'This website key is not served by this proxy.';
const NO_WEBSITE =
  'This proxy is configured with no website key: it forwards no route that names one.';

/** The 403 of a website the proxy does not serve (or of any, when it serves none). */
function forbidden(websites: readonly string[]): Response {
  return detail(403, websites.length ? FORBIDDEN_WEBSITE : NO_WEBSITE);
}

/**
 * The largest `page_size` forwarded (api-contract §13): a larger one is
 * clamped to it before the call, so the clamped request is the cache key.
 */
export const MAX_PAGE_SIZE = 48;

/**
 * A `page_size` (a number, or digits) clamped to {@link MAX_PAGE_SIZE} when it
 * is a whole number above it; anything else as it is (upstream answers its
 * own 400).
 */
function clampPageSize(value: unknown): unknown {
  const digits = typeof value === 'string' && /^\d+$/.test(value);
  const n = typeof value === 'number' ? value : digits ? Number(value) : NaN;
  return Number.isInteger(n) && n > MAX_PAGE_SIZE ? MAX_PAGE_SIZE : value;
}

/** The query to forward from `params`, checked and pinned, sorted; or the refusal. */
export function prepareQuery(
  route: AllowedRoute,
  params: URLSearchParams,
  websites: readonly string[],
): URLSearchParams | Response {
  const { policy } = route;
  const query = new URLSearchParams();
  for (const name of policy.query) {
    const value = params.get(name);
    if (value !== null)
      query.set(name, name === 'page_size' ? String(clampPageSize(value)) : value);
  }
  if (route.key === 'offers.detect' && !isHttpUrl(query.get('url')))
    return json(400, { url: ['Enter an absolute http(s) URL.'] });
  if (policy.pin === 'key') {
    const pinned = pinWebsite(query.get('key'), websites);
    if (!pinned.ok) return forbidden(websites);
    if (typeof pinned.value === 'string') query.set('key', pinned.value);
  }
  if (policy.pin === 'token' && !pinWebsite(route.params.token, websites).ok)
    return forbidden(websites);
  query.sort();
  return query;
}

/** The body to forward from a parsed JSON object, checked and pinned, as canonical JSON; or the refusal. */
export function prepareBody(
  route: AllowedRoute,
  value: JsonObject,
  websites: readonly string[],
): string | Response {
  const { policy } = route;
  if (!policy.body) return json(400, { non_field_errors: ['This route takes no body.'] });
  const checked = validateBody(policy.body, value);
  if (checked.errors) return json(400, checked.errors);
  const body = { ...checked.body };
  if (policy.body === 'search' && body.page_size !== undefined)
    body.page_size = clampPageSize(body.page_size);
  if (policy.pin === 'body') {
    const pinned = pinWebsite(body.website, websites);
    if (!pinned.ok) return forbidden(websites);
    if (pinned.value !== undefined) body.website = pinned.value;
  }
  // Canonical JSON: key order does not change the cache key (nor the upstream call).
  return canonicalJson(body);
}

/** `?key=` and `?sid=` of a composed route, checked; or the refusal. */
function prepareComposition(
  params: URLSearchParams,
  websites: readonly string[],
): Composition | Response {
  const sid = params.get('sid');
  if (sid !== null && !SID.test(sid)) return json(400, { sid: [SID_MESSAGE] });
  const key = params.get('key') || undefined;
  // Pinned like every other `?key=`, except that an absent key is decided by the slot itself.
  if (key !== undefined && !pinWebsite(key, websites).ok) return forbidden(websites);
  return { key, sid: sid ?? undefined };
}

/** A prepared read: query and body, and what a composed route is composed for. */
export type PreparedRead = RouteRead & { composition?: Composition };

/**
 * A page's request for a `route` that takes no body, prepared: query and
 * composition; or the answer refusing it. Synchronous: a cache hit of such a
 * route waits for nothing.
 */
export function prepareRead(
  url: URL,
  route: AllowedRoute,
  websites: readonly string[],
): PreparedRead | Response {
  const query = prepareQuery(route, url.searchParams, websites);
  if (query instanceof Response) return query;
  if (route.policy.compose) {
    const composition = prepareComposition(url.searchParams, websites);
    if (composition instanceof Response) return composition;
    return { route, query, composition };
  }
  return { route, query };
}

/** A page's request prepared for `route`: query, body and composition; or the answer refusing it. */
export async function prepareRequest(
  request: Request,
  url: URL,
  route: AllowedRoute,
  websites: readonly string[],
): Promise<PreparedRead | Response> {
  const read = prepareRead(url, route, websites);
  if (read instanceof Response || read.composition || !route.policy.body) return read;
  const { query } = read;

  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_REQUEST_BODY) return tooLarge();
  let text: string;
  try {
    text = await readText(request.body, MAX_REQUEST_BODY);
  } catch (error) {
    if (error instanceof TooLarge) return tooLarge();
    return json(400, { non_field_errors: ['The body could not be read.'] });
  }
  const parsed = parseObject(text.trim() === '' ? '{}' : text);
  if ('errors' in parsed) return json(400, parsed.errors);
  const body = prepareBody(route, parsed.value, websites);
  if (body instanceof Response) return body;
  return { route, query, body };
}

function tooLarge(): Response {
  return detail(413, `The body is larger than ${MAX_REQUEST_BODY} bytes.`);
}
