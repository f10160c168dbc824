/**
 * Which of the payday-loans page's offers a `<pubnet-loan-offers>` shows, and in which
 * order (embed-contract, Elements): those with an http(s) `tracking_link` that pass every
 * filter given, the `pinned` ones first in their order, then by `ordering` (higher first;
 * ties and unknown values keep the page's order, unknown values last), at most `limit`. A
 * filter keeps only what the offer's own data says passes: an offer whose range or flag
 * is missing is left out by the filter that asks about it.
 */
import type { PaydayLoanOffer } from '../../client/types.js';
import { httpUrl, isObject } from '../../page/safe-url.js';

/** A loan offer that can be shown: its `tracking_link` is an http(s) URL. */
export type Loan = PaydayLoanOffer & { tracking_link: string };

/** What the element's attributes ask for. */
export interface LoanChoice {
  types: string[];
  amount?: number;
  period?: number;
  age?: number;
  free?: boolean;
  noBik?: boolean;
  noIncome?: boolean;
  only?: string[];
  exclude?: string[];
  pinned?: string[];
  ordering: keyof PaydayLoanOffer;
  limit: number;
}

/** Whether `value` lies in the offer's range `[min, max]`, both known. */
const within = (value: number | undefined, min: unknown, max: unknown) =>
  value == null ||
  (typeof min == 'number' && typeof max == 'number' && min <= value && value <= max);

/** `a|B` → `['a', 'b']`: the domains an attribute names. */
export const domains = (value?: string) =>
  value ? value.toLowerCase().split('|').filter(Boolean) : undefined;

/** The offers of `page` (an answer, unchecked) `choice` shows, in order. */
export function chooseLoans(page: unknown, choice: LoanChoice): Loan[] {
  const domain = (loan: Loan) => String(loan.domain).toLowerCase();
  const pin = (loan: Loan) => (choice.pinned?.indexOf(domain(loan)) ?? -1) >>> 0;
  const value = (loan: Loan) => {
    const given = loan[choice.ordering];
    return typeof given == 'number' ? given : -Infinity;
  };
  return (Array.isArray(page) ? page : [])
    .filter(
      (loan): loan is Loan =>
        isObject(loan) &&
        !!httpUrl(loan.tracking_link) &&
        choice.types.includes(loan.loan_type as string) &&
        within(choice.amount, loan.min_loan_amount, loan.max_loan_amount) &&
        within(choice.period, loan.min_loan_period, loan.max_loan_period) &&
        within(choice.age, loan.min_customer_age, loan.max_customer_age) &&
        (!choice.free || loan.first_loan_fees === false) &&
        (!choice.noBik || loan.customer_blacklist_check === false) &&
        (!choice.noIncome || loan.customer_income_check === false) &&
        (!choice.only || choice.only.includes(domain(loan as Loan))) &&
        !choice.exclude?.includes(domain(loan as Loan)),
    )
    .sort((a, b) => pin(a) - pin(b) || (value(b) > value(a) ? 1 : value(b) < value(a) ? -1 : 0))
    .slice(0, choice.limit);
}
