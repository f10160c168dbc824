/**
 * The proxy's own listing of the publisher's offers (`offers.list` of the route table, every
 * page), for the lexicon: calls of the proxy, under its cap on calls in flight and its
 * timeout, never charged to a visitor. Pages are read one after another, following `next`
 * (its query applied to the route's path, as the client does with a `next` outside its base),
 * until there is none, the entries are full, or {@link MAX_PAGES}.
 */
import { routes } from '../../client/routes/index.js';
import { isObject } from '../../page/safe-url.js';
import { callUpstream, ownAnswer, routeRequest, type Answer } from '../read/upstream.js';
import type { UpstreamContext } from '../read/upstream.js';

const LIST = routes['offers.list'];

/** Offers asked for a page: the emulator's largest (api-contract §4); the API may give fewer. */
export const PAGE_SIZE = 100;
/** The most pages read for one lexicon: 20,000 offers at 100 a page, ten times §15's entries. */
export const MAX_PAGES = 200;

/**
 * Reads the pages of the offer list, giving each page's `results` to `take`, which says
 * whether it has enough. Resolves with nothing when done, or with the answer that ended it:
 * a failed page (the proxy's own 502/503/504, upstream's 4xx or 5xx) or one that is no list.
 */
export async function listOffers(
  upstream: UpstreamContext,
  token: string,
  take: (results: readonly unknown[]) => boolean,
): Promise<Answer | undefined> {
  let query = new URLSearchParams({ page_size: String(PAGE_SIZE) });
  const seen = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page += 1) {
    seen.add(query.toString());
    const answer = await callUpstream(upstream, routeRequest(upstream, token, LIST, query));
    if (answer.status !== 200) return answer;
    let data: unknown;
    try {
      data = JSON.parse(answer.body ?? '');
    } catch {
      // reported below
    }
    if (!isObject(data) || !Array.isArray(data.results))
      return ownAnswer(502, 'The API answered something other than a list.', 'not a list');
    if (take(data.results)) return undefined;
    const next = typeof data.next === 'string' ? nextQuery(data.next) : undefined;
    if (!next || seen.has(next.toString())) return undefined;
    query = next;
  }
  return undefined;
}

/** The query of a `next` link (rewritten by the read layer to the proxy's public base). */
function nextQuery(next: string): URLSearchParams | undefined {
  try {
    return new URL(next, 'http://next.invalid/').searchParams;
  } catch {
    return undefined;
  }
}
