import { html, nothing, type CSSResultGroup, type PropertyDeclarations } from 'lit';
import { paydayLoans } from '../../client/routes/promo.js';
import type { PaydayLoanOffer } from '../../client/types.js';
import { addMessages } from '../../page/messages.js';
import { httpUrl } from '../../page/safe-url.js';
import { attr, checkProperties, num, oneOf } from '../base/attributes.js';
import { baseStyles } from '../base/base.styles.js';
import type { LoadContext } from '../base/widget-element.js';
import { lazyImage, text } from '../product-card/product-card.js';
import { PubnetProductsWidget } from '../base/products-widget.js';
import { chooseLoans, domains, type Loan, type LoanChoice } from './choose.js';
import { loanStyles } from './loan-offers.styles.js';
import { amounts, periods } from './terms.js';
import { LOAN_MESSAGES, type LoanWords } from './words.js';

addMessages(LOAN_MESSAGES);
/** The loan types of the payday-loans page. */
export const LOAN_TYPES = ['short_term', 'long_term'] as const;

/** How offers may be ordered (higher first). */
export const LOAN_ORDERINGS = [
  'rating',
  'max_loan_amount',
  'max_loan_period',
  'first_loan_max_amount',
  'first_loan_max_period',
] as const;

/**
 * The website's payday-loans page (`GET /publisher/payday-loans/{website guid}`, read
 * through the proxy like any widget route) as a list of loan offers, filtered and ordered
 * as the attributes ask. Each offer shows its logo and name, its amount and period ranges,
 * its first loan's maximum, "free first loan", "no BIK", "no proof of income", its
 * promotion and, always and in full when it has one, its **representative example**
 * (`loan_simulation`), which consumer-credit advertising must show next to the offer. The
 * offer's name is one link to its `tracking_link`, covering the offer but its example.
 *
 * ```html
 * <pubnet-loan-offers type="short_term" loan-amount="3000" first-loan-free limit="5"></pubnet-loan-offers>
 * ```
 *
 * @summary Loan offers of the website's payday-loans page, with their representative examples.
 * @fires pubnet-load - Offers are shown; `detail.count` is how many.
 * @fires pubnet-error - The page could not be read; `detail.error` says why.
 * @fires pubnet-click - An offer was clicked; `detail`: `href`, `offer` (the page's offer).
 * @fires pubnet-impression - An offer was half visible for the first time; `detail.offer`.
 * @slot fallback - Shown instead when reading fails or no offer passes (else the element collapses).
 * @csspart offer - One offer (`.top` when highlighted).
 * @csspart logo - The lender's logo.
 * @csspart title - The offer's name: its link, covering the offer.
 * @csspart recommended - The "recommended" mark of the first `highlight` offers.
 * @csspart terms - The amount, period and first-loan terms.
 * @csspart features - "Free first loan", "no BIK", "no proof of income".
 * @csspart promotion - The offer's promotion.
 * @csspart button - The call to action.
 * @csspart example - The representative example.
 * @csspart disclosure - The disclosure label.
 */
export class PubnetLoanOffers extends PubnetProductsWidget {
  static override styles: CSSResultGroup = [baseStyles, loanStyles];
  static override properties: PropertyDeclarations = {
    type: attr('type', (value) =>
      value.split('|').every((type) => LOAN_TYPES.includes(type as never)) ? value : undefined,
    ),
    loanAmount: num('loan-amount'),
    loanPeriod: num('loan-period'),
    customerAge: num('customer-age'),
    firstLoanFree: { attribute: 'first-loan-free', type: Boolean },
    noBik: { attribute: 'no-bik', type: Boolean },
    noIncomeProof: { attribute: 'no-income-proof', type: Boolean },
    only: {},
    exclude: {},
    pinned: {},
    ordering: oneOf('ordering', LOAN_ORDERINGS),
    highlight: num('highlight', 0, 100),
    limit: num('limit', 1, 100),
    layout: oneOf('layout', ['list', 'grid']),
  };
  static {
    checkProperties(this);
  }

  /** `short_term` (default), `long_term`, or both: `short_term|long_term`. */
  declare type?: string;
  /** An amount in złoty: only offers that lend it. */
  declare loanAmount?: number;
  /** A period in days: only offers that lend for it. */
  declare loanPeriod?: number;
  /** The reader's age: only offers that lend at it. */
  declare customerAge?: number;
  /** Only offers whose first loan costs no fees. */
  declare firstLoanFree: boolean;
  /** Only offers that do not check credit registers (BIK). */
  declare noBik: boolean;
  /** Only offers that ask no proof of income. */
  declare noIncomeProof: boolean;
  /** Only these lenders: their `domain`s, `a.pl|b.pl`. */
  declare only?: string;
  /** Not these lenders: their `domain`s, `a.pl|b.pl`. */
  declare exclude?: string;
  /** These lenders first, in this order: their `domain`s, `a.pl|b.pl`. */
  declare pinned?: string;
  /** Higher first: `rating` (default), `max_loan_amount`, `max_loan_period`, `first_loan_max_amount`, `first_loan_max_period`. */
  declare ordering?: (typeof LOAN_ORDERINGS)[number];
  /** How many of the first offers are marked recommended; default 3. */
  declare highlight?: number;
  /** How many offers at most, 1–100; default 10. */
  declare limit?: number;
  /** `list` (default) or `grid`. */
  declare layout?: 'list' | 'grid';

  /** The offers shown; `undefined` while loading (empty offers are shown). */
  private _loans?: Loan[];

  /** What the attributes ask of the page's offers. */
  choice(): LoanChoice {
    return {
      types: (this.type ?? 'short_term').split('|'),
      amount: this.loanAmount,
      period: this.loanPeriod,
      age: this.customerAge,
      free: this.firstLoanFree,
      noBik: this.noBik,
      noIncome: this.noIncomeProof,
      only: domains(this.only),
      exclude: domains(this.exclude),
      pinned: domains(this.pinned),
      ordering: this.ordering ?? 'rating',
      limit: this.limit ?? 10,
    };
  }

  protected override _loadInputs() {
    // One page per website: what is shown of it is chosen when it is shown.
    return [...super._loadInputs(), this.choice()];
  }

  protected async _fetch(context: LoadContext, given?: unknown) {
    if (given) return this._show(given);
    if (!context.key) throw new TypeError('<pubnet-loan-offers> needs a website key');
    return this._show(
      await context.core.request(paydayLoans, {
        params: { token: context.key },
        signal: context.signal,
      }),
    );
  }

  /** Shows the page's offers (the answer, an array). */
  protected override _show(page: unknown) {
    this._loans = chooseLoans(page, this.choice());
    return (this._items = this._loans.map((offer) => ({ offer }))).length;
  }

  protected _content() {
    // (Its module added them: words.ts.)
    const words = this._words() as LoanWords;
    const loans = this._loans;
    return html`${this._label()}
      <ul role="list" class=${this.layout ?? 'list'} aria-label=${words.loans} aria-busy=${!loans}>
        ${
          loans
            ? loans.map((loan, i) => this._offer(loan, i, words))
            : Array.from(
                { length: this.limit ?? 10 },
                () => html`<li class="offer skeleton" aria-hidden="true"></li>`,
              )
        }
      </ul>`;
  }

  /** One offer; `i` numbers its link within the shadow root (impressions, clicks). */
  private _offer(loan: Loan, i: number, words: LoanWords) {
    const { lang } = words;
    const title = text(loan.title) || text(loan.domain);
    const logo = httpUrl(loan.logo);
    const top = i < (this.highlight ?? 3);
    const term = (name: string, value: string) =>
      value
        ? html`<div>
            <dt>${name}</dt>
            <dd>${value}</dd>
          </div>`
        : nothing;
    const features = [
      loan.first_loan_fees === false && words.free,
      loan.customer_blacklist_check === false && words.noBik,
      loan.customer_income_check === false && words.noIncome,
    ].filter(Boolean);
    return html`<li part="offer" class="offer${top ? ' top' : ''}">
      ${logo ? html`<span class="logo">${lazyImage(logo, title)}</span>` : nothing}<a
        part="title"
        data-i=${i}
        href=${loan.tracking_link}
        rel="sponsored noopener"
        target=${this._target()}
        >${title}</a
      >${top ? html`<span part="recommended">${words.recommended}</span>` : nothing}
      <dl part="terms">
        ${term(words.amount, amounts(loan.min_loan_amount, loan.max_loan_amount, lang))}${term(
          words.period,
          periods(loan.min_loan_period, loan.max_loan_period, words),
        )}${term(words.firstLoan, amounts(null, loan.first_loan_max_amount, lang))}
      </dl>
      ${
        features.length
          ? html`<ul part="features">
              ${features.map((name) => html`<li>${name}</li>`)}
            </ul>`
          : nothing
      }
      ${loan.promotion ? html`<p part="promotion">${text(loan.promotion)}</p>` : nothing}<span
        part="button"
        >${this.cta ?? words.apply}</span
      >${loan.loan_simulation ? html`<p part="example">${text(loan.loan_simulation)}</p>` : nothing}
    </li>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pubnet-loan-offers': PubnetLoanOffers;
  }
}

export type { PaydayLoanOffer };
