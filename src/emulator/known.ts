/**
 * Well-known ids of the seed data. Plain constants, importing only their own parts
 * (known-*.ts, constants too), so that components, client tests and the demo can use them
 * without loading the seed. The seed assigns these exact ids; test/emulator/seed.test.ts
 * checks it.
 */
import { comparison } from './known-comparison.js';
import { loans } from './known-loans.js';

const activeWebsite = {
  id: 'b1e7c3a2-5d4f-4e6a-9b8c-7d6e5f4a3b21',
  guid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c61',
  url: 'https://deals.example/',
} as const;

export const known = {
  /** The API token the emulator accepts unless told otherwise. */
  token: 'dev-token',
  /** The seeded account password (`PUT /my/password/` checks `old_password`). */
  password: 'dev-password-1',
  /** An active website: its guid is the public "website key". */
  website: activeWebsite,
  websites: {
    active: activeWebsite,
    secondActive: {
      id: 'c2f8d4b3-6e5a-4f7b-8c9d-8e7f6a5b4c32',
      guid: '8b7c6d5e-4f3a-4b2c-9d1e-0f9a8b7c6d52',
      url: 'https://techblog.example/',
    },
    pending: {
      id: 'd3a9e5c4-7f6b-4a8c-9dae-9f8a7b6c5d43',
      guid: '7c6d5e4f-3a2b-4c1d-8e0f-9a8b7c6d5e43',
      url: 'https://coupons.example/',
    },
    suspended: {
      id: 'e4bafbd5-8a7c-4b9d-8ebf-af9b8c7d6e54',
      guid: '6d5e4f3a-2b1c-4d0e-9f8a-7b6c5d4e3f34',
      url: 'https://spammy.example/',
    },
  },
  /**
   * Active offers; the first one sells products and matches `merchantUrl`. The first enforces
   * Poland (`enforce_geo_targeting`, `geo_targets: ['PL']`: a reader elsewhere gets a blank
   * page from its click), the second only targets it (a reader elsewhere is sent to its page).
   */
  offers: [
    '0f1e2d3c-4b5a-4697-8877-665544332201',
    '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c02',
    '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d03',
  ],
  pausedOffer: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e04',
  closedOffer: '4d5e6f7a-8b9c-4dae-9f2a-3b4c5d6e7f05',
  /** A merchant page that `GET /publisher/offers/detect/?url=` maps to `offers[0]`. */
  merchantUrl: 'https://www.mediapoint.example/audio/headphones?utm_source=test',
  /** A filter slot (Sony or Bose headphones) with a full `config`. */
  filterAdslot: 'a1000000-0000-4000-8000-000000000001',
  /** A manual slot with product, offer, banner and html widgets. */
  manualAdslot: 'a1000000-0000-4000-8000-000000000002',
  /** A filter slot whose filters find nothing. */
  emptyFilterAdslot: 'a1000000-0000-4000-8000-000000000003',
  /** A filter slot whose filters find exactly the hostile products. */
  hostileAdslot: 'a1000000-0000-4000-8000-000000000004',
  /** A filter slot whose `config` is not valid JSON (to be treated as `{}`). */
  invalidConfigAdslot: 'a1000000-0000-4000-8000-000000000005',
  /** A filter slot (coffee, list layout) of the second active website. */
  secondSiteAdslot: 'a1000000-0000-4000-8000-000000000006',
  /** A manual slot with one banner: it renders after its config alone (one round trip). */
  bannerAdslot: 'a1000000-0000-4000-8000-000000000008',
  /** A filter slot of Polish products in PLN (coffee machines), with a Polish `config`. */
  polishAdslot: 'a1000000-0000-4000-8000-000000000009',
  /** An ordinary product with every field set. */
  product: 'p10001',
  /** Products with markup in text fields and `javascript:`/`data:` URLs. */
  hostileProductIds: ['px001', 'px002', 'px003', 'px004', 'px005', 'px006'],
  /** The `gtin` all the hostile products share: a search by it finds exactly them. */
  hostileGtin: '5900000000008',
  /** Price comparison (api-contract §9): known-comparison.ts. */
  comparison,
  /** The payday-loans page (api-contract §9): known-loans.ts. */
  loans,
  conversion: 'c0000000-0000-4000-8000-000000000001',
  cpcConversion: 'c1000000-0000-4000-8000-000000000001',
  invoice: 'f0000000-0000-4000-8000-000000000001',
  billingCurrencies: ['PLN', 'EUR', 'USD'],
  systemReportConfig: 'performance-daily',
  userReportConfig: 'e0000000-0000-4000-8000-000000000001',
  exportTemplate: 'e1000000-0000-4000-8000-000000000001',
  privateToken: '1',
} as const;
