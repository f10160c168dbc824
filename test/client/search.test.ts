import { expect } from '@open-wc/testing';
import { type Adslot } from '../../src/client/index.js';
import { parseAdslotConfig } from '../../src/client/adslot-config.js';
import { filtersFromRows, parseFilterField } from '../../src/client/adslot-filters.js';
import { formatPrice, parsePrice } from '../../src/client/price.js';
import { adslotSearch, buildSearch } from '../../src/client/product-search.js';
import { known, setup } from './support/client.js';

const f = (field: string, raw: string | null | undefined) => parseFilterField(field, raw);

describe('ad slot filter mini-language', () => {
  it('text fields: contains or exact groups; offer → offer_id exact', () => {
    for (const field of ['any', 'search_field', 'title', 'brand', 'description', 'category'])
      expect(f(field, 'Sony')).to.deep.equal({ [field]: { lookup: 'contains', value: 'Sony' } });
    for (const field of ['id', 'offer_id', 'feed_id', 'gtin', 'mpn', 'currency', 'status'])
      expect(f(field, 'X1')).to.deep.equal({ [field]: { lookup: 'exact', value: 'X1' } });
    expect(f('offer', known.offers[0])).to.deep.equal({
      offer_id: { lookup: 'exact', value: known.offers[0] },
    });
  });

  it('numbers: a..b range, >a gt, <a lt, a exact', () => {
    expect(f('price', '10..100')).to.deep.equal({ price: { lookup: 'range', value: [10, 100] } });
    expect(f('sale_price', '>10')).to.deep.equal({ sale_price: { lookup: 'gt', value: 10 } });
    expect(f('discount', '<100')).to.deep.equal({ discount: { lookup: 'lt', value: 100 } });
    expect(f('cpc_rate', '42')).to.deep.equal({ cpc_rate: { lookup: 'exact', value: 42 } });
    expect(f('price', ' 9.5 .. 20 ')).to.deep.equal({
      price: { lookup: 'range', value: [9.5, 20] },
    });
    expect(f('price', '0')).to.deep.equal({ price: { lookup: 'exact', value: 0 } });
    expect(f('is_cpc', 'true')).to.deep.equal({ is_cpc: { lookup: 'exact', value: true } });
    expect(f('is_cpc', 'false')).to.deep.equal({ is_cpc: { lookup: 'exact', value: false } });
  });

  it('dates: the same forms, kept as strings; a single day is a range of that day', () => {
    expect(f('updated_at', '2024-01-01..2024-06-30')).to.deep.equal({
      updated_at: { lookup: 'range', value: ['2024-01-01', '2024-06-30'] },
    });
    expect(f('updated_at', '>2024-01-01')).to.deep.equal({
      updated_at: { lookup: 'gt', value: '2024-01-01' },
    });
    expect(f('updated_at', '<2024-01-01T10:00:00Z')).to.deep.equal({
      updated_at: { lookup: 'lt', value: '2024-01-01T10:00:00Z' },
    });
    expect(f('updated_at', '2024-10-01')).to.deep.equal({
      updated_at: { lookup: 'range', value: ['2024-10-01', '2024-10-01'] },
    });
  });

  it('a|b → an array (OR); a leading ! negates with ~', () => {
    expect(f('brand', 'Sony|Bose')).to.deep.equal({
      brand: { lookup: 'contains', value: ['Sony', 'Bose'] },
    });
    expect(f('brand', ' Sony | | Bose ')).to.deep.equal({
      brand: { lookup: 'contains', value: ['Sony', 'Bose'] },
    });
    expect(f('title', '!refurbished')).to.deep.equal({
      title: { lookup: '~contains', value: 'refurbished' },
    });
    expect(f('title', '! game|controller')).to.deep.equal({
      title: { lookup: '~contains', value: ['game', 'controller'] },
    });
    expect(f('price', '!10..20')).to.deep.equal({ price: { lookup: '~range', value: [10, 20] } });
    expect(f('price', '10|20')).to.deep.equal({ price: { lookup: 'exact', value: [10, 20] } });
    expect(f('offer', 'a|b')).to.deep.equal({ offer_id: { lookup: 'exact', value: ['a', 'b'] } });
  });

  it('skips empty fields, unknown fields and numbers that do not parse', () => {
    for (const [field, raw] of [
      ['title', ''],
      ['title', '   '],
      ['title', '!'],
      ['title', null],
      ['brand', undefined],
      ['brand', '|'],
      ['colour', 'red'],
      ['price', 'cheap'],
      ['price', '10..'],
      ['price', '>'],
      ['price', '1..2..3'],
      ['updated_at', '2024-01-01..'],
    ] as const)
      expect(f(field, raw), `${field}=${raw}`).to.equal(undefined);
  });

  it('rows → one ANDed filter per non-empty field, in order', () => {
    expect(
      filtersFromRows([
        { brand: 'Sony|Bose', category: 'Headphones', title: '' },
        { price: '10..5000', title: '!refurbished' },
      ]),
    ).to.deep.equal([
      { brand: { lookup: 'contains', value: ['Sony', 'Bose'] } },
      { category: { lookup: 'contains', value: 'Headphones' } },
      { price: { lookup: 'range', value: [10, 5000] } },
      { title: { lookup: '~contains', value: 'refurbished' } },
    ]);
    expect(filtersFromRows(undefined)).to.deep.equal([]);
    expect(filtersFromRows(null)).to.deep.equal([]);
  });

  it('a filter slot found through its own search matches what the server says it shows', async () => {
    const { emu, client } = await setup();
    const slot = await client.adslots.get({ uuid: known.filterAdslot });
    const body = adslotSearch(slot);
    expect(body.page_size).to.equal(8);
    expect(body.ordering).to.equal('-score');
    const page = await client.products.search({ body, query: { key: known.website.guid } });
    expect(page.count).to.be.above(0);
    // every filter of the slot: brand Sony|Bose, category Headphones, price 10..5000, !refurbished
    for (const p of page.results) {
      expect(p.brand).to.match(/Sony|Bose/);
      expect(p.category).to.match(/Headphones/i);
      expect(parsePrice(p.price)?.amount).to.be.within(10, 5000);
      expect(p.title).not.to.match(/refurbished/i);
      expect(p.link).to.be.a('string');
    }
    const empty = await client.adslots.get({ uuid: known.emptyFilterAdslot });
    expect((await client.products.search({ body: adslotSearch(empty) })).count).to.equal(0);
    const dated = await client.products.searchV2({
      body: { filters: filtersFromRows([{ updated_at: '>2000-01-01', price: '>0' }]) },
    });
    expect(dated.count).to.be.above(0);
    await emu.stop();
  });
});

describe('buildSearch', () => {
  it('empty options: no filters', () => {
    expect(buildSearch()).to.deep.equal({ filters: [] });
    expect(buildSearch({ query: '', brand: [], minPrice: null })).to.deep.equal({ filters: [] });
  });

  it('maps every option', () => {
    expect(
      buildSearch({
        query: 'wireless headphones',
        brand: ['Sony', 'Bose'],
        category: 'Audio',
        offer: 'o1',
        minPrice: 10,
        maxPrice: 200,
        onSale: true,
        ordering: '-price',
        pageSize: 12,
      }),
    ).to.deep.equal({
      filters: [
        { any: { lookup: 'contains', value: 'wireless headphones' } },
        { brand: { lookup: 'contains', value: ['Sony', 'Bose'] } },
        { category: { lookup: 'contains', value: 'Audio' } },
        { offer_id: { lookup: 'exact', value: 'o1' } },
        { price: { lookup: 'range', value: [10, 200] } },
        { discount: { lookup: 'gt', value: 0 } },
      ],
      ordering: '-price',
      page_size: 12,
    });
  });

  it('a single price bound is gt / lt; a|b strings are OR', () => {
    expect(buildSearch({ minPrice: 0 }).filters).to.deep.equal([
      { price: { lookup: 'gt', value: 0 } },
    ]);
    expect(buildSearch({ maxPrice: 99.9 }).filters).to.deep.equal([
      { price: { lookup: 'lt', value: 99.9 } },
    ]);
    expect(buildSearch({ brand: 'Sony|Bose' }).filters).to.deep.equal([
      { brand: { lookup: 'contains', value: ['Sony', 'Bose'] } },
    ]);
  });

  it('appends extra filters; the server accepts what it builds', async () => {
    const body = buildSearch(
      { brand: 'Sony', minPrice: 1, maxPrice: 100000, ordering: '-score', pageSize: 5 },
      [{ title: { lookup: '~contains', value: 'refurbished' } }],
    );
    expect(body.filters).to.have.length(3);
    const { emu, client } = await setup();
    const page = await client.products.search({ body });
    expect(page.results.length).to.be.within(1, 5);
    for (const p of page.results) expect(p.brand).to.match(/Sony/);
    await emu.stop();
  });
});

describe('prices', () => {
  it('parses "CUR 12.34"', () => {
    expect(parsePrice('PLN 19.22')).to.deep.equal({ currency: 'PLN', amount: 19.22 });
    expect(parsePrice('EUR 5')).to.deep.equal({ currency: 'EUR', amount: 5 });
    expect(parsePrice('USD 0.99')).to.deep.equal({ currency: 'USD', amount: 0.99 });
  });

  it('anything else is null', () => {
    for (const v of [
      '19.22',
      'PLN',
      'pln 19.22',
      'PLN 19,22',
      'PLN19.22',
      '19.22 PLN',
      'PLN 1.2.3',
      '',
      null,
      undefined,
      19.22,
    ])
      expect(parsePrice(v), String(v)).to.equal(null);
  });

  it('formats with Intl, or shows the raw string', () => {
    expect(formatPrice('PLN 19.22', 'en-US')).to.equal(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'PLN' }).format(19.22),
    );
    expect(formatPrice('about 5 zł', 'pl-PL')).to.equal('about 5 zł');
    expect(formatPrice(null)).to.equal('');
  });
});

describe('ad slot config', () => {
  it('parses a full config', () => {
    const config = {
      layout: 'grid',
      columns: 4,
      limit: 8,
      ordering: '-score',
      show_price: true,
      show_brand: false,
      cta: 'Shop now',
      disclosure: 'Ad',
    };
    expect(parseAdslotConfig(JSON.stringify(config))).to.deep.equal(config);
  });

  it('invalid JSON, non-objects and nothing → {}', () => {
    for (const v of ['{not json', '', null, undefined, '42', '"grid"', 'null', '[1,2]', 5])
      expect(parseAdslotConfig(v), String(v)).to.deep.equal({});
  });

  it('clamps columns 1–6 and limit 1–48, drops a bad layout and wrong types', () => {
    expect(
      parseAdslotConfig(
        JSON.stringify({
          layout: 'masonry',
          columns: 12,
          limit: 0,
          ordering: 5,
          show_price: 'yes',
          cta: null,
          extra: 1,
        }),
      ),
    ).to.deep.equal({ columns: 6, limit: 1 });
    expect(parseAdslotConfig('{"columns": -3, "limit": 1000, "layout": "list"}')).to.deep.equal({
      columns: 1,
      limit: 48,
      layout: 'list',
    });
    expect(parseAdslotConfig('{"columns": "3", "limit": 2.6}')).to.deep.equal({ limit: 3 });
  });

  it('the seeded slot with invalid config JSON', async () => {
    const { emu, client } = await setup();
    const slot: Adslot = await client.adslots.get({ uuid: known.invalidConfigAdslot });
    expect(parseAdslotConfig(slot.config)).to.deep.equal({});
    expect(adslotSearch(slot)).to.deep.equal({ filters: filtersFromRows(slot.filters) });
    await emu.stop();
  });
});
