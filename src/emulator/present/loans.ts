/** Lender records → the payday-loans page's entries (api-contract §9). */
import type { PaydayLoanOffer } from '../../client/types.js';
import { clickUrl } from '../click-codes.js';
import type { Ctx } from '../context.js';
import { lenderUrl } from '../seed/loans.js';
import type { LoanRec } from '../state.js';

export function loanLogo(ctx: Ctx, domain: string): string {
  return `${ctx.origin}/images/loan-${domain}.svg?w=80`;
}

/**
 * One entry, its `tracking_link` attributed to `website` (an id): a click URL of the
 * emulator that records the click and lands on the lender's site (its `deep_link`).
 */
export function presentLoan(l: LoanRec, ctx: Ctx, website: string): PaydayLoanOffer {
  const { fixed, domain, title, ...terms } = l;
  const logo = fixed && 'logo' in fixed ? fixed.logo : loanLogo(ctx, domain);
  const tracking_link =
    fixed && 'tracking_link' in fixed
      ? fixed.tracking_link
      : clickUrl(ctx.state.clickTargets, ctx.origin, {
          kind: 'loan',
          id: domain,
          website,
          deep_link: lenderUrl(domain),
        });
  const entry: PaydayLoanOffer = { domain, title, logo, tracking_link, ...terms };
  // A field the record leaves out is missing from the answer, not `undefined`.
  for (const key of Object.keys(entry)) if (entry[key] === undefined) delete entry[key];
  return entry;
}
