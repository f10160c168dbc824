/**
 * The composed ad slot answer (api-contract §10): the slot plus `_embedded`,
 * what it shows, so that a widget needs one round trip. Every part is read
 * through the proxy's one read path (read-path.ts) exactly as a widget would
 * ask for it itself — same route, query, body and so cache key — so the
 * proxy's cache and calls in flight are shared with widgets that do, and the
 * composition adds no route the allow-list does not already forward.
 *
 * The parts of one composition are read in parallel. A part upstream fails
 * for is left out (the widget then asks for it itself); a part the API
 * answers without data (a 404, no such product) is `null`.
 */
import { adslotProductSearch, placedProductSearch } from '../../client/product-search.js';
import type { Adslot, AdslotWidget } from '../../client/types.js';
import { allowedRoute, type WidgetRouteKey } from '../policy/allow-list.js';
import { prepareBody, prepareQuery, type Composition } from '../policy/prepare.js';
import { failed } from '../read/read-cache.js';
import type { Caller } from '../read/read-path.js';
import type { ReadPath, ReadRequest } from '../read/read-path.js';
import type { Answer } from '../read/upstream.js';
import { isHttpUrl, isObject, pinWebsite, type JsonObject } from '../policy/validate-body.js';

/** What a composition needs from the proxy. */
export interface ComposeContext {
  reads: ReadPath;
  /** The configured website guids (pinning). */
  websites: readonly string[];
  /** Removes the token from a text. */
  scrub: (text: string) => string;
}

/** The fields of a placed product a widget shows (the rest stays out of the answer). */
const PRODUCT_FIELDS = [
  'id',
  'title',
  'brand',
  'images',
  'price',
  'sale_price',
  'discount',
  'link',
] as const;

const stalePrefix = /^stale: /;

/**
 * The parts of one composition: each read like a widget's request, with
 * what was left out and whether any part was an expired entry.
 */
class Parts {
  /** The parts upstream failed for, with why (for the log). */
  readonly left: string[] = [];
  /** Why the first expired entry was used, if one was. */
  stale: string | undefined;
  readonly #context: ComposeContext;
  readonly #signal: AbortSignal;
  readonly #caller: Caller;

  constructor(context: ComposeContext, signal: AbortSignal, caller: Caller) {
    this.#context = context;
    this.#signal = signal;
    this.#caller = caller;
  }

  /**
   * The JSON object the route answers; `null` when the API answers without
   * one (or the proxy would refuse the request); `undefined` when it failed.
   */
  async read(
    name: string,
    key: WidgetRouteKey,
    params: Record<string, string>,
    query: Record<string, string>,
    body?: JsonObject,
  ): Promise<JsonObject | null | undefined> {
    const { websites, reads } = this.#context;
    const route = allowedRoute(key, params);
    if (!route) return null;
    const prepared = prepareQuery(route, new URLSearchParams(query), websites);
    const text = body && prepareBody(route, body, websites);
    if (prepared instanceof Response || text instanceof Response) return null;
    const read = await reads.route(
      { route, query: prepared, body: text },
      this.#signal,
      this.#caller,
    );
    const { answer } = read;
    if (read.cache === 'stale') this.stale ??= read.note?.replace(stalePrefix, '');
    if (failed(answer) || answer.status === 499) {
      this.left.push(`${name} (${answer.note ?? `upstream ${answer.status}`})`);
      return undefined;
    }
    return answer.status >= 200 && answer.status < 300 ? parseObject(answer.body) : null;
  }
}

function parseObject(text: string | null): JsonObject | null {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** The slot's own website guid, when the proxy serves it. */
function ownWebsite(adslot: JsonObject, websites: readonly string[]): string | undefined {
  const guid = isObject(adslot.website_details) ? adslot.website_details.guid : undefined;
  return typeof guid === 'string' && guid !== '' && pinWebsite(guid, websites).ok
    ? guid
    : undefined;
}

/** A `filter` slot's products: the answer of its own search (the widget's search). */
async function filterParts(parts: Parts, adslot: JsonObject, key: string) {
  let search;
  try {
    search = adslotProductSearch(adslot as Pick<Adslot, 'filters' | 'config'>);
  } catch {
    // Filter rows the widget could not read either: nothing to search.
    return { products: null };
  }
  const products = await parts.read('products', 'products.search', {}, { key }, { ...search });
  return products === undefined ? {} : { products };
}

/** A `manual` slot's entries, one per item of `widgets[]`, same order. */
async function manualParts(parts: Parts, adslot: JsonObject, key: string, sid?: string) {
  const items = (Array.isArray(adslot.widgets) ? adslot.widgets : []).map(
    (item: unknown): AdslotWidget => (isObject(item) ? item : {}),
  );
  // Every part starts before any is awaited: one round trip's time for all of them.
  const search = placedProductSearch(items);
  const placed = search
    ? parts.read('placed products', 'products.search', {}, { key }, { ...search })
    : undefined;
  const offers = new Map<string, Promise<JsonObject | null | undefined>>();
  const offer = (uuid: string) => {
    if (!offers.has(uuid))
      offers.set(uuid, parts.read(`offer ${uuid}`, 'offers.get', { uuid }, {}));
    return offers.get(uuid)!;
  };
  const linkBody = { website: key, ...(sid !== undefined && { sid }) };

  return Promise.all(
    items.map(async (item, index) => {
      const { item_type: type, token } = item;
      if ((type !== 'product' && type !== 'offer') || typeof token !== 'string' || token === '')
        return null;
      const product = type === 'product';
      const link = isHttpUrl(item.url)
        ? undefined
        : parts.read(
            `widgets[${index}].tracking_link`,
            product ? 'products.trackingLink' : 'offers.trackingLink',
            product ? { id: token } : { uuid: token },
            {},
            linkBody,
          );
      const details = product ? placed : offer(token);
      const [linked, found] = await Promise.all([link, details]);
      const entry: JsonObject = {};
      if (link && linked !== undefined) {
        const href = linked?.tracking_link;
        entry.tracking_link = isHttpUrl(href) ? href : null;
      }
      if (found !== undefined) {
        if (product) entry.product = placedProduct(found, token);
        else
          entry.offer = found && {
            id: found.id ?? null,
            title: found.title ?? null,
            logo_thumbnail: found.logo_thumbnail ?? null,
          };
      }
      return entry;
    }),
  );
}

/** The product `id` of a search answer, with the fields a widget shows; `null` when absent. */
function placedProduct(page: JsonObject | null, id: string): JsonObject | null {
  const results = Array.isArray(page?.results) ? page.results : [];
  const product = results.find(
    (result): result is JsonObject => isObject(result) && result.id === id,
  );
  if (!product) return null;
  return Object.fromEntries(
    PRODUCT_FIELDS.filter((field) => field in product).map((field) => [field, product[field]]),
  );
}

/**
 * The composed answer of the ad slot `slot` for `wanted`: the slot read
 * through the read path (an expired one answered at once and fetched again
 * in the background, the answer then not kept), then its parts in parallel. The slot's own failure
 * (or 4xx, or stale copy) is the answer as is; a slot that is neither `filter` nor `manual`,
 * or a key-less request for a website the proxy does not serve, is answered
 * plain. `caller.budget`: the rate limit of the client the composition is made for
 * (admitted already: its calls are counted, not refused). Never rejects.
 */
export async function composeAdslot(
  context: ComposeContext,
  slot: ReadRequest,
  wanted: Composition,
  signal: AbortSignal,
  caller: Caller = {},
): Promise<Answer> {
  // An expired slot config answers at once, fetched again in the background (api-contract §12).
  const read = await context.reads.route(slot, signal, caller, { revalidate: true });
  const { answer } = read;
  const slotStale = read.cache === 'stale' ? read.note?.replace(stalePrefix, '') : undefined;
  // A copy: the entry in the cache must not take the flags of this answer.
  const plain = (): Answer => ({ ...answer, ...(slotStale && { stale: slotStale }) });
  // A slot upstream failed for is answered as it is (its failure, or its stale copy): the
  // read path then prefers the last whole composition, and the parts are not asked for
  // while the API is failing.
  if (answer.status < 200 || answer.status >= 300 || slotStale) return plain();
  const adslot = parseObject(answer.body);
  const key = adslot && (wanted.key ?? ownWebsite(adslot, context.websites));
  if (!adslot || !key || (adslot.type !== 'filter' && adslot.type !== 'manual')) return plain();

  const parts = new Parts(context, signal, caller);
  const embedded =
    adslot.type === 'filter'
      ? await filterParts(parts, adslot, key)
      : { widgets: await manualParts(parts, adslot, key, wanted.sid) };
  const composed: Answer = {
    status: answer.status,
    // Each part was scrubbed already; the whole once more, as every answer is.
    body: context.scrub(JSON.stringify({ ...adslot, _embedded: embedded })),
    upstream: true,
  };
  if (parts.stale) composed.stale = parts.stale;
  const notes: string[] = [];
  if (parts.left.length) {
    composed.partial = parts.left.join(', ');
    notes.push(`left out: ${composed.partial}`);
  }
  if (read.revalidating) {
    // Not stored: the next view composes from the config the background call fetched.
    composed.revalidating = true;
    notes.push('revalidating slot config');
  }
  if (notes.length) composed.note = notes.join('; ');
  return composed;
}
