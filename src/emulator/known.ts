/**
 * Well-known ids of the seed data. Plain constants with no imports, so that
 * components, client tests and the demo can use them without loading the
 * seed. The seed assigns these exact ids; test/emulator/seed.test.ts checks it.
 */
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
  /** Active offers; the first one sells products and matches `merchantUrl`. */
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
  /**
   * Price comparison (api-contract §9): one espresso machine listed by the six active PLN
   * shops, 9 listings, found by `gtin` or `mpn` (exact) or `query` (a title phrase).
   * `expected` are its rows: each shop's cheapest listing by the price paid (`sale_price`
   * when set, else `price`), cheapest first, once listings with no parseable price
   * (`noPrice`) or no http(s) `link` (`noLink`, cheaper than every row) are dropped.
   */
  comparison: {
    gtin: '8004399331105',
    mpn: 'ECAM22.110.B',
    query: 'Ekspres ciśnieniowy DeLonghi Magnifica S ECAM 22.110.B',
    products: ['pc001', 'pc002', 'pc003', 'pc004', 'pc005', 'pc006', 'pc007', 'pc008', 'pc009'],
    noPrice: 'pc003',
    noLink: 'pc005',
    expected: [
      {
        offer: 'KitchenPro',
        offer_id: '304e56a2-aca7-46e7-bf93-a99e5e073087',
        id: 'pc007',
        paid: 'PLN 1359.20',
      },
      {
        offer: 'MediaPoint',
        offer_id: '0f1e2d3c-4b5a-4697-8877-665544332201',
        id: 'pc001',
        paid: 'PLN 1399.00',
      },
      {
        offer: 'SportZone',
        offer_id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d03',
        id: 'pc008',
        paid: 'PLN 1479.00',
      },
      {
        offer: 'TechNova',
        offer_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c02',
        id: 'pc004',
        paid: 'PLN 1489.00',
      },
      {
        offer: 'ToyPlanet',
        offer_id: '986b24f9-8029-42a9-a106-aacaaf0de0d8',
        id: 'pc009',
        paid: 'PLN 1499.00',
      },
      {
        offer: 'AudioMax',
        offer_id: 'e6b245b5-875b-4f1f-816a-685beb154280',
        id: 'pc006',
        paid: 'PLN 1549.00',
      },
    ],
    /** A grinder in three PLN shops with no `gtin`: only its `mpn` identifies it. */
    mpnOnly: {
      mpn: 'SCG820BSS',
      products: ['pc101', 'pc102', 'pc103'],
      expected: [
        {
          offer: 'KitchenPro',
          offer_id: '304e56a2-aca7-46e7-bf93-a99e5e073087',
          id: 'pc101',
          paid: 'PLN 799.00',
        },
        {
          offer: 'MediaPoint',
          offer_id: '0f1e2d3c-4b5a-4697-8877-665544332201',
          id: 'pc102',
          paid: 'PLN 849.00',
        },
        {
          offer: 'TechNova',
          offer_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c02',
          id: 'pc103',
          paid: 'PLN 879.00',
        },
      ],
    },
  },
  /**
   * The payday-loans page (api-contract §9, `GET /publisher/payday-loans/{website guid}`):
   * the same 15 loan offers for every website, in the order of `domains`; only their
   * `tracking_link`s differ (attributed to that website). Fixed data (seed/loans.ts builds
   * from `offers`): 6 short-term and 6 long-term lenders, then the 3 hostile or incomplete
   * entries of `hostile` (markup in text, `javascript:` logo or link, missing fields, nulls).
   */
  loans: {
    domains: [
      'gotowka24.example',
      'ratyrodzinne.example',
      'pozyczkaplus.example',
      'chwilowkaexpress.example',
      'kasanaraty.example',
      'kasateraz.example',
      'ratalnamax.example',
      'mikrokasa.example',
      'kredytok.example',
      'zaliczkaonline.example',
      'domowybudzet.example',
      'ratybezstresu.example',
      'xss-pozyczka.example',
      'pulapka.example',
      'niepelna.example',
    ],
    hostile: ['xss-pozyczka.example', 'pulapka.example', 'niepelna.example'],
    /**
     * What filters and orderings read, per entry in answer order, exactly as the answer
     * gives it: a key left out is a field missing from the answer. Amounts PLN, periods days.
     */
    offers: [
      {
        domain: 'gotowka24.example',
        loan_type: 'short_term',
        min_loan_amount: 100,
        max_loan_amount: 2000,
        min_loan_period: 5,
        max_loan_period: 21,
        first_loan_max_amount: 1000,
        first_loan_max_period: 21,
        first_loan_fees: false,
        customer_blacklist_check: false,
        customer_income_check: false,
        min_customer_age: 18,
        max_customer_age: 65,
        rating: 4.2,
      },
      {
        domain: 'ratyrodzinne.example',
        loan_type: 'long_term',
        min_loan_amount: 1000,
        max_loan_amount: 25000,
        min_loan_period: 90,
        max_loan_period: 1440,
        first_loan_max_amount: 10000,
        first_loan_max_period: 720,
        first_loan_fees: true,
        customer_blacklist_check: true,
        customer_income_check: true,
        min_customer_age: 21,
        max_customer_age: 75,
        rating: 4.7,
      },
      {
        domain: 'pozyczkaplus.example',
        loan_type: 'short_term',
        min_loan_amount: 200,
        max_loan_amount: 3000,
        min_loan_period: 7,
        max_loan_period: 30,
        first_loan_max_amount: 1500,
        first_loan_max_period: 30,
        first_loan_fees: false,
        customer_blacklist_check: false,
        customer_income_check: false,
        min_customer_age: 20,
        max_customer_age: 70,
        rating: 4.9,
      },
      {
        domain: 'chwilowkaexpress.example',
        loan_type: 'short_term',
        min_loan_amount: 50,
        max_loan_amount: 1500,
        min_loan_period: 10,
        max_loan_period: 30,
        first_loan_max_amount: 1500,
        first_loan_max_period: 30,
        first_loan_fees: false,
        customer_blacklist_check: false,
        customer_income_check: false,
        min_customer_age: 18,
        max_customer_age: 80,
        rating: 3.9,
      },
      {
        domain: 'kasanaraty.example',
        loan_type: 'long_term',
        min_loan_amount: 1000,
        max_loan_amount: 12000,
        min_loan_period: 100,
        max_loan_period: 900,
        first_loan_max_amount: 3000,
        first_loan_max_period: 360,
        first_loan_fees: true,
        customer_blacklist_check: true,
        customer_income_check: false,
        min_customer_age: 18,
        max_customer_age: 70,
        rating: 3.8,
      },
      {
        domain: 'kasateraz.example',
        loan_type: 'short_term',
        min_loan_amount: 100,
        max_loan_amount: 5000,
        min_loan_period: 5,
        max_loan_period: 30,
        first_loan_max_amount: 3000,
        first_loan_max_period: 30,
        first_loan_fees: false,
        customer_blacklist_check: true,
        customer_income_check: false,
        min_customer_age: 18,
        max_customer_age: 75,
        rating: 4.9,
      },
      {
        domain: 'ratalnamax.example',
        loan_type: 'long_term',
        min_loan_amount: 5000,
        max_loan_amount: 25000,
        min_loan_period: 180,
        max_loan_period: 1440,
        first_loan_max_amount: 10000,
        first_loan_max_period: 1440,
        first_loan_fees: true,
        customer_blacklist_check: true,
        customer_income_check: true,
        min_customer_age: 21,
        max_customer_age: 80,
        rating: 4.4,
      },
      {
        domain: 'mikrokasa.example',
        loan_type: 'short_term',
        min_loan_amount: 300,
        max_loan_amount: 4000,
        min_loan_period: 61,
        max_loan_period: 90,
        first_loan_max_amount: 2000,
        first_loan_max_period: 61,
        first_loan_fees: true,
        customer_blacklist_check: true,
        customer_income_check: false,
        min_customer_age: 21,
        max_customer_age: 70,
        rating: 4.5,
      },
      {
        domain: 'kredytok.example',
        loan_type: 'long_term',
        min_loan_amount: 500,
        max_loan_amount: 15000,
        min_loan_period: 120,
        max_loan_period: 1080,
        first_loan_max_amount: 5000,
        first_loan_max_period: 720,
        first_loan_fees: true,
        customer_blacklist_check: false,
        customer_income_check: false,
        min_customer_age: 18,
        max_customer_age: 75,
        rating: 4.6,
      },
      {
        domain: 'zaliczkaonline.example',
        loan_type: 'short_term',
        min_loan_amount: 500,
        max_loan_amount: 6000,
        min_loan_period: 30,
        max_loan_period: 60,
        first_loan_max_amount: 2500,
        first_loan_max_period: 30,
        first_loan_fees: true,
        customer_blacklist_check: true,
        customer_income_check: true,
        min_customer_age: 20,
        max_customer_age: 70,
        rating: 4.0,
      },
      {
        domain: 'domowybudzet.example',
        loan_type: 'long_term',
        min_loan_amount: 1500,
        max_loan_amount: 25000,
        min_loan_period: 360,
        max_loan_period: 1440,
        first_loan_max_amount: 25000,
        first_loan_max_period: 1440,
        first_loan_fees: false,
        customer_blacklist_check: true,
        customer_income_check: true,
        min_customer_age: 25,
        max_customer_age: 65,
        rating: 4.3,
      },
      {
        domain: 'ratybezstresu.example',
        loan_type: 'long_term',
        min_loan_amount: 2000,
        max_loan_amount: 20000,
        min_loan_period: 90,
        max_loan_period: 720,
        first_loan_max_amount: 4000,
        first_loan_max_period: 360,
        first_loan_fees: true,
        customer_blacklist_check: false,
        customer_income_check: true,
        min_customer_age: 20,
        max_customer_age: 70,
        rating: 4.1,
      },
      {
        domain: 'xss-pozyczka.example',
        loan_type: 'short_term',
        min_loan_amount: 100,
        max_loan_amount: 2500,
        min_loan_period: 5,
        max_loan_period: 30,
        first_loan_max_amount: 1000,
        first_loan_max_period: 30,
        first_loan_fees: false,
        customer_blacklist_check: false,
        customer_income_check: false,
        min_customer_age: 18,
        max_customer_age: 75,
        rating: 2.5,
      },
      {
        domain: 'pulapka.example',
        loan_type: 'short_term',
        min_loan_amount: 200,
        max_loan_amount: 4000,
        min_loan_period: 7,
        max_loan_period: 45,
        first_loan_max_amount: 1000,
        first_loan_max_period: 30,
        first_loan_fees: false,
        customer_blacklist_check: false,
        customer_income_check: false,
        min_customer_age: 18,
        max_customer_age: 70,
        rating: null,
      },
      {
        domain: 'niepelna.example',
        loan_type: 'short_term',
        min_loan_amount: 500,
        max_loan_amount: null,
        first_loan_max_amount: null,
        first_loan_fees: null,
        customer_income_check: null,
        min_customer_age: 18,
        max_customer_age: null,
      },
    ],
    /** The top rating (4.9), which two short-term lenders share (answer order). */
    topRated: ['pozyczkaplus.example', 'kasateraz.example'],
    /** Its period shows as "61 dni – 3 miesiące" (61 days: not a whole number of months). */
    sixtyOneDays: 'mikrokasa.example',
    /**
     * Of the 12 complete lenders (either type), those each filter leaves out, a range
     * including its ends (the hostile entries aside: the widget decides what a null means).
     */
    excludedBy: {
      'loan-amount=3000': ['gotowka24.example', 'chwilowkaexpress.example', 'ratalnamax.example'],
      'loan-period=30': [
        'gotowka24.example',
        'ratyrodzinne.example',
        'kasanaraty.example',
        'ratalnamax.example',
        'mikrokasa.example',
        'kredytok.example',
        'domowybudzet.example',
        'ratybezstresu.example',
      ],
      'customer-age=19': [
        'ratyrodzinne.example',
        'pozyczkaplus.example',
        'ratalnamax.example',
        'mikrokasa.example',
        'zaliczkaonline.example',
        'domowybudzet.example',
        'ratybezstresu.example',
      ],
    },
  },
  conversion: 'c0000000-0000-4000-8000-000000000001',
  cpcConversion: 'c1000000-0000-4000-8000-000000000001',
  invoice: 'f0000000-0000-4000-8000-000000000001',
  billingCurrencies: ['PLN', 'EUR', 'USD'],
  systemReportConfig: 'performance-daily',
  userReportConfig: 'e0000000-0000-4000-8000-000000000001',
  exportTemplate: 'e1000000-0000-4000-8000-000000000001',
  privateToken: '1',
} as const;
