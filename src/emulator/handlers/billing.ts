/** `/publisher/billing_accounts/...`, invoices, payment account and status. */
import type { billingRoutes } from '../../client/routes/index.js';
import { param, type HandlersFor } from '../context.js';
import { json } from '../http.js';
import { paginate } from '../paginate.js';
import { parseMoney } from '../product-fields.js';
import { RATES_TO_PLN } from '../reference/index.js';
import type { Loose } from '../state.js';
import { byId, findOr404, mergeInto, replaceIn } from '../store.js';
import { requireObject } from '../validate/common.js';

const amount = (v: unknown): number => parseMoney(typeof v === 'string' ? v : null) ?? 0;
const round = (n: number): number => Math.round(n * 100) / 100;

function sumInPln(rows: readonly Loose[], field: string): number {
  return round(
    rows.reduce((s, r) => s + amount(r[field]) * (RATES_TO_PLN[String(r.currency)] ?? 1), 0),
  );
}

export const billingHandlers = {
  'billing.listBillingAccounts': (ctx) => paginate(ctx.url, ctx.state.billingAccounts, (a) => a),
  'billing.getUnifiedBalance': (ctx) =>
    json({
      currency: 'PLN',
      balance: `PLN ${sumInPln(ctx.state.billingAccounts, 'balance').toFixed(2)}`,
      pending_balance: `PLN ${sumInPln(ctx.state.billingAccounts, 'pending_balance').toFixed(2)}`,
      rates: RATES_TO_PLN,
    }),
  'billing.getBillingAccount': (ctx) => {
    const code = param(ctx, 'currency__code').toUpperCase();
    return json(findOr404(ctx.state.billingAccounts, (a) => a.currency === code));
  },
  'billing.listInvoices': (ctx) => paginate(ctx.url, ctx.state.invoices, (i) => i),
  'billing.getInvoiceStats': (ctx) => {
    const by = (status: string) => ctx.state.invoices.filter((i) => i.status === status);
    return json({
      count: ctx.state.invoices.length,
      paid: { count: by('paid').length, total: `PLN ${sumInPln(by('paid'), 'amount').toFixed(2)}` },
      unpaid: {
        count: ctx.state.invoices.length - by('paid').length,
        total: `PLN ${sumInPln(
          ctx.state.invoices.filter((i) => i.status !== 'paid'),
          'amount',
        ).toFixed(2)}`,
      },
    });
  },
  'billing.getInvoice': (ctx) => json(byId(ctx.state.invoices, param(ctx, 'uuid'))),
  'billing.getPaymentAccount': (ctx) => json(ctx.state.paymentAccount),
  'billing.updatePaymentAccount': (ctx) =>
    json(replaceIn(ctx.state.paymentAccount, requireObject(ctx.body), [])),
  'billing.patchPaymentAccount': (ctx) =>
    json(mergeInto(ctx.state.paymentAccount, requireObject(ctx.body), [])),
  'billing.getPaymentStatus': (ctx) => json(ctx.state.paymentStatus),
} satisfies HandlersFor<typeof billingRoutes>;
