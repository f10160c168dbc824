/** The publisher's account (`/my/...`): settings, private tokens, subaccounts. */
import { known } from '../known.js';
import type { Rng } from '../prng.js';
import type { Loose } from '../state.js';

/** One object per `/my/<name>/` setting; PUT replaces it, PATCH merges into it. */
export function seedSettings(): Record<string, Loose> {
  return {
    account_type: { account_type: 'company', account_type_name: 'Company' },
    address: {
      street: 'ul. Przykładowa 12/4',
      city: 'Kraków',
      postal_code: '30-001',
      country: 'PL',
      country_name: 'Poland',
    },
    company: { name: 'Deals Media Sp. z o.o.', registration_number: '0000123456' },
    default_currency: { currency: 'PLN' },
    email: { email: 'publisher@deals.example', is_verified: true },
    jabber: { jabber: null },
    language_preferences: { language: 'pl' },
    name: { first_name: 'Anna', last_name: 'Kowalska' },
    notifications_preferences: {
      new_offers: true,
      offer_changes: true,
      conversion_status: false,
      payments: true,
      newsletter: false,
    },
    permissions: {
      permissions: [
        'offers.view',
        'products.search',
        'adslots.manage',
        'reports.view',
        'billing.view',
      ],
      is_supervisor: false,
    },
    phone: { phone: '+48 600 100 200' },
    postback_url: { postback_url: null },
    skype: { skype: null },
    supervisor: {
      name: 'Piotr Nowak',
      email: 'account.manager@pubnet.example',
      phone: '+48 12 300 40 50',
      skype: 'pubnet.piotr',
    },
    tax_id: { tax_id: 'PL6762461659', is_vat_payer: true },
    timezone_preferences: { timezone: 'Europe/Warsaw' },
    traffic_back_url: { traffic_back_url: 'https://deals.example/' },
    website: { website: known.website.url },
  };
}

export function seedPrivateTokens(rng: Rng): Loose[] {
  return [
    {
      id: Number(known.privateToken),
      name: 'Reporting script',
      key: rng.hex(40),
      scopes: ['reports.view'],
      created_at: '2024-02-01T08:00:00Z',
      last_used_at: '2024-11-14T06:00:00Z',
    },
    {
      id: 2,
      name: 'Website plugin',
      key: rng.hex(40),
      scopes: ['offers.view', 'products.search'],
      created_at: '2024-06-11T14:12:00Z',
      last_used_at: null,
    },
  ];
}

export function seedSubaccounts(rng: Rng): Loose[] {
  const names = ['newsletter', 'homepage', 'sidebar', 'black_friday', 'reviews', 'facebook'];
  return names.flatMap((name, i) =>
    ['2023', '2024'].map((year, j) => ({
      id: i * 2 + j + 1,
      sid: `${name}_${year}`,
      name: `${name.replace('_', ' ')} ${year}`,
      clicks: rng.int(10, 20_000),
      conversions: rng.int(0, 400),
      created_at: `${year}-0${(i % 9) + 1}-01T00:00:00Z`,
    })),
  );
}
