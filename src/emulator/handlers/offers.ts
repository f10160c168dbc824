/** `/publisher/offers/...`: list, detect, find, retrieve, tracking link. */
import type { offersRoutes } from '../../client/routes/index.js';
import { param, type Ctx, type HandlersFor } from '../context.js';
import { badRequest, fail, invalid, notFound } from '../errors.js';
import { isHttpUrl, json, matchesQuery } from '../http.js';
import { paginate } from '../paginate.js';
import { offerDetail, offerSummary } from '../present/offers.js';
import type { OfferRec } from '../state.js';
import { findOr404 } from '../store.js';
import { trackingLink } from '../tracking-links.js';

export function findOffer(ctx: Ctx, id: string): OfferRec {
  return findOr404(ctx.state.offers, (o) => o.id === id);
}

/** The offer whose merchant domain is the URL's host or a parent of it. */
function detect(ctx: Ctx): Response {
  const raw = ctx.url.searchParams.get('url');
  if (!raw) invalid('url', 'This field is required.');
  if (!isHttpUrl(raw)) invalid('url', 'Enter a valid absolute http(s) URL.');
  const host = new URL(raw as string).hostname.toLowerCase();
  const offer = ctx.state.offers.find((o) => host === o.domain || host.endsWith(`.${o.domain}`));
  return offer ? json(offerSummary(offer, ctx)) : notFound();
}

function list(ctx: Ctx): Response {
  const status = ctx.url.searchParams.get('status');
  const offers = status ? ctx.state.offers.filter((o) => o.status === status) : ctx.state.offers;
  return paginate(ctx.url, offers, (o) => offerSummary(o, ctx));
}

export const offersHandlers = {
  'offers.list': list,
  'offers.detect': detect,
  'offers.find': (ctx) => {
    const q = ctx.url.searchParams.get('q') ?? '';
    const hits = ctx.state.offers.filter((o) => matchesQuery(q, o.title, o.preview_url, o.domain));
    return paginate(ctx.url, hits, (o) => offerSummary(o, ctx));
  },
  'offers.get': (ctx) => json(offerDetail(findOffer(ctx, param(ctx, 'uuid')), ctx)),
  'offers.trackingLink': (ctx) => {
    const offer = findOffer(ctx, param(ctx, 'uuid'));
    if (offer.status === 'closed') {
      fail(badRequest({ non_field_errors: ['The offer is closed: no tracking links.'] }));
    }
    return trackingLink(ctx, 'offer', offer.id);
  },
} satisfies HandlersFor<typeof offersRoutes>;
