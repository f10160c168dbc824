/**
 * No open redirect through the publisher's account (api-contract §13): a
 * tracking link's `deep_link` and `traffic_back_url`, when given, lead to the
 * offer's own site, or to a host the publisher listed (`deepLinkHosts`).
 * Anything else is refused with a 400 naming the field before the
 * tracking-link route is called.
 *
 * The offer's site is the host of its `preview_url`; a product's is the host
 * of its own `direct_link` (else its offer's). They are read through the
 * proxy's one read path, as a widget would read them (`offers.get`, the
 * placed-product search), so the cache answers them: one upstream read per
 * offer or product per TTL, charged to the client that caused it.
 */
import { placedProductSearch } from '../../client/product-search.js';
import { failed } from '../read/read-cache.js';
import { type Caller, type Read, type ReadPath } from '../read/read-path.js';
import { ownAnswer } from '../read/upstream.js';
import type { ReadRequest, SignalSource } from '../read/read-path.js';
import { allowedRoute, type WidgetRouteKey } from '../policy/allow-list.js';
import { hostOf, onSite } from '../policy/link-hosts.js';
import { prepareBody, prepareQuery } from '../policy/prepare.js';
import { isHttpUrl, isObject, type JsonObject } from '../policy/validate-body.js';

/** What the check needs from the proxy. */
export interface LinkSiteContext {
  reads: ReadPath;
  websites: readonly string[];
  /** Hosts allowed besides the offer's site (lower case, no trailing dot). */
  deepLinkHosts: readonly string[];
}

const FIELDS = ['deep_link', 'traffic_back_url'] as const;
const FOREIGN = "Links may only lead to the offer's own site, or to a host this proxy allows.";
const UNKNOWN = "The offer's site is not known, so no link can be checked against it.";

const refusal = (errors: Record<string, string[]>, note: string): Read => ({
  answer: { status: 400, body: JSON.stringify(errors), upstream: false, note },
  cache: '-',
  note,
});

function parseObject(text: string | null | undefined): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A site's host, the answer to pass on instead (a failed read), or `null`: none known. */
type Site = { host: string | null } | { instead: Read };

/**
 * Reads `key` as a widget would and gives its JSON object, or the read to
 * answer instead (upstream failed, the client is over its rate, a 4xx).
 */
async function readObject(
  context: LinkSiteContext,
  key: WidgetRouteKey,
  params: Record<string, string>,
  query: Record<string, string>,
  body: JsonObject | undefined,
  signal: SignalSource,
  caller: Caller,
): Promise<{ value: JsonObject | undefined } | { instead: Read }> {
  const route = allowedRoute(key, params);
  if (!route) return { value: undefined };
  const prepared = prepareQuery(route, new URLSearchParams(query), context.websites);
  const text = body && prepareBody(route, body, context.websites);
  if (prepared instanceof Response || text instanceof Response) return { value: undefined };
  const read = await context.reads.route({ route, query: prepared, body: text }, signal, caller);
  const { status } = read.answer;
  if (failed(read.answer) || status === 499 || status === 429 || status === 404)
    return { instead: { ...read, cache: '-' } };
  return { value: status >= 200 && status < 300 ? parseObject(read.answer.body) : undefined };
}

const linkHost = (value: unknown) => (isHttpUrl(value) ? (hostOf(value) ?? null) : null);

async function offerSite(
  context: LinkSiteContext,
  uuid: string,
  signal: SignalSource,
  caller: Caller,
): Promise<Site> {
  const offer = await readObject(context, 'offers.get', { uuid }, {}, undefined, signal, caller);
  if ('instead' in offer) return offer;
  return { host: linkHost(offer.value?.preview_url) };
}

async function productSite(
  context: LinkSiteContext,
  id: string,
  website: unknown,
  signal: SignalSource,
  caller: Caller,
): Promise<Site> {
  // The search a manual slot with this one product makes: the same cache entry.
  const search = placedProductSearch([{ item_type: 'product', token: id }])!;
  const query: Record<string, string> = typeof website === 'string' ? { key: website } : {};
  const page = await readObject(
    context,
    'products.search',
    {},
    query,
    { ...search },
    signal,
    caller,
  );
  if ('instead' in page) return page;
  const results = Array.isArray(page.value?.results) ? page.value.results : [];
  const product = results.find(
    (result): result is JsonObject => isObject(result) && result.id === id,
  );
  if (!product) {
    const note = 'no such product';
    return { instead: { answer: ownAnswer(404, 'Not found.', note), cache: '-', note } };
  }
  const direct = linkHost(product.direct_link);
  if (direct) return { host: direct };
  const offer = product.offer_id;
  return typeof offer === 'string' && offer !== ''
    ? offerSite(context, offer, signal, caller)
    : { host: null };
}

/**
 * The answer refusing the tracking-link `read` (400 naming each field that
 * leads off the offer's site, or the failure of reading that site), or
 * `undefined` when it may go upstream. Never rejects.
 */
export async function checkLinkSite(
  context: LinkSiteContext,
  read: ReadRequest,
  signal: SignalSource,
  caller: Caller,
): Promise<Read | undefined> {
  const body = parseObject(read.body);
  if (!body) return undefined;
  const wanted = FIELDS.flatMap((field) => {
    const value = body[field];
    if (typeof value !== 'string') return [];
    const host = hostOf(value);
    // A host the publisher listed needs no read.
    return host !== undefined && context.deepLinkHosts.includes(host) ? [] : [{ field, host }];
  });
  if (!wanted.length) return undefined;

  const { route } = read;
  const site =
    route.key === 'products.trackingLink'
      ? await productSite(context, route.params.id, body.website, signal, caller)
      : await offerSite(context, route.params.uuid, signal, caller);
  if ('instead' in site) return site.instead;
  const errors: Record<string, string[]> = {};
  for (const { field, host } of wanted)
    if (!site.host || !host || !onSite(host, site.host))
      errors[field] = [site.host ? FOREIGN : UNKNOWN];
  return Object.keys(errors).length ? refusal(errors, 'link off the offer site') : undefined;
}
