import type { Loose } from './loose.js';

/**
 * api-contract §9 — one loan offer of the payday-loans page
 * (`GET /publisher/payday-loans/{website guid}`, a JSON array of these).
 * Amounts are PLN, periods days (30 days = one month). Text is text, never HTML.
 */
export interface PaydayLoanOffer extends Loose {
  /** The offer's identity, e.g. `"vivus.pl"`. */
  domain?: string | null;
  title?: string | null;
  /** Image URL. */
  logo?: string | null;
  /** Click URL attributed to the website of the token. */
  tracking_link?: string | null;
  loan_type?: 'short_term' | 'long_term' | (string & {}) | null;
  min_loan_amount?: number | null;
  max_loan_amount?: number | null;
  min_loan_period?: number | null;
  max_loan_period?: number | null;
  first_loan_max_amount?: number | null;
  first_loan_max_period?: number | null;
  /** True when a first loan costs fees. */
  first_loan_fees?: boolean | null;
  /** True when the lender checks credit registers ("BIK"). */
  customer_blacklist_check?: boolean | null;
  /** True when proof of income is required. */
  customer_income_check?: boolean | null;
  min_customer_age?: number | null;
  max_customer_age?: number | null;
  /** Higher is better. */
  rating?: number | null;
  /** Short promo text, or `""`. */
  promotion?: string | null;
  /** The representative example, or `""`. */
  loan_simulation?: string | null;
}
