/** Conversion records → wire shape (spec §2.4). */
import type { Conversion } from '../../client/types.js';
import { currency, STATUS_NAMES } from '../reference/index.js';
import type { ConversionRec, State } from '../state.js';
import { offerRef } from './offers.js';
import { websiteRef } from './websites.js';

export function presentConversion(c: ConversionRec, state: State): Conversion {
  const goal = state.goals.find((g) => g.id === c.goal);
  return {
    ...c,
    commission_group_details: { id: c.commission_group, title: c.commission_group_title },
    currency_details: currency(c.currency) ?? null,
    goal_details: goal
      ? { id: goal.id, title: goal.title, type: goal.type, payout: goal.payout }
      : null,
    offer_details: offerRef(state.offers.find((o) => o.id === c.offer)),
    status_name: STATUS_NAMES[c.status] ?? c.status,
    website_details: websiteRef(state.websites.find((w) => w.id === c.website)),
  };
}

/** Lists return a summary: the offer and website named, the other details left out. */
export function conversionSummary(c: ConversionRec, state: State): Conversion {
  const full = presentConversion(c, state);
  delete full.goal_details;
  delete full.commission_group_details;
  delete full.currency_details;
  return full;
}
