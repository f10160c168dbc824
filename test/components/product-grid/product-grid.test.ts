import { expect, fixture, fixtureSync, html, oneEvent } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { PubnetProductGrid } from '../../../src/components/product-grid/product-grid.js';
import type { Product } from '../../../src/client/types.js';
import { known } from '../../../src/emulator/known.js';
import type { TestEmulator } from '../../support/emulator.js';
import { emulator, holdAnswers, requests, shadow } from '../support/elements.js';

const key = known.website.guid;

/** The search body the emulator received from the one request of a grid. */
async function searchBody(emu: TestEmulator) {
  const searches = (await requests(emu)).filter((r) => r.path == '/publisher/products/');
  expect(searches).to.have.length(1);
  expect(searches[0].method).to.equal('POST');
  expect(searches[0].search).to.equal(`?key=${key}`);
  return searches[0].body as { filters: unknown[]; ordering: string; page_size: number };
}

/** The products the API gives for `body`, asked directly. */
async function expected(emu: TestEmulator, body: unknown): Promise<Product[]> {
  const res = await fetch(`${emu.url}publisher/products/?key=${key}`, {
    method: 'POST',
    headers: { Authorization: `Token ${emu.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()).results;
}

async function grid(emu: TestEmulator, attrs: string) {
  const el = document.createElement('pubnet-product-grid');
  el.setAttribute('api', emu.url);
  el.setAttribute('key', key);
  el.setAttribute('eager', '');
  for (const [, name, value] of attrs.matchAll(/([\w-]+)(?:="([^"]*)")?/g))
    el.setAttribute(name, value ?? '');
  const loaded = oneEvent(el, 'pubnet-load');
  await fixture(el);
  await loaded;
  await el.updateComplete;
  return el as PubnetProductGrid;
}

/** The product links, one per card. */
const cards = (el: Element) => [...shadow(el).querySelectorAll<HTMLAnchorElement>('a[data-i]')];

describe('<pubnet-product-grid>', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  it('is accessible while loading (skeleton, aria-busy) and when loaded', async () => {
    // The answer waits until the skeleton is checked (not 300 ms, which axe outlasts on a busy machine).
    const answers = holdAnswers();
    try {
      const el = await fixture<PubnetProductGrid>(
        html`<pubnet-product-grid
          api=${emu.url}
          key=${key}
          query="headphones"
        ></pubnet-product-grid>`,
      );
      const loaded = oneEvent(el, 'pubnet-load');
      const list = shadow(el).querySelector('ul')!;
      expect(list.getAttribute('aria-busy')).to.equal('true');
      expect(list.querySelectorAll('li')).to.have.length(8);
      await expect(el).to.be.accessible();
      expect(list.getAttribute('aria-busy'), 'still loading').to.equal('true');
      answers.release();
      await loaded;
      await el.updateComplete;
      expect(list.getAttribute('aria-busy')).to.equal('false');
      await expect(el).to.be.accessible();
    } finally {
      answers.restore();
    }
  });

  it('makes exactly one search, with ?key=, ordering -score and limit 8 by default', async () => {
    const el = await grid(emu, '');
    const body = await searchBody(emu);
    expect(body).to.deep.equal({ filters: [], ordering: '-score', page_size: 8 });
    // Nothing else: no request per product (stats come later, batched).
    expect(await requests(emu, '/publisher/products/')).to.have.length(1);
    const products = await expected(emu, body);
    expect(cards(el)).to.have.length(8);
    // Guarantee 1: each card is the product's link, exactly, with rel and target.
    cards(el).forEach((a, i) => {
      expect(a.getAttribute('href')).to.equal(products[i].link);
      expect(a.rel.split(' ')).to.include.members(['sponsored', 'noopener']);
      expect(a.target).to.equal('_blank');
    });
  });

  it('turns query, brand (a|b), category, offer, prices and on-sale into one search', async () => {
    await grid(
      emu,
      `query="headphones" brand="Sony|Bose" category="Headphones" offer="${known.offers[0]}" ` +
        'min-price="10" max-price="5000" on-sale ordering="-price" limit="3"',
    );
    expect(await searchBody(emu)).to.deep.equal({
      filters: [
        { any: { lookup: 'contains', value: 'headphones' } },
        { brand: { lookup: 'contains', value: ['Sony', 'Bose'] } },
        { category: { lookup: 'contains', value: 'Headphones' } },
        { offer_id: { lookup: 'exact', value: known.offers[0] } },
        { price: { lookup: 'range', value: [10, 5000] } },
        { discount: { lookup: 'gt', value: 0 } },
      ],
      ordering: '-price',
      page_size: 3,
    });
  });

  it('min-price alone is gt, max-price alone is lt', async () => {
    await grid(emu, 'min-price="100"');
    expect((await searchBody(emu)).filters).to.deep.equal([
      { price: { lookup: 'gt', value: 100 } },
    ]);
    await emu.clearRequests();
    await grid(emu, 'max-price="99.5"');
    expect((await searchBody(emu)).filters).to.deep.equal([
      { price: { lookup: 'lt', value: 99.5 } },
    ]);
  });

  it('clamps limit to 1–48 and shows at most limit cards', async () => {
    const el = await grid(emu, 'limit="100"');
    expect((await searchBody(emu)).page_size).to.equal(48);
    expect(cards(el).length).to.be.at.most(48).and.above(8);
    await emu.clearRequests();
    const one = await grid(emu, 'limit="0"');
    expect((await searchBody(emu)).page_size).to.equal(1);
    expect(cards(one)).to.have.length(1);
  });

  it('lays out columns (responsive, at most `columns`) and the list layout', async () => {
    const wrap = fixtureSync<HTMLElement>(html`<div style="width: 1000px"></div>`);
    wrap.style.width = '1000px';
    const el = document.createElement('pubnet-product-grid');
    Object.assign(el, { api: emu.url, key });
    el.setAttribute('columns', '2');
    const loaded = oneEvent(el, 'pubnet-load');
    wrap.append(el);
    await loaded;
    await el.updateComplete;
    const tops = cards(el).map((a) => Math.round(a.getBoundingClientRect().top));
    expect(new Set(tops).size).to.equal(4); // 8 cards, 2 per row
    // Narrow: one column, whatever `columns` says (card min width 150px).
    // Columns are plain CSS: reading a box lays the page out again at once, nothing to wait for.
    wrap.setAttribute('style', 'width: 200px');
    const narrow = cards(el).map((a) => Math.round(a.getBoundingClientRect().left));
    expect(new Set(narrow).size).to.equal(1);

    const list = await grid(emu, 'layout="list" limit="3"');
    const [a, b] = cards(list).map((c) => c.getBoundingClientRect());
    expect(a.left).to.equal(b.left);
    expect(b.top).to.be.above(a.top);
  });

  it('shows image, title, brand, price and a call to action on each card', async () => {
    const el = await grid(emu, 'query="headphones" limit="4"');
    const products = await expected(emu, await searchBody(emu));
    cards(el).forEach((link, i) => {
      const p = products[i];
      const a = link.closest('[part=card]')!;
      const img = a.querySelector('img')!;
      expect(img.getAttribute('src')).to.equal(p.images!.thumb_180);
      expect(img.alt).to.equal(p.title);
      expect(img.getAttribute('loading')).to.equal('lazy');
      expect(img.getAttribute('decoding')).to.equal('async');
      expect(img.getAttribute('width')).to.equal('180');
      expect(img.getAttribute('height')).to.equal('180');
      expect(link.textContent).to.equal(p.title);
      expect(link.getAttribute('part')).to.equal('title');
      expect(a.querySelector('[part=brand]')!.textContent).to.equal(p.brand);
      expect(a.querySelector('[part=price]')!.textContent).not.to.equal('');
      expect(a.querySelector('[part=button]')!.textContent).to.equal('Shop now');
    });
  });

  it('formats prices, sale prices and discounts in the page language, with its words', async () => {
    const before = document.documentElement.lang;
    document.documentElement.lang = 'de-DE';
    try {
      const el = await grid(emu, 'on-sale limit="4"');
      const products = await expected(emu, await searchBody(emu));
      const money = (s: string) => {
        const [currency, amount] = s.split(' ');
        return new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(+amount);
      };
      cards(el).forEach((link, i) => {
        const p = products[i];
        const a = link.closest('[part=card]')!;
        expect(a.querySelector('del')!.textContent).to.equal('Vorher ' + money(p.price!));
        expect(a.querySelector('ins')!.textContent).to.equal('Jetzt ' + money(p.sale_price!));
        const off = new Intl.NumberFormat('de-DE', { style: 'percent' }).format(-p.discount! / 100);
        expect(a.querySelector('[part=price]')!.textContent).to.contain(off);
      });
    } finally {
      document.documentElement.lang = before;
    }
  });

  // Two columns of about 150 px (the narrowest card), and list rows (96 px
  // tall), with long sale prices: nothing may overlap, crush the title or
  // leave the card's fixed box.
  for (const [layout, width] of [
    ['grid', 320],
    ['list', 600],
    ['list', 260],
  ] as const)
    it(`${layout} at ${width} px: title, brand, sale price and button all in view`, async () => {
      const box = await fixture<HTMLDivElement>(html`<div style="width: ${width}px"></div>`);
      const el = await grid(emu, `on-sale limit="4" ordering="-price" layout="${layout}"`);
      box.append(el);
      await el.updateComplete;
      const line = parseFloat(getComputedStyle(el).lineHeight);
      for (const link of cards(el)) {
        const txt = link.parentElement!;
        const part = (name: string) => txt.querySelector(`[part=${name}]`)!.getBoundingClientRect();
        const box = txt.getBoundingClientRect();
        const title = link.getBoundingClientRect();
        const sale = txt.querySelector('ins')!.getBoundingClientRect();
        const lines = title.height / line;
        expect(lines, 'title crushed').to.be.at.least(0.95);
        expect(Math.abs(lines - Math.round(lines)), 'title shows part of a line').to.be.below(0.1);
        expect(part('brand').top, 'brand over the title').to.be.at.least(title.bottom - 0.5);
        expect(part('price').top, 'price over the brand').to.be.at.least(
          part('brand').bottom - 0.5,
        );
        expect(part('button').top, 'button over the price').to.be.at.least(part('price').bottom);
        expect(part('button').bottom, 'button clipped').to.be.at.most(box.bottom);
        expect(sale.right, 'sale price cut off').to.be.at.most(part('price').right);
        expect(sale.width, 'sale price hidden').to.be.above(20);
      }
    });
});
