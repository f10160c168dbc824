/** Product search (api-contract §5): every lookup, negation, OR, AND, ordering, errors, keys. */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createEmulator, known, type Emulator } from '../../src/emulator/index.js';
import { buildSeed } from '../../src/emulator/seed/index.js';
import type { ProductRec } from '../../src/emulator/state.js';
import type { Reply } from './support/calls.js';

const products: readonly ProductRec[] = buildSeed().products;
const money = (s: string | null) =>
  s && /^[A-Z]{3} [\d.]+$/.test(s) ? Number(s.split(' ')[1]) : null;
const count = (pred: (p: ProductRec) => boolean) => products.filter(pred).length;
const lower = (s: string | null) => (s ?? '').toLowerCase();

let emu: Emulator;
async function search(
  body: unknown,
  query = '',
  path = '/publisher/products/',
): Promise<Pick<Reply, 'status' | 'body'>> {
  const res = await emu.fetch(
    new Request(`http://emu.test${path}${query}`, {
      method: 'POST',
      headers: { Authorization: `Token ${known.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: await res.json() };
}
const filter = (field: string, lookup: string, value: unknown) => ({ [field]: { lookup, value } });
const countOf = async (...filters: unknown[]) =>
  (await search({ filters, page_size: 1 })).body.count as number;

describe('product search', () => {
  before(() => {
    emu = createEmulator();
  });

  test('no filters: everything, 20 per page', async () => {
    const res = await search({});
    assert.equal(res.body.count, products.length);
    assert.ok(products.length >= 2000);
    assert.equal(res.body.results.length, 20);
  });

  test('text lookups: contains, exact, starts_with, phrase, dis_max', async () => {
    assert.equal(
      await countOf(filter('title', 'contains', 'SONY')),
      count((p) => lower(p.title).includes('sony')),
    );
    assert.equal(
      await countOf(filter('brand', 'exact', 'sony')),
      count((p) => lower(p.brand) === 'sony'),
    );
    assert.equal(
      await countOf(filter('title', 'starts_with', 'refurbished')),
      count((p) => lower(p.title).startsWith('refurbished')),
    );
    const phrase = await countOf(filter('title', 'phrase', 'noise cancelling'));
    assert.equal(
      phrase,
      count((p) => lower(p.title).includes('noise cancelling headphones')),
    );
    assert.equal(await countOf(filter('title', 'phrase', 'cancelling noise')), 0);
    // phrase matches whole words; contains does not care.
    assert.equal(await countOf(filter('title', 'phrase', 'cancel')), 0);
    assert.ok((await countOf(filter('title', 'contains', 'cancel'))) > 0);
    const words = (s: string | null) => lower(s).split(/[^\p{L}\p{N}]+/u);
    assert.equal(
      await countOf(filter('title', 'dis_max', 'espresso robot')),
      count((p) => words(p.title).includes('espresso') || words(p.title).includes('robot')),
    );
  });

  test('every text field takes the text lookups', async () => {
    const p = products.find((x) => x.id === known.product) as ProductRec;
    const exactFields = [
      'title',
      'brand',
      'description',
      'category',
      'currency',
      'id',
      'offer_id',
      'feed_id',
      'status',
      'gtin',
      'mpn',
    ] as const;
    for (const field of exactFields) {
      const value = p[field] as string;
      const res = await search({ filters: [filter(field, 'exact', value)], page_size: 100 });
      assert.equal(res.status, 200, field);
      assert.ok(
        res.body.results.some((r: { id: string }) => r.id === p.id),
        field,
      );
      assert.equal(
        res.body.count,
        count((x) => lower(x[field]) === lower(value)),
        field,
      );
    }
    assert.equal(await countOf(filter('gtin', 'exact', p.gtin)), 1);
    for (const field of ['any', 'search_field']) {
      const res = await search({ filters: [filter(field, 'contains', p.brand)], page_size: 1 });
      assert.ok(res.body.count >= (await countOf(filter('brand', 'contains', p.brand))), field);
    }
    assert.equal(await countOf(filter('any', 'exact', p.gtin)), 1);
    // Each lookup on each text field finds the product by its own value.
    const fieldValues: [string, unknown][] = [
      ['any', p.brand],
      ['search_field', p.brand],
      ...exactFields.map((field): [string, unknown] => [field, p[field]]),
    ];
    for (const [field, value] of fieldValues) {
      for (const lookup of ['contains', 'exact', 'starts_with', 'phrase', 'dis_max'])
        assert.equal(
          await countOf(filter(field, lookup, value), filter('id', 'exact', p.id)),
          1,
          `${field} ${lookup}`,
        );
    }
  });

  test('numeric lookups on price, sale_price, discount, cpc_rate, is_cpc', async () => {
    assert.equal(
      await countOf(filter('price', 'lt', 100)),
      count((p) => (money(p.price) ?? Infinity) < 100),
    );
    assert.equal(
      await countOf(filter('price', 'gt', '5000')),
      count((p) => (money(p.price) ?? -1) > 5000),
    );
    assert.equal(
      await countOf(filter('price', 'range', [100, 200])),
      count((p) => {
        const v = money(p.price);
        return v !== null && v >= 100 && v <= 200;
      }),
    );
    const p = products.find((x) => x.id === known.product) as ProductRec;
    assert.ok((await countOf(filter('price', 'exact', p.price))) >= 1);
    assert.equal(
      await countOf(filter('sale_price', 'gt', 0)),
      count((p) => money(p.sale_price) !== null),
    );
    assert.equal(
      await countOf(filter('discount', 'gt', 40)),
      count((p) => (p.discount ?? 0) > 40),
    );
    assert.equal(
      await countOf(filter('cpc_rate', 'gt', 0)),
      count((p) => money(p.cpc_rate) !== null),
    );
    assert.equal(
      await countOf(filter('is_cpc', 'exact', true)),
      count((p) => p.is_cpc === true),
    );
    assert.equal(
      await countOf(filter('is_cpc', 'exact', 0)),
      count((p) => p.is_cpc === false),
    );
  });

  test('date lookups on updated_at', async () => {
    const t = (s: string | null) => Date.parse(s ?? '');
    const cut = Date.parse('2024-06-01T00:00:00Z');
    assert.equal(
      await countOf(filter('updated_at', 'lt', '2024-06-01')),
      count((p) => t(p.updated_at) < cut),
    );
    assert.equal(
      await countOf(filter('updated_at', 'gt', '2024-06-01T00:00:00Z')),
      count((p) => t(p.updated_at) > cut),
    );
    const end = Date.parse('2024-07-01T00:00:00Z');
    assert.equal(
      await countOf(filter('updated_at', 'range', ['2024-06-01', '2024-06-30'])),
      count((p) => t(p.updated_at) >= cut && t(p.updated_at) < end),
    );
  });

  test('~ negates, an array is OR, filters are ANDed', async () => {
    const total = products.length;
    const sony = await countOf(filter('brand', 'exact', 'Sony'));
    const bose = await countOf(filter('brand', 'exact', 'Bose'));
    assert.ok(sony > 0 && bose > 0);
    assert.equal(await countOf(filter('brand', '~exact', 'Sony')), total - sony);
    assert.equal(await countOf(filter('brand', 'exact', ['Sony', 'Bose'])), sony + bose);
    assert.equal(await countOf(filter('brand', '~exact', ['Sony', 'Bose'])), total - sony - bose);
    assert.equal(
      await countOf(filter('price', '~lt', 100)),
      count((p) => !((money(p.price) ?? Infinity) < 100)),
    );
    assert.equal(
      await countOf(
        filter('price', 'range', [
          [10, 20],
          [100, 120],
        ]),
      ),
      count((p) => {
        const v = money(p.price) ?? -1;
        return (v >= 10 && v <= 20) || (v >= 100 && v <= 120);
      }),
    );
    const both = await search({
      filters: [filter('brand', 'exact', 'Sony'), filter('category', 'exact', 'Headphones')],
      page_size: 100,
    });
    assert.equal(
      both.body.count,
      count((p) => p.brand === 'Sony' && p.category === 'Headphones'),
    );
    assert.ok(
      both.body.results.every((p: ProductRec) => p.brand === 'Sony' && p.category === 'Headphones'),
    );
    const oneElement = await countOf({
      brand: { lookup: 'exact', value: 'Sony' },
      category: { lookup: 'exact', value: 'Headphones' },
    });
    assert.equal(oneElement, both.body.count);
  });

  test('ordering: price, -price, -discount, -updated_at, title, -score', async () => {
    const run = async (ordering: string) =>
      (
        await search({
          ordering,
          page_size: 100,
          filters: [filter('category', 'exact', 'Cameras')],
        })
      ).body.results as ProductRec[];
    const asc = (await run('price')).map((p) => money(p.price) as number);
    assert.deepEqual(
      asc,
      [...asc].sort((a, b) => a - b),
    );
    const desc = (await run('-price')).map((p) => money(p.price) as number);
    assert.deepEqual(
      desc,
      [...desc].sort((a, b) => b - a),
    );
    const disc = (await run('-discount')).map((p) => p.discount);
    const firstNull = disc.indexOf(null);
    assert.ok(firstNull === -1 || disc.slice(firstNull).every((d) => d === null), 'nulls last');
    const numbers = disc.filter((d): d is number => d !== null);
    assert.deepEqual(
      numbers,
      [...numbers].sort((a, b) => b - a),
    );
    const dates = (await run('-updated_at')).map((p) => p.updated_at as string);
    assert.deepEqual(dates, [...dates].sort().reverse());
    const titles = (await run('title')).map((p) => lower(p.title));
    assert.deepEqual(
      titles,
      [...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    // Relevance: products matching both dis_max words come first; ties by id.
    const scored = (
      await search({ filters: [filter('title', 'dis_max', 'sony headphones')], page_size: 100 })
    ).body.results as ProductRec[];
    const hits = (p: ProductRec) =>
      ['sony', 'headphones'].filter((w) => lower(p.title).split(/\W+/).includes(w)).length;
    const scores = scored.map(hits);
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
    );
    assert.equal(scores[0], 2);
    const tied = scored.filter((p) => hits(p) === scores[0]).map((p) => p.id);
    assert.deepEqual(tied, [...tied].sort());
  });

  test('400 on unknown field, lookup, ordering or a bad value, naming it', async () => {
    const field = await search({ filters: [filter('colour', 'exact', 'red')] });
    assert.equal(field.status, 400);
    assert.match(field.body.filters[0], /colour/);
    const lookup = await search({ filters: [filter('price', 'contains', '10')] });
    assert.equal(lookup.status, 400);
    assert.match(lookup.body.filters[0], /contains/);
    assert.match(lookup.body.filters[0], /price/);
    const dateLookup = await search({ filters: [filter('updated_at', 'exact', '2024-01-01')] });
    assert.equal(dateLookup.status, 400);
    const ordering = await search({ ordering: 'popularity' });
    assert.equal(ordering.status, 400);
    assert.match(ordering.body.ordering[0], /popularity/);
    assert.equal((await search({ filters: [filter('price', 'gt', 'lots')] })).status, 400);
    assert.equal((await search({ filters: [filter('price', 'range', [1])] })).status, 400);
    assert.equal((await search({ filters: [filter('title', 'contains', [])] })).status, 400);
    assert.equal((await search({ filters: 'title' })).status, 400);
    assert.equal((await search({ page: 0 })).status, 400);
  });

  test('paging from the body, overridden by the query string; v2 envelope', async () => {
    const body = { filters: [filter('brand', 'exact', 'Sony')], page_size: 7, page: 2 };
    const v1 = await search(body);
    assert.equal(v1.body.results.length, 7);
    const next = new URL(v1.body.next);
    assert.equal(next.searchParams.get('page'), '3');
    // POSTing the same body to `next` gives page 3.
    const p3 = await search(body, next.search);
    const p3direct = await search({ ...body, page: 3 });
    assert.deepEqual(p3.body.results, p3direct.body.results);
    const v2 = await search(body, '', '/publisher/products/v2/');
    assert.deepEqual(Object.keys(v2.body).sort(), ['count', 'data', 'pagination']);
    assert.deepEqual(v2.body.pagination, { page: 2, page_size: 7, next_page: 3, previous_page: 1 });
    assert.deepEqual(v2.body.data, v1.body.results);
  });

  test('?key= gives every product a click link; none without; unknown key 400', async () => {
    const body = { filters: [filter('category', 'exact', 'Headphones')], page_size: 10 };
    const without = await search(body);
    assert.ok(without.body.results.every((p: ProductRec & { link: unknown }) => p.link === null));
    const withKey = await search(body, `?key=${known.website.guid}`);
    for (const p of withKey.body.results)
      assert.match(p.link, /^http:\/\/emu\.test\/click\/[0-9a-f]+\/$/);
    const again = await search(body, `?key=${known.website.guid}`);
    assert.deepEqual(
      again.body.results.map((p: { link: string }) => p.link),
      withKey.body.results.map((p: { link: string }) => p.link),
    );
    const bad = await search(body, '?key=not-a-website');
    assert.equal(bad.status, 400);
    assert.ok(Array.isArray(bad.body.key));
    const hostile = await search({ filters: [filter('feed_id', 'exact', 'feed-hostile')] });
    assert.ok(hostile.body.results.every((p: { link: unknown }) => p.link === null));
  });

  test('products carry every field of contract §6 and local SVG images', async () => {
    const res = await search(
      { filters: [filter('id', 'exact', known.product)] },
      `?key=${known.website.guid}`,
    );
    const p = res.body.results[0];
    for (const f of [
      'id',
      'title',
      'description',
      'price',
      'sale_price',
      'sale_price_effective_date',
      'discount',
      'offer',
      'offer_id',
      'brand',
      'category',
      'images',
      'image_link',
      'additional_image_link',
      'link',
      'mobile_link',
      'direct_link',
      'gtin',
      'mpn',
      'google_product_category',
      'product_type',
      'color',
      'size',
      'gender',
      'age_group',
      'updated_at',
      'is_cpc',
      'cpc_rate',
      'offer_display_url',
    ]) {
      assert.ok(f in p, f);
    }
    assert.match(p.price, /^[A-Z]{3} \d+\.\d{2}$/);
    assert.equal(p.images.thumb_180, `http://emu.test/images/${known.product}.svg?w=180`);
    assert.equal(p.images.thumb_43, `http://emu.test/images/${known.product}.svg?w=43`);
  });
});
