/**
 * The public token pages: `{token}` is a website guid (api-contract §2), no
 * Authorization. The black-friday ones answer a title and a few offers/products;
 * the payday-loans page a JSON array of loan offers (api-contract §9). Their links
 * are attributed to that website.
 */
import type { promoRoutes } from '../../client/routes/index.js';
import { clickUrl } from '../click-codes.js';
import { param, type Ctx, type HandlersFor } from '../context.js';
import { fail, notFound } from '../errors.js';
import { json } from '../http.js';
import { presentLoan } from '../present/loans.js';
import { offerSummary } from '../present/offers.js';
import { presentProduct } from '../present/products.js';
import { searchProducts } from '../product-search.js';
import type { OfferRec, WebsiteRec } from '../state.js';
import { findWebsite } from '../tracking-links.js';

function site(ctx: Ctx): WebsiteRec {
  return findWebsite(ctx, param(ctx, 'token')) ?? fail(notFound());
}

function promoOffer(ctx: Ctx, o: OfferRec, w: WebsiteRec) {
  const tracking_link = clickUrl(ctx.state.clickTargets, ctx.origin, {
    kind: 'offer',
    id: o.id,
    website: w.id,
  });
  return { ...offerSummary(o, ctx), tracking_link };
}

const activeOffers = (ctx: Ctx) => ctx.state.offers.filter((o) => o.status === 'active');

export const promoHandlers = {
  'promo.getBlackFriday': (ctx) => {
    const w = site(ctx);
    const deals = searchProducts(ctx.state.products, {
      filters: [{ discount: { lookup: 'gt', value: 30 } }],
      ordering: '-discount',
    }).slice(0, 12);
    return json({
      title: 'Black Friday',
      website: { guid: w.guid, url: w.url },
      offers: activeOffers(ctx)
        .filter((o) => o.is_featured)
        .slice(0, 6)
        .map((o) => promoOffer(ctx, o, w)),
      products: deals.map((p) => presentProduct(p, ctx, w.id)),
    });
  },
  'promo.getBlackFridayLegacy': (ctx) => {
    // The legacy page: one flat list of links.
    const w = site(ctx);
    return json({
      title: 'Black Friday (legacy)',
      website_key: w.guid,
      items: activeOffers(ctx)
        .slice(0, 8)
        .map((o) => {
          const p = promoOffer(ctx, o, w);
          return { id: o.id, title: o.title, logo: p.logo_thumbnail, url: p.tracking_link };
        }),
    });
  },
  'promo.getPaydayLoans': (ctx) => {
    // The same lenders for every website; only the tracking links are its own.
    const w = site(ctx);
    return json(ctx.state.loans.map((l) => presentLoan(l, ctx, w.id)));
  },
} satisfies HandlersFor<typeof promoRoutes>;
