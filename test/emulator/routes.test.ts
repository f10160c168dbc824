/**
 * Route coverage: the endpoint tables of spec §4 (parsed from the spec file)
 * equal the route table, and every method+path pair answers 2xx over real
 * HTTP with real ids and valid bodies. DELETEs run last, on their own instance.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { routeList, type RouteKey } from '../../src/client/routes/index.js';
import { known } from '../../src/emulator/index.js';
import { fill, start, type Started } from './support/calls.js';

/** Every `METHOD /path` pair of spec §4, in spec order. */
function parseSpecEndpoints(md: string): string[] {
  const from = md.indexOf('## 4. Endpoints');
  const section = md.slice(from, md.indexOf('\n## 5.', from));
  const pairs: string[] = [];
  let allGet = false;
  for (const line of section.split('\n')) {
    if (line.startsWith('### ')) {
      allGet = /all GET/i.test(line);
      continue;
    }
    if (!line.startsWith('|')) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.every((c) => /^-+$/.test(c)) || cells[0] === 'Method' || cells[0] === 'Path')
      continue;
    if (allGet) pairs.push(`GET ${cells[0]}`);
    else for (const m of (cells[0] ?? '').split(',')) pairs.push(`${m.trim()} ${cells[1]}`);
  }
  return pairs;
}

const spec = readFileSync(new URL('../../spec/publisher-api.md', import.meta.url), 'utf8');

/** The `{uuid}` of each area: a real seeded id. */
function uuidFor(path: string, key: RouteKey): string {
  if (path.startsWith('/publisher/adslots/')) return known.filterAdslot;
  if (path.startsWith('/publisher/offers/')) return known.offers[0];
  if (path.startsWith('/publisher/cpc-conversions/')) return known.cpcConversion;
  if (path.startsWith('/publisher/conversions/')) return known.conversion;
  if (path.startsWith('/publisher/invoices/')) return known.invoice;
  if (path.startsWith('/publisher/reports/user-configs/')) return known.userReportConfig;
  if (path.startsWith('/publisher/products/export_templates/')) return known.exportTemplate;
  if (key === 'websites.verify') return known.websites.pending.id;
  if (key === 'websites.restore') return known.websites.suspended.id;
  if (path.startsWith('/publisher/websites/')) return known.website.id;
  throw new Error(`no uuid for ${key}`);
}

function params(key: RouteKey, path: string): Record<string, string> {
  return {
    uuid: path.includes('{uuid}') ? uuidFor(path, key) : '',
    id: key.startsWith('my.') ? known.privateToken : known.product,
    slug: known.systemReportConfig,
    token: known.website.guid,
    currency__code: 'EUR',
  };
}

const search = { filters: [{ title: { lookup: 'contains', value: 'sony' } }], page_size: 5 };

/** A valid body for every route that takes one. */
const bodies: Partial<Record<RouteKey, unknown>> = {
  'my.updateAccountType': { account_type: 'individual' },
  'my.updateAddress': { street: 'Main 1', city: 'Gdańsk', postal_code: '80-001', country: 'PL' },
  'my.updateCompany': { name: 'New Co' },
  'my.updateDefaultCurrency': { currency: 'EUR' },
  'my.createEmail': { email: 'new@deals.example' },
  'my.updateEmail': { email: 'updated@deals.example' },
  'my.patchEmail': { email: 'patched@deals.example' },
  'my.updateJabber': { jabber: 'me@jabber.example' },
  'my.updateLanguagePreferences': { language: 'en' },
  'my.updateName': { first_name: 'Jan', last_name: 'Nowak' },
  'my.updateNotificationsPreferences': { new_offers: false, payments: true },
  'my.updatePassword': { old_password: known.password, new_password: 'another-password-2' },
  'my.updatePhone': { phone: '+48 500 000 000' },
  'my.updatePostbackUrl': { postback_url: 'https://deals.example/postback' },
  'my.createPrivateToken': { name: 'CI', scopes: ['offers.view'] },
  'my.updatePrivateToken': { name: 'Renamed', scopes: [] },
  'my.patchPrivateToken': { name: 'Patched' },
  'my.regeneratePrivateToken': {},
  'my.updateSkype': { skype: 'deals.media' },
  'my.updateTaxId': { tax_id: 'PL1234567890' },
  'my.updateTimezonePreferences': { timezone: 'Europe/Berlin' },
  'my.updateTrafficBackUrl': { traffic_back_url: 'https://deals.example/back' },
  'my.updateWebsite': { website: 'https://deals.example/' },
  'billing.updatePaymentAccount': { payout_method: 'paypal', paypal_email: 'pay@deals.example' },
  'billing.patchPaymentAccount': { currency: 'USD' },
  'tools.trySharedTracking': { url: known.merchantUrl },
  'reports.create': {
    config: known.systemReportConfig,
    date_from: '2024-01-01',
    date_to: '2024-12-31',
  },
  'reports.createUserConfig': { name: 'Mine', group_by: 'offer' },
  'reports.updateUserConfig': { name: 'Mine, renamed', group_by: 'day' },
  'reports.patchUserConfig': { name: 'Mine, patched' },
  'adslots.create': {
    title: 'New slot',
    website: known.website.guid,
    type: 'filter',
    filters: [{ brand: 'Sony' }],
  },
  'adslots.createEmbedMedia': { name: 'Banner 300x250', width: 300, height: 250 },
  'adslots.update': { title: 'Updated', website: known.website.id, type: 'filter' },
  'adslots.patch': { title: 'Patched' },
  'products.search': search,
  'products.searchV2': search,
  'products.createStats': {
    event: 'view',
    products: [known.product],
    adslot: known.filterAdslot,
    website: known.website.guid,
  },
  'products.trackingLink': { website: known.website.guid, sid: 'coverage' },
  'products.createExportTemplate': { name: 'Mine', fields: ['id', 'title'] },
  'products.updateExportTemplate': { name: 'Mine 2', fields: ['id'] },
  'products.patchExportTemplate': { name: 'Mine 3' },
  'websites.create': { url: 'https://new.example/', type: 'content', target_audience: 'PL' },
  'websites.update': { url: 'https://deals.example/', type: 'deal', target_audience: 'PL' },
  'websites.patch': { description: 'Patched' },
  'websites.verify': {},
  'websites.restore': {},
  'offers.trackingLink': {
    website: known.website.id,
    sid: 'coverage',
    deep_link: 'https://www.mediapoint.example/x',
  },
};

const queries: Partial<Record<RouteKey, string>> = {
  'offers.detect': `?url=${encodeURIComponent(known.merchantUrl)}`,
};

async function callRoute(emu: Started, key: RouteKey) {
  const def = routeList.find(([k]) => k === key)?.[1];
  assert.ok(def);
  const path = fill(def.path, params(key, def.path)) + (queries[key] ?? '');
  const res = await emu.call(def.method, path, {
    body: bodies[key],
    token: def.public ? null : undefined,
  });
  assert.ok(
    res.status >= 200 && res.status < 300,
    `${def.method} ${path} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
  );
  if (def.paginated) {
    assert.equal(typeof res.body.count, 'number', `${key}: envelope count`);
    assert.ok(Array.isArray(res.body.results), `${key}: envelope results`);
  }
  return res;
}

describe('route coverage', () => {
  let emu: Started;
  before(async () => {
    emu = await start();
  });
  after(() => emu.close());

  test('spec §4 lists exactly the 125 pairs of the route table', () => {
    const fromSpec = parseSpecEndpoints(spec);
    assert.equal(fromSpec.length, 125);
    assert.equal(new Set(fromSpec).size, 125);
    const fromTable = routeList.map(([, d]) => `${d.method} ${d.path}`);
    assert.deepEqual([...fromTable].sort(), [...fromSpec].sort());
  });

  test('every route that takes a body has a valid one here', () => {
    for (const [key, def] of routeList) {
      if (['POST', 'PUT', 'PATCH'].includes(def.method))
        assert.ok(key in bodies, `no body for ${key}`);
    }
  });

  test('every non-DELETE pair answers 2xx with real ids', async () => {
    for (const [key, def] of routeList) if (def.method !== 'DELETE') await callRoute(emu, key);
  });

  test('every DELETE pair answers 2xx on its own instance', async () => {
    const fresh = await start();
    try {
      const deletes = routeList.filter(([, d]) => d.method === 'DELETE');
      assert.equal(deletes.length, 6);
      for (const [key] of deletes) {
        const res = await callRoute(fresh, key);
        assert.equal(res.status, 204, key);
      }
    } finally {
      await fresh.close();
    }
  });
});
