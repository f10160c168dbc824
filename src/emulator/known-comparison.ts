// Part of known.ts (its well-known seed data), plain constants with no imports.

/**
 * Price comparison (api-contract §9): one espresso machine listed by the six active PLN
 * shops, 9 listings, found by `gtin` or `mpn` (exact) or `query` (a title phrase).
 * `expected` are its rows: each shop's cheapest listing by the price paid (`sale_price`
 * when set, else `price`), cheapest first, once listings with no parseable price
 * (`noPrice`) or no http(s) `link` (`noLink`, cheaper than every row) are dropped.
 */
export const comparison = {
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
} as const;
