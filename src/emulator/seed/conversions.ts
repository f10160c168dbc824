/** ≥ 250 conversions across pending/approved/rejected, and CPC conversions. */
import { known } from '../known.js';
import { RATES_TO_PLN } from '../reference/index.js';
import type { Rng } from '../prng.js';
import type { ConversionRec, GoalRec, Loose, OfferRec, WebsiteRec } from '../state.js';
import { addDays, daysAgo, iso, isoDate } from './dates.js';

export const CONVERSION_COUNT = 260;
const CPC_COUNT = 60;
const REJECTIONS = [
  'Order returned',
  'Duplicate order',
  'Order cancelled by customer',
  'Fraud suspected',
];

function status(rng: Rng): ConversionRec['status'] {
  const r = rng.next();
  return r < 0.4 ? 'pending' : r < 0.85 ? 'approved' : 'rejected';
}

export function seedConversions(
  rng: Rng,
  offers: readonly OfferRec[],
  goals: readonly GoalRec[],
  websites: readonly WebsiteRec[],
): { conversions: ConversionRec[]; cpcConversions: Loose[] } {
  const live = offers.filter((o) => o.status !== 'closed');
  const sites = websites.filter((w) => w.status === 'active' || w.status === 'suspended');
  const conversions: ConversionRec[] = [];
  for (let i = 0; i < CONVERSION_COUNT; i++) {
    const offer = rng.pick(live);
    const goal = rng.pick(goals.filter((g) => g.offer === offer.id));
    const created = daysAgo(rng, 300);
    const clickEnd = created - rng.int(1, 60 * 24 * 10) * 60_000;
    const st = i === 0 ? 'approved' : status(rng);
    const income = Math.round(rng.int(100, 25_000)) / 100;
    const group = rng.chance(0.7) ? 'Default' : `${offer.title} VIP`;
    conversions.push({
      id: i === 0 ? known.conversion : rng.uuid(),
      offer: offer.id,
      website: rng.pick(sites).id,
      goal: goal.id,
      commission_group: `cg-${group.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
      commission_group_title: group,
      created_at: iso(created),
      click_start_date: iso(clickEnd - rng.int(0, 120) * 60_000),
      click_end_date: iso(clickEnd),
      clicks_num: String(rng.int(1, 6)),
      currency: offer.currency,
      publisher_income: income,
      base_publisher_income: Math.round(income * (RATES_TO_PLN[offer.currency] ?? 1) * 100) / 100,
      is_paid: st === 'approved' && created < daysAgo(rng, 120, 90),
      processed_at: st === 'pending' ? null : iso(addDays(created, rng.int(3, 45))),
      status: st,
      status_message:
        st === 'rejected'
          ? rng.pick(REJECTIONS)
          : st === 'approved'
            ? 'Approved by advertiser'
            : null,
    });
  }
  // Newest first, as the real lists are; id breaks ties so paging is stable.
  conversions.sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));

  const cpcOffers = offers.filter((o) => o.cpc_rate !== null);
  const cpcConversions: Loose[] = [];
  for (let i = 0; i < CPC_COUNT; i++) {
    const offer = rng.pick(cpcOffers);
    const clicks = rng.int(5, 900);
    const rate = Number((offer.cpc_rate ?? '0 0').split(' ')[1]);
    const day = daysAgo(rng, 200);
    cpcConversions.push({
      id: i === 0 ? known.cpcConversion : rng.uuid(),
      date: isoDate(day),
      created_at: iso(day),
      offer: offer.id,
      offer_title: offer.title,
      website: rng.pick(sites).id,
      clicks,
      unique_clicks: Math.round(clicks * 0.8),
      cpc_rate: offer.cpc_rate,
      currency: offer.currency,
      publisher_income: Math.round(clicks * rate * 100) / 100,
      status: rng.pick(['pending', 'approved', 'approved', 'rejected']),
    });
  }
  cpcConversions.sort((a, b) => String(b.date).localeCompare(String(a.date)));
  return { conversions, cpcConversions };
}
