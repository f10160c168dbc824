/** Offer records → wire shapes: the list summary and the detailed item. */
import type { Offer } from '../../client/types.js';
import type { Ctx } from '../context.js';
import { country, currency, OFFER_CATEGORIES, STATUS_NAMES } from '../reference/index.js';
import type { OfferRec } from '../state.js';

export function categoryDetails(codes: readonly string[], all = OFFER_CATEGORIES) {
  return codes.flatMap((code) => all.filter((c) => c.category === code));
}

export function offerLogo(ctx: Ctx, id: string): string {
  return `${ctx.origin}/images/offer-${id}.svg?w=80`;
}

/** Lists return a summary (api-contract §1). */
export function offerSummary(o: OfferRec, ctx: Ctx): Offer {
  return {
    id: o.id,
    title: o.title,
    excerpt: o.excerpt,
    preview_url: o.preview_url,
    categories: o.categories,
    click_session_lifespan: o.click_session_lifespan,
    cpc_rate: o.cpc_rate,
    currency: o.currency,
    goals: o.goals,
    has_coupons: o.has_coupons,
    has_products: o.has_products,
    is_featured: o.is_featured,
    logo_thumbnail: offerLogo(ctx, o.id),
    offer_access: o.offer_access,
    status: o.status,
    status_name: STATUS_NAMES[o.status] ?? o.status,
  };
}

/** A single GET returns every field of spec §2.2. */
export function offerDetail(o: OfferRec, ctx: Ctx): Offer {
  const fields: Partial<OfferRec> = { ...o };
  delete fields.domain; // internal: the merchant host used by `detect`
  return {
    ...fields,
    categories_details: categoryDetails(o.categories),
    currency_details: currency(o.currency) ?? null,
    geo_targets_details: o.geo_targets.map((code) => {
      const c = country(code);
      return { country: code, country_name: c?.name ?? code, id: c?.id ?? 0 };
    }),
    logo_thumbnail: offerLogo(ctx, o.id),
    status_name: STATUS_NAMES[o.status] ?? o.status,
  };
}

export function offerRef(o: OfferRec | undefined) {
  return o ? { id: o.id, title: o.title, currency: o.currency } : null;
}
