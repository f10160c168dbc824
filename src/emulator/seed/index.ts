/**
 * Builds the seed once per process (fixed PRNG seed, fixed dates); each
 * emulator instance then takes its own copy (see state.ts).
 */
import { known } from '../known.js';
import { Rng } from '../prng.js';
import type { Seed } from '../state.js';
import { seedPrivateTokens, seedSettings, seedSubaccounts } from './account.js';
import { seedAdslots } from './adslots.js';
import { PAYMENT_ACCOUNT, PAYMENT_STATUS, seedBillingAccounts, seedInvoices } from './billing.js';
import { seedComparisonProducts } from './comparisons.js';
import { seedConversions } from './conversions.js';
import { seedHostileProducts } from './hostile.js';
import { seedLoans } from './loans.js';
import { seedOffers } from './offers.js';
import { seedProducts } from './products.js';
import {
  EXPORT_FIELDS,
  SYSTEM_CONFIGS,
  seedExportTemplates,
  seedReports,
  seedUserConfigs,
} from './reports.js';
import { seedWebsites } from './websites.js';

let cached: Seed | undefined;

/** The seed, built on first use and shared (instances clone what they write). */
export function buildSeed(): Seed {
  cached ??= generateSeed();
  return cached;
}

/** A fresh seed: the same every time. */
export function generateSeed(): Seed {
  // Separate streams, so adding products does not shift every offer id.
  const { offers, goals } = seedOffers(new Rng(1));
  const websites = seedWebsites();
  const products = [
    ...seedProducts(new Rng(2), offers),
    ...seedHostileProducts(offers[0] ?? fail()),
    // Fixed data, after the rest: the same product in several shops (price comparison).
    ...seedComparisonProducts(offers),
  ];
  const { conversions, cpcConversions } = seedConversions(new Rng(3), offers, goals, websites);
  const { adslots, clickTargets } = seedAdslots(offers);
  const rng = new Rng(4);
  return {
    websites,
    offers,
    goals,
    products,
    adslots,
    conversions,
    cpcConversions,
    subaccounts: seedSubaccounts(rng),
    invoices: seedInvoices(rng),
    billingAccounts: seedBillingAccounts(rng),
    paymentAccount: { ...PAYMENT_ACCOUNT },
    paymentStatus: { ...PAYMENT_STATUS },
    settings: seedSettings(),
    password: known.password,
    privateTokens: seedPrivateTokens(rng),
    reports: seedReports(rng),
    systemConfigs: SYSTEM_CONFIGS,
    userConfigs: seedUserConfigs(rng),
    exportTemplates: seedExportTemplates(rng),
    exportFields: EXPORT_FIELDS,
    loans: seedLoans(),
    clickTargets,
  };
}

function fail(): never {
  throw new Error('seed: no offers');
}
