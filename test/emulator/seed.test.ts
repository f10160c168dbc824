/** The seed: deterministic, large enough, complete, and matching `known`. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { known } from '../../src/emulator/index.js';
import { generateSeed } from '../../src/emulator/seed/index.js';
import { filtersFromRows } from '../../src/client/adslot-filters.js';
import { start, type Started } from './support/calls.js';

const OFFER_FIELDS = [
  'id',
  'title',
  'description',
  'excerpt',
  'terms',
  'preview_url',
  'categories',
  'categories_details',
  'click_session_lifespan',
  'cpc_rate',
  'created_at',
  'currency',
  'currency_details',
  'enforce_geo_targeting',
  'geo_targets',
  'geo_targets_details',
  'goals',
  'has_coupons',
  'has_products',
  'is_access_limited',
  'is_featured',
  'logo_thumbnail',
  'offer_access',
  'policy_cashback',
  'policy_coupons',
  'policy_email_marketing',
  'policy_incentivized',
  'policy_search_marketing',
  'policy_social_media',
  'stats',
  'status',
  'status_name',
];
const CONVERSION_FIELDS = [
  'id',
  'base_publisher_income',
  'publisher_income',
  'click_start_date',
  'click_end_date',
  'clicks_num',
  'commission_group',
  'commission_group_details',
  'commission_group_title',
  'created_at',
  'currency',
  'currency_details',
  'goal',
  'goal_details',
  'is_paid',
  'offer',
  'offer_details',
  'processed_at',
  'status',
  'status_message',
  'status_name',
  'website',
  'website_details',
];

const seed = generateSeed();

describe('seed', () => {
  let emu: Started;
  before(async () => {
    emu = await start();
  });
  after(() => emu.close());

  test('is deterministic', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(generateSeed())), JSON.parse(JSON.stringify(seed)));
  });

  test('no Math.random in the emulator sources, and no clock in the seed', () => {
    const dir = new URL('../../src/emulator/', import.meta.url);
    const files = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'));
    for (const f of files) {
      const text = readFileSync(new URL(f, dir), 'utf8');
      assert.ok(!text.includes('Math.random'), f);
      if (f.startsWith('seed')) assert.ok(!/Date\.now|new Date\(\)/.test(text), f);
    }
  });

  test('websites: active, pending, suspended, as known says', async () => {
    const sites = (await emu.call('GET', '/publisher/websites/')).body.results;
    const byId = new Map(sites.map((w: { id: string }) => [w.id, w]));
    for (const [state, ref] of Object.entries(known.websites)) {
      const w = byId.get(ref.id) as { guid: string; status: string; url: string };
      assert.ok(w, state);
      assert.equal(w.guid, ref.guid);
      assert.equal(w.url, ref.url);
      assert.equal(w.status, state === 'secondActive' ? 'active' : state);
    }
  });

  test('≥ 40 offers, every spec §2.2 field in the detail, all statuses', async () => {
    const list = (await emu.call('GET', '/publisher/offers/?page_size=100')).body;
    assert.ok(list.count >= 40);
    const statuses = new Set(list.results.map((o: { status: string }) => o.status));
    assert.deepEqual([...statuses].sort(), ['active', 'closed', 'paused']);
    for (const o of list.results) {
      const d = (await emu.call('GET', `/publisher/offers/${o.id}/`)).body;
      for (const f of OFFER_FIELDS) assert.ok(f in d, `${o.id}.${f}`);
      assert.ok(d.click_session_lifespan >= 1 && d.click_session_lifespan <= 365);
      assert.ok(d.geo_targets_details.every((g: { country_name: string }) => g.country_name));
      assert.ok(d.categories_details.length >= 1);
    }
    for (const id of known.offers) {
      assert.equal((await emu.call('GET', `/publisher/offers/${id}/`)).body.status, 'active');
    }
    assert.equal(
      (await emu.call('GET', `/publisher/offers/${known.pausedOffer}/`)).body.status,
      'paused',
    );
    assert.equal(
      (await emu.call('GET', `/publisher/offers/${known.closedOffer}/`)).body.status,
      'closed',
    );
  });

  test('≥ 2,000 products over ≥ 10 brands and categories, with sales and nulls', () => {
    const { products } = seed;
    assert.ok(products.length >= 2000);
    assert.ok(new Set(products.map((p) => p.brand)).size >= 10);
    assert.ok(new Set(products.map((p) => p.category)).size >= 10);
    assert.ok(products.filter((p) => p.sale_price !== null).length > 200);
    assert.ok(products.some((p) => p.description === null));
    assert.ok(products.some((p) => p.gtin === null));
    // Hostile products, and the comparison's listing with no price on purpose, aside.
    const ordinary = products.filter(
      (p) => !p.id.startsWith('px') && p.id !== known.comparison.noPrice,
    );
    assert.ok(ordinary.every((p) => /^[A-Z]{3} \d+\.\d{2}$/.test(p.price ?? '')));
    const p = products.find((x) => x.id === known.product);
    assert.ok(p && Object.values(p).every((v) => v !== null), 'known.product has every field');
  });

  test('hostile products carry markup and javascript:/data: URLs', () => {
    const hostile = seed.products.filter((p) =>
      (known.hostileProductIds as readonly string[]).includes(p.id),
    );
    assert.equal(hostile.length, known.hostileProductIds.length);
    const all = JSON.stringify(hostile);
    for (const needle of [
      '<img src=x onerror=alert(1)>',
      '<script>',
      'javascript:',
      'data:image/svg+xml',
    ]) {
      assert.ok(all.includes(needle), needle);
    }
  });

  test('ad slots: both types, config (one invalid), filters, widgets, widget_code', async () => {
    const list = (await emu.call('GET', '/publisher/adslots/')).body.results;
    assert.ok(list.length >= 6);
    assert.deepEqual([...new Set(list.map((a: { type: string }) => a.type))].sort(), [
      'filter',
      'manual',
    ]);
    const invalid = (await emu.call('GET', `/publisher/adslots/${known.invalidConfigAdslot}/`))
      .body;
    assert.throws(() => JSON.parse(invalid.config));
    const full = (await emu.call('GET', `/publisher/adslots/${known.filterAdslot}/`)).body;
    assert.deepEqual(Object.keys(JSON.parse(full.config)).sort(), [
      'columns',
      'cta',
      'disclosure',
      'layout',
      'limit',
      'ordering',
      'show_brand',
      'show_price',
    ]);
    assert.deepEqual(full.website_details, {
      id: known.website.id,
      guid: known.website.guid,
      url: known.website.url,
    });
    const rows = JSON.stringify(full.filters);
    assert.match(rows, /\|/);
    assert.match(rows, /\.\./);
    assert.match(rows, /!/);
    assert.equal(
      full.widget_code,
      `<script async src="https://cdn.example/pubnet-widgets@1/pubnet.min.js" data-config="${known.filterAdslot}" data-key="${known.website.guid}"></script>`,
    );
    const manual = (await emu.call('GET', `/publisher/adslots/${known.manualAdslot}/`)).body;
    assert.ok(manual.widgets.length > 0);
  });

  test('known filter slots find what they promise', async () => {
    const found = async (id: string) => {
      const slot = (await emu.call('GET', `/publisher/adslots/${id}/`)).body;
      const res = await emu.call('POST', '/publisher/products/?page_size=100', {
        body: { filters: filtersFromRows(slot.filters) },
      });
      assert.equal(res.status, 200, id);
      return res.body;
    };
    const hostile = await found(known.hostileAdslot);
    assert.deepEqual(
      hostile.results.map((p: { id: string }) => p.id).sort(),
      [...known.hostileProductIds].sort(),
    );
    assert.equal((await found(known.emptyFilterAdslot)).count, 0);
    const sonyBose = await found(known.filterAdslot);
    assert.ok(sonyBose.count > 5);
    for (const p of sonyBose.results) {
      assert.ok(['Sony', 'Bose'].includes(p.brand));
      assert.equal(p.category, 'Headphones');
      assert.ok(!/refurbished/i.test(p.title));
    }
    for (const slot of (await emu.call('GET', '/publisher/adslots/')).body.results) {
      if (slot.type === 'filter' && slot.id !== known.emptyFilterAdslot)
        assert.ok((await found(slot.id)).count > 0, slot.title);
    }
  });

  test('≥ 250 conversions; processed_at exactly when approved or rejected; CPC ones too', async () => {
    const all = (await emu.call('GET', '/publisher/conversions/?page_size=100&page=1')).body;
    assert.ok(all.count >= 250);
    const c = (await emu.call('GET', `/publisher/conversions/${known.conversion}/`)).body;
    for (const f of CONVERSION_FIELDS) assert.ok(f in c, f);
    const { conversions } = seed;
    assert.deepEqual([...new Set(conversions.map((x) => x.status))].sort(), [
      'approved',
      'pending',
      'rejected',
    ]);
    for (const x of conversions)
      assert.equal(x.processed_at === null, x.status === 'pending', x.id);
    const cpc = (await emu.call('GET', '/publisher/cpc-conversions/')).body;
    assert.ok(cpc.count > 0);
    assert.equal(
      (await emu.call('GET', `/publisher/cpc-conversions/${known.cpcConversion}/`)).status,
      200,
    );
  });

  test('billing, reports, export templates, tokens, reference data', async () => {
    const accounts = (await emu.call('GET', '/publisher/billing_accounts/')).body.results;
    assert.deepEqual(
      accounts.map((a: { currency: string }) => a.currency),
      [...known.billingCurrencies],
    );
    assert.equal((await emu.call('GET', '/publisher/billing_accounts/pln/')).body.currency, 'PLN');
    assert.equal((await emu.call('GET', '/publisher/billing_accounts/GBP/')).status, 404);
    assert.ok((await emu.call('GET', '/publisher/invoices/')).body.count > 0);
    assert.equal(
      (await emu.call('GET', `/publisher/reports/system-configs/${known.systemReportConfig}/`))
        .status,
      200,
    );
    assert.ok((await emu.call('GET', '/publisher/reports/user-configs/')).body.count > 0);
    assert.ok(
      (await emu.call('GET', '/publisher/products/export_templates/fields/')).body.count > 5,
    );
    assert.ok((await emu.call('GET', '/my/private_tokens/')).body.count >= 2);
    for (const path of [
      'currencies',
      'languages',
      'timezones',
      'offer_categories',
      'website_categories',
      'payout_methods',
      'products/feed_languages',
    ]) {
      assert.ok((await emu.call('GET', `/system/${path}/`)).body.count > 0, path);
    }
    const domain = (await emu.call('GET', '/system/tracking_domain/')).body;
    assert.equal(domain.url, emu.url);
  });

  test('instances do not share state', async () => {
    const other = await start();
    try {
      await other.call('DELETE', `/publisher/adslots/${known.filterAdslot}/`);
      assert.equal(
        (await other.call('GET', `/publisher/adslots/${known.filterAdslot}/`)).status,
        404,
      );
      assert.equal(
        (await emu.call('GET', `/publisher/adslots/${known.filterAdslot}/`)).status,
        200,
      );
    } finally {
      await other.close();
    }
  });
});
