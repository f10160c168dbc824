/**
 * The loan offers' own words, in English and Polish (page/messages.ts has the words all
 * widgets share; other languages fall back to English).
 */
import type { Words } from '../../page/lang.js';

/** The words of a loan offers list's language. */
export type LoanWords = Words & {
  /** The list's name. */
  loans: string;
  /** The mark of a highlighted offer. */
  recommended: string;
  /** An offer's amount range. */
  amount: string;
  /** An offer's period range. */
  period: string;
  /** An offer's first loan maximum. */
  firstLoan: string;
  /** An offer whose first loan costs no fees. */
  free: string;
  /** An offer without a credit register (BIK) check. */
  noBik: string;
  /** An offer without proof of income. */
  noIncome: string;
  /** An offer's call to action. */
  apply: string;
  /** A day, by `Intl.PluralRules` category: `one|few|many|other`. */
  days: string;
  /** A month, by `Intl.PluralRules` category: `one|few|many|other`. */
  months: string;
};

/** Its words by language: its module adds them to the table (`addMessages`). */
export const LOAN_MESSAGES = {
  en: {
    loans: 'Loan offers',
    recommended: 'Recommended',
    amount: 'Loan amount',
    period: 'Repayment period',
    firstLoan: 'First loan up to',
    free: 'First loan free',
    noBik: 'No credit register check',
    noIncome: 'No proof of income',
    apply: 'See the offer',
    days: 'day|days|days|days',
    months: 'month|months|months|months',
  },
  pl: {
    loans: 'Oferty pożyczek',
    recommended: 'Polecane',
    amount: 'Kwota pożyczki',
    period: 'Czas na spłatę',
    firstLoan: 'Pierwsza pożyczka do',
    free: 'Pierwsza pożyczka za darmo',
    noBik: 'Bez BIK',
    noIncome: 'Bez zaświadczeń',
    apply: 'Sprawdź ofertę',
    days: 'dzień|dni|dni|dni',
    months: 'miesiąc|miesiące|miesięcy|miesiąca',
  },
};
