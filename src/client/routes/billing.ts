import { shape, type RouteDef } from './route-def.js';
import type { Loose, Paginated } from '../types.js';

export const billingRoutes = {
  'billing.listBillingAccounts': {
    method: 'GET',
    path: '/publisher/billing_accounts/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'billing.getUnifiedBalance': {
    method: 'GET',
    path: '/publisher/billing_accounts/unified_balance/',
    res: shape<Loose>(),
  },
  'billing.getBillingAccount': {
    method: 'GET',
    path: '/publisher/billing_accounts/{currency__code}/',
    res: shape<Loose>(),
  },
  'billing.listInvoices': {
    method: 'GET',
    path: '/publisher/invoices/',
    paginated: true,
    res: shape<Paginated<Loose>>(),
  },
  'billing.getInvoiceStats': {
    method: 'GET',
    path: '/publisher/invoices/stats/',
    res: shape<Loose>(),
  },
  'billing.getInvoice': {
    method: 'GET',
    path: '/publisher/invoices/{uuid}/',
    res: shape<Loose>(),
  },
  'billing.getPaymentAccount': {
    method: 'GET',
    path: '/publisher/payment_account/',
    res: shape<Loose>(),
  },
  'billing.updatePaymentAccount': {
    method: 'PUT',
    path: '/publisher/payment_account/',
    res: shape<Loose>(),
    body: shape<Loose>(),
  },
  'billing.patchPaymentAccount': {
    method: 'PATCH',
    path: '/publisher/payment_account/',
    res: shape<Loose>(),
    body: shape<Loose>(),
  },
  'billing.getPaymentStatus': {
    method: 'GET',
    path: '/publisher/payment_status/',
    res: shape<Loose>(),
  },
} as const satisfies Record<string, RouteDef>;
