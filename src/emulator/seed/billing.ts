/** Billing accounts in three currencies, invoices, payment account and status. */
import { known } from '../known.js';
import { currency } from '../reference/index.js';
import type { Rng } from '../prng.js';
import type { Loose } from '../state.js';

export function seedBillingAccounts(rng: Rng): Loose[] {
  return known.billingCurrencies.map((code, i) => ({
    currency: code,
    currency_details: currency(code),
    balance: `${code} ${(rng.int(1000, 900_000) / 100).toFixed(2)}`,
    pending_balance: `${code} ${(rng.int(0, 300_000) / 100).toFixed(2)}`,
    paid_total: `${code} ${(rng.int(10_000, 5_000_000) / 100).toFixed(2)}`,
    is_default: i === 0,
  }));
}

export function seedInvoices(rng: Rng): Loose[] {
  return Array.from({ length: 18 }, (_, i) => {
    const code = known.billingCurrencies[i % 3] ?? 'PLN';
    const month = 12 - Math.floor(i / 2);
    const year = month > 10 ? 2023 : 2024;
    const m = String(((month + 11) % 12) + 1).padStart(2, '0');
    const status = i < 2 ? 'issued' : i === 2 ? 'overdue' : 'paid';
    return {
      id: i === 0 ? known.invoice : rng.uuid(),
      number: `INV/${year}/${m}/${String(i + 1).padStart(3, '0')}`,
      currency: code,
      amount: `${code} ${(rng.int(5000, 400_000) / 100).toFixed(2)}`,
      status,
      period_start: `${year}-${m}-01`,
      period_end: `${year}-${m}-28`,
      issued_at: `${year}-${m}-28T12:00:00Z`,
      paid_at: status === 'paid' ? `${year}-${m}-28T18:00:00Z` : null,
    };
  });
}

export const PAYMENT_ACCOUNT: Loose = {
  payout_method: 'bank_transfer',
  currency: 'PLN',
  account_holder: 'Deals Media Sp. z o.o.',
  bank_name: 'Example Bank S.A.',
  iban: 'PL61109010140000071219812874',
  swift: 'EXAMPLPW',
  paypal_email: null,
};

export const PAYMENT_STATUS: Loose = {
  status: 'ok',
  status_name: 'Payouts enabled',
  can_request_payout: true,
  threshold: 'PLN 100.00',
  next_payout_date: '2024-12-10',
  blocked_reason: null,
};
