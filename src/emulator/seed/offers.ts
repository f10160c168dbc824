/** ≥ 40 offers with every field of spec §2.2, and their goals. */
import { known } from '../known.js';
import { OFFER_CATEGORIES } from '../reference/index.js';
import type { Rng } from '../prng.js';
import type { GoalRec, OfferRec } from '../state.js';
import { daysAgo, iso } from './dates.js';
import { MERCHANTS, type Merchant } from './merchants.js';

const GEO = ['PL', 'DE', 'CZ', 'SK', 'GB', 'US', 'FR', 'ES', 'IT', 'RO', 'HU', 'AT'];
const LIFESPANS = [1, 7, 14, 30, 30, 30, 45, 60, 90, 365];

/** Fixed ids for the well-known offers, by merchant index. */
const FIXED_IDS: Record<number, string> = {
  0: known.offers[0],
  1: known.offers[1],
  2: known.offers[2],
  3: known.pausedOffer,
  4: known.closedOffer,
};

/**
 * The first offer enforces Poland, the second only targets it (known.ts): what a reader
 * abroad meets (api-contract §16). Set over what was drawn, so no other seeded value moves.
 */
const GEO_FIXED: Record<number, Pick<OfferRec, 'enforce_geo_targeting' | 'geo_targets'>> = {
  0: { enforce_geo_targeting: true, geo_targets: ['PL'] },
  1: { enforce_geo_targeting: false, geo_targets: ['PL'] },
};

function status(i: number, rng: Rng): OfferRec['status'] {
  if (i === 3) return 'paused';
  if (i === 4) return 'closed';
  if (i < 12) return 'active';
  const r = rng.next();
  return r < 0.12 ? 'paused' : r < 0.22 ? 'closed' : 'active';
}

function money(currency: string, amount: number): string {
  return `${currency} ${amount.toFixed(2)}`;
}

function offer(m: Merchant, i: number, rng: Rng): OfferRec {
  const second = rng.chance(0.4) ? rng.pick(OFFER_CATEGORIES).category : m.category;
  const salePercent = rng.int(2, 12);
  const lead = rng.chance(0.3) ? rng.int(5, 40) : null;
  const clicks = rng.int(200, 50_000);
  const conversions = Math.round(clicks * (rng.int(5, 60) / 1000));
  return {
    id: FIXED_IDS[i] ?? rng.uuid(),
    title: m.name,
    description:
      `${m.name} (${OFFER_CATEGORIES.find((c) => c.category === m.category)?.category_name ?? m.category}). ` +
      `Promote its catalogue and earn ${salePercent}% on every approved sale within the cookie window.`,
    excerpt: rng.chance(0.85) ? `${salePercent}% per sale at ${m.name}` : null,
    terms: rng.chance(0.7)
      ? 'No brand bidding. No cashback without approval. Coupons only from the offer page.'
      : null,
    preview_url: `https://www.${m.domain}/`,
    domain: m.domain,
    categories: [...new Set([m.category, second])],
    click_session_lifespan: i === 0 ? 30 : rng.pick(LIFESPANS),
    cpc_rate: rng.chance(0.3) ? money(m.currency, rng.int(5, 80) / 100) : null,
    created_at: iso(daysAgo(rng, 900, 60)),
    currency: m.currency,
    enforce_geo_targeting: rng.chance(0.35),
    geo_targets: i === 0 ? ['PL', 'DE', 'CZ'] : rng.sample(GEO, rng.int(1, 5)),
    goals:
      lead === null
        ? `Sale: ${salePercent}%`
        : `Sale: ${salePercent}% | Lead: ${money(m.currency, lead)}`,
    has_coupons: rng.chance(0.4),
    has_products: m.products,
    is_access_limited: rng.chance(0.2) ? 'yes' : 'no',
    is_featured: i < 3 || rng.chance(0.15),
    offer_access: rng.chance(0.25) ? 'approval_required' : 'public',
    policy_cashback: rng.chance(0.5),
    policy_coupons: rng.chance(0.6),
    policy_email_marketing: rng.chance(0.5),
    policy_incentivized: m.category !== 'finance' && rng.chance(0.2),
    policy_search_marketing: rng.chance(0.3),
    policy_social_media: rng.chance(0.8),
    stats: {
      clicks_30d: clicks,
      conversions_30d: conversions,
      conversion_rate: Math.round((conversions / clicks) * 10_000) / 100,
      epc: money(m.currency, rng.int(5, 250) / 100),
      approval_rate: rng.int(55, 98),
    },
    status: status(i, rng),
  };
}

export function seedOffers(rng: Rng): { offers: OfferRec[]; goals: GoalRec[] } {
  const offers = MERCHANTS.map((m, i) => ({ ...offer(m, i, rng), ...GEO_FIXED[i] }));
  const goals: GoalRec[] = [];
  for (const o of offers) {
    for (const part of o.goals.split(' | ')) {
      const [title = 'Sale', payout = ''] = part.split(': ');
      goals.push({
        id: rng.uuid(),
        offer: o.id,
        title: `${o.title}: ${title}`,
        type: title === 'Lead' ? 'lead' : 'sale',
        payout,
      });
    }
  }
  return { offers, goals };
}
