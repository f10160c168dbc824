/**
 * Price comparison seed (api-contract §9): the same product in several shops, found by one
 * search as `<pubnet-price-comparison>` sends it (gtin, else mpn, else title phrase;
 * `ordering: "price"`, `page_size: 48`, `?key=`), and the rows `known.comparison` promises.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createEmulator, known, type Emulator } from '../../src/emulator/index.js';
import { buildSeed } from '../../src/emulator/seed/index.js';

interface Found {
  id: string;
  title: string | null;
  offer: string | null;
  offer_id: string | null;
  price: string | null;
  sale_price: string | null;
  discount: number | null;
  gtin: string | null;
  mpn: string | null;
  link: string | null;
  [field: string]: unknown;
}

const { comparison } = known;
const products = buildSeed().products;
/** `"PLN 19.22"` → 19.22, as §6 reads a price; anything else → null. */
const money = (s: unknown) => {
  const m = typeof s === 'string' ? /^[A-Z]{3} (-?\d+(?:\.\d+)?)$/.exec(s) : null;
  return m ? Number(m[1]) : null;
};

let emu: Emulator;
/** One search as the element sends it. */
async function search(field: string, lookup: string, value: string) {
  const res = await emu.fetch(
    new Request(`http://emu.test/publisher/products/?key=${known.website.guid}`, {
      method: 'POST',
      headers: { Authorization: `Token ${known.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        filters: [{ [field]: { lookup, value } }],
        ordering: 'price',
        page_size: 48,
      }),
    }),
  );
  assert.equal(res.status, 200);
  return (await res.json()) as { count: number; next: string | null; results: Found[] };
}

/** The rows of §9: priced, linked, by the price paid, each offer's first. */
function rows(results: Found[]) {
  const seen = new Set<string>();
  return results
    .map((p) => ({ p, paid: p.sale_price !== null ? p.sale_price : p.price }))
    .filter(({ p, paid }) => money(paid) !== null && /^https?:\/\//i.test(p.link ?? ''))
    .sort((a, b) => (money(a.paid) as number) - (money(b.paid) as number))
    .filter(({ p }) => !seen.has(p.offer_id ?? '') && !!seen.add(p.offer_id ?? ''))
    .map(({ p, paid }) => ({ offer: p.offer, offer_id: p.offer_id, id: p.id, paid }));
}

const ids = (results: Found[]) => results.map((p) => p.id).sort();
const shops = (results: Found[]) => new Set(results.map((p) => p.offer_id)).size;
const ean13 = (gtin: string) =>
  /^\d{13}$/.test(gtin) &&
  [...gtin].reduce((sum, d, i) => sum + Number(d) * (i % 2 === 0 ? 1 : 3), 0) % 10 === 0;

describe('price comparison seed', () => {
  before(() => {
    emu = createEmulator();
  });

  test('gtin exact finds exactly the group: 9 listings of 6 shops, in price order', async () => {
    assert.ok(ean13(comparison.gtin));
    const found = await search('gtin', 'exact', comparison.gtin);
    assert.equal(found.count, 9);
    assert.equal(found.next, null);
    assert.deepEqual(ids(found.results), [...comparison.products].sort());
    assert.equal(shops(found.results), 6);
    // `ordering: "price"` is by `price` (not the price paid), missing prices last.
    const prices = found.results.map((p) => money(p.price));
    assert.equal(prices.at(-1), null);
    const listed = prices.slice(0, -1) as number[];
    assert.deepEqual(
      listed,
      [...listed].sort((a, b) => a - b),
    );
  });

  test('mpn exact and the title phrase find the same listings; case does not matter', async () => {
    for (const [field, lookup, value] of [
      ['mpn', 'exact', comparison.mpn],
      ['mpn', 'exact', comparison.mpn.toLowerCase()],
      ['title', 'phrase', comparison.query],
      ['title', 'phrase', comparison.query.toUpperCase()],
    ]) {
      const found = await search(field, lookup, value);
      assert.deepEqual(ids(found.results), [...comparison.products].sort(), `${field} ${value}`);
      assert.equal(shops(found.results), 6);
    }
    // Titles differ per shop as feeds' do; the phrase still finds them all.
    const titles = new Set(products.filter((p) => p.gtin === comparison.gtin).map((p) => p.title));
    assert.ok(titles.size >= 4);
  });

  test('known.comparison.expected are the rows of the search, whichever filter', async () => {
    for (const [field, lookup, value] of [
      ['gtin', 'exact', comparison.gtin],
      ['mpn', 'exact', comparison.mpn],
      ['title', 'phrase', comparison.query],
    ]) {
      const found = await search(field, lookup, value);
      assert.deepEqual(rows(found.results), comparison.expected, field);
    }
    // Not the first of each shop in the answer's order: a sale makes a dearer listing cheaper.
    const found = await search('gtin', 'exact', comparison.gtin);
    const firstOfShop = found.results.filter(
      (p, i) => found.results.findIndex((q) => q.offer_id === p.offer_id) === i,
    );
    assert.notDeepEqual(
      firstOfShop.map((p) => p.id),
      comparison.expected.map((r) => r.id),
    );
  });

  test('a shop lists it twice; one listing has no price, one no link; some are on sale', async () => {
    const found = (await search('gtin', 'exact', comparison.gtin)).results;
    const byId = new Map(found.map((p) => [p.id, p]));
    const noPrice = byId.get(comparison.noPrice);
    assert.ok(noPrice);
    assert.equal(noPrice.price, null);
    assert.equal(noPrice.sale_price, null);
    assert.match(noPrice.link ?? '', /^http:\/\/emu\.test\/click\//);
    const noLink = byId.get(comparison.noLink);
    assert.ok(noLink);
    assert.equal(noLink.link, null);
    // Without the link filter, it would be a row, and the cheapest.
    const cheapest = Math.min(...found.map((p) => money(p.sale_price ?? p.price) ?? Infinity));
    assert.equal(money(noLink.price), cheapest);
    const perShop = new Map<string, number>();
    for (const p of found) perShop.set(p.offer_id ?? '', (perShop.get(p.offer_id ?? '') ?? 0) + 1);
    assert.ok([...perShop.values()].some((n) => n === 2));
    const onSale = found.filter((p) => p.sale_price !== null);
    assert.ok(onSale.length >= 2);
    for (const p of onSale) {
      assert.ok((money(p.sale_price) as number) < (money(p.price) as number), p.id);
      assert.equal(
        p.discount,
        Math.round((1 - (money(p.sale_price) as number) / (money(p.price) as number)) * 100),
      );
    }
  });

  test('every listing is a full §6 product of an active PLN shop', async () => {
    const offers = buildSeed().offers;
    const listings = [...comparison.products, ...comparison.mpnOnly.products];
    for (const id of listings) {
      const p = products.find((x) => x.id === id);
      assert.ok(p, id);
      const shop = offers.find((o) => o.id === p.offer_id);
      assert.ok(shop && shop.status === 'active' && shop.has_products, id);
      assert.equal(p.offer, shop.title);
      assert.equal(p.currency, 'PLN');
      assert.equal(p.currency, shop.currency);
      if (id !== comparison.noPrice) assert.match(p.price ?? '', /^PLN \d+\.\d{2}$/, id);
      assert.match(p.direct_link ?? '', /^https:\/\/www\.[a-z0-9.]+\/p\/[a-z0-9-]+$/, id);
      assert.equal(p.offer_display_url, `www.${shop.domain}`);
      for (const f of ['title', 'brand', 'category', 'mpn', 'updated_at', 'status'] as const)
        assert.ok(p[f], `${id}.${f}`);
    }
    const res = await emu.fetch(
      new Request(`http://emu.test/publisher/products/?key=${known.website.guid}`, {
        method: 'POST',
        headers: { Authorization: `Token ${known.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ filters: [{ id: { lookup: 'exact', value: listings } }] }),
      }),
    );
    const wire = ((await res.json()) as { results: Found[] }).results;
    assert.equal(wire.length, listings.length);
    for (const p of wire) {
      for (const f of [
        'description',
        'sale_price_effective_date',
        'images',
        'image_link',
        'additional_image_link',
        'mobile_link',
        'gtin',
        'google_product_category',
        'product_type',
        'color',
        'size',
        'gender',
        'age_group',
        'is_cpc',
        'cpc_rate',
      ])
        assert.ok(f in p, `${p.id}.${f}`);
      assert.equal(
        (p.images as { thumb_180: string }).thumb_180,
        `http://emu.test/images/${p.id}.svg?w=180`,
      );
    }
  });

  test('the mpn-only group: no gtin, found by its mpn alone, rows as known says', async () => {
    const found = await search('mpn', 'exact', comparison.mpnOnly.mpn);
    assert.deepEqual(ids(found.results), [...comparison.mpnOnly.products].sort());
    assert.equal(shops(found.results), 3);
    assert.ok(found.results.every((p) => p.gtin === null));
    assert.deepEqual(rows(found.results), comparison.mpnOnly.expected);
    // Its titles differ, so one shop's whole title does not find the others.
    const title = found.results[0]?.title ?? '';
    assert.ok((await search('title', 'phrase', title)).count < found.count);
  });

  test('the hostile products share one gtin, and only they have it', async () => {
    const found = await search('gtin', 'exact', known.hostileGtin);
    assert.deepEqual(ids(found.results), [...known.hostileProductIds].sort());
  });
});
