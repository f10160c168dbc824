/**
 * The per-page detect cache: each merchant host is asked about once per API
 * and website (`GET /publisher/offers/detect/?url=`), however many links
 * point to it and however many `autolink()` calls run, and the answer (a
 * 404 included: no offer) is kept for the page. A failed request is not
 * kept, so the host is asked again on the next chance.
 */
import type { Core } from '../client/core.js';
import { offersRoutes } from '../client/routes/offers.js';
import { onReset } from '../page/env.js';
import { pageShared } from '../page/page.js';
import { isObject } from '../page/safe-url.js';

const detectRoute = offersRoutes['offers.detect'];

/** Offer id by `api host`, `undefined` for a host with no offer: settled answers only. */
const known = pageShared('detect', () => new Map<string, string | undefined>());
onReset(() => known.clear());

const idOf = (core: Core, host: string) => `${core.baseUrl} ${host}`;

/** Whether the answer for `host` is known. */
export const isDetected = (core: Core, host: string): boolean => known.has(idOf(core, host));

/** Whether `host` is known to have no offer (a click on its links need not wait). */
export const hasNoOffer = (core: Core, host: string): boolean =>
  isDetected(core, host) && known.get(idOf(core, host)) === undefined;

/**
 * The id of the offer for `host` (`https://host/` is asked about: the host,
 * not the reader's page, decides), or `undefined` when it has none. Callers
 * asking at once share one request (the core's in-flight sharing), each with
 * its own `signal`. Rejects on a failed request, or with the signal's reason.
 */
export async function detectOffer(
  core: Core,
  host: string,
  signal: AbortSignal,
): Promise<string | undefined> {
  const id = idOf(core, host);
  if (known.has(id)) return known.get(id);
  let offer: string | undefined;
  try {
    const found = await core.request(detectRoute, { query: { url: `https://${host}/` }, signal });
    if (isObject(found) && typeof found.id == 'string') offer = found.id;
  } catch (error) {
    // By name: the core may be the widgets' file's, whose error classes are its own.
    if ((error as Error)?.name != 'NotFoundError') throw error;
  }
  known.set(id, offer);
  return offer;
}
