// <pubnet-price-comparison> against the emulator's comparable products (known.comparison):
// one search, the rows it makes (one per shop, that shop's cheapest listing, cheapest shop
// first, listings without a price or a link left out), the order, the limit, the lead and
// fallback slots, the page's language, and the shops' logos read after the rows.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { PubnetPriceComparison } from '../../../src/components/price-comparison/price-comparison.js';
import type { Product } from '../../../src/client/types.js';
import { known } from '../../../src/emulator/known.js';
import { startProxy, type TestEmulator } from '../../support/emulator.js';
import {
  emulator,
  emulatorBehindProxy,
  nextEvent,
  placeRendered,
  recordFetches,
  requests,
  shadow,
} from '../support/elements.js';

const key = known.website.guid;
const { comparison } = known;

/** A publisher's `<p slot="…">` children: a lead and a fallback. */
function withSlots(el: Element) {
  for (const [slot, words] of [
    ['lead', 'Gdzie kupić najtaniej:'],
    ['fallback', 'Brak ofert.'],
  ]) {
    const p = document.createElement('p');
    p.slot = slot;
    p.textContent = words;
    el.append(p);
  }
}

/** A comparison with `attributes`, not yet placed. */
function made(emu: TestEmulator, attributes: Record<string, string>) {
  const el = document.createElement('pubnet-price-comparison');
  for (const [name, value] of Object.entries({ api: emu.url, key, eager: '', ...attributes }))
    el.setAttribute(name, value);
  return el as PubnetPriceComparison;
}

/** A comparison with `attributes`, loaded. */
async function compare(
  emu: TestEmulator,
  attributes: Record<string, string>,
  event: 'pubnet-load' | 'pubnet-error' = 'pubnet-load',
) {
  const el = made(emu, attributes);
  const done = oneEvent(el, event);
  await fixture(el);
  await done;
  await el.updateComplete;
  return el as PubnetPriceComparison;
}

/** The rows' links, in order. */
const rows = (el: Element) => [...shadow(el).querySelectorAll<HTMLAnchorElement>('a[data-i]')];
/** The shops' names, in row order. */
const shops = (el: Element) => rows(el).map((a) => a.querySelector('[part=shop]')!.textContent);

/** The search the emulator received: exactly one, with ?key=. */
async function theSearch(emu: TestEmulator) {
  const searches = await requests(emu, '/publisher/products/');
  expect(searches).to.have.length(1);
  expect(searches[0].method).to.equal('POST');
  expect(searches[0].search).to.equal(`?key=${key}`);
  return searches[0].body as { filters: unknown[]; ordering: string; page_size: number };
}

/** The API's products for the comparison's listings, by id (asked directly). */
async function listings(emu: TestEmulator): Promise<Map<string, Product>> {
  const res = await fetch(`${emu.url}publisher/products/?key=${key}`, {
    method: 'POST',
    headers: { Authorization: `Token ${emu.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      filters: [
        {
          id: { lookup: 'exact', value: [...comparison.products, ...comparison.mpnOnly.products] },
        },
      ],
      page_size: 48,
    }),
  });
  return new Map(((await res.json()).results as Product[]).map((p) => [p.id!, p]));
}

/** Resolves once `condition()` holds, checked whenever `root` changes. */
function when(root: Node, condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (condition()) return resolve();
    const observer = new MutationObserver(() => {
      if (!condition()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true });
  });
}

describe('<pubnet-price-comparison>', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  it('one search by gtin: one row per shop, its cheapest listing, cheapest first', async () => {
    const loaded = nextEvent('pubnet-price-comparison', 'pubnet-load');
    const el = await compare(emu, { gtin: comparison.gtin, show: 'brand' });
    expect((await loaded).detail.count).to.equal(comparison.expected.length);
    expect(await theSearch(emu)).to.deep.equal({
      filters: [{ gtin: { lookup: 'exact', value: comparison.gtin } }],
      ordering: 'price',
      page_size: 48,
    });
    const products = await listings(emu);
    expect(shops(el)).to.deep.equal(comparison.expected.map((row) => row.offer));
    // Each row is exactly its product's link: the shop's cheapest, not another listing.
    expect(rows(el).map((a) => a.getAttribute('href'))).to.deep.equal(
      comparison.expected.map((row) => products.get(row.id)!.link),
    );
    for (const a of rows(el)) {
      expect(a.rel.split(' ')).to.include.members(['sponsored', 'noopener']);
      expect(a.target).to.equal('_blank');
    }
    // Left out: the listing without a price, and the one without a link (the cheapest).
    const hrefs = rows(el).map((a) => a.getAttribute('href'));
    expect(hrefs).not.to.include(products.get(comparison.noPrice)!.link);
    expect(products.get(comparison.noLink)!.link).to.equal(null);
    // Nothing else was asked: no offer read (no logos shown), no request per row.
    expect(await requests(emu, '/publisher/offers/')).to.have.length(0);
  });

  it('by mpn, and by the name as a phrase, the same rows', async () => {
    const byMpn = await compare(emu, { mpn: comparison.mpn, show: 'image' });
    expect((await theSearch(emu))?.filters).to.deep.equal([
      { mpn: { lookup: 'exact', value: comparison.mpn } },
    ]);
    expect(shops(byMpn)).to.deep.equal(comparison.expected.map((row) => row.offer));
    byMpn.remove();
    await emu.stop();
    emu = await emulator();
    const byName = await compare(emu, { query: comparison.query, show: 'image' });
    expect((await theSearch(emu))?.filters).to.deep.equal([
      { title: { lookup: 'phrase', value: comparison.query } },
    ]);
    expect(shops(byName)).to.deep.equal(comparison.expected.map((row) => row.offer));
  });

  it('gtin before mpn before query; an mpn-only product', async () => {
    const el = await compare(emu, {
      mpn: comparison.mpnOnly.mpn,
      query: 'no such product',
      show: 'image',
    });
    expect(shops(el)).to.deep.equal(comparison.mpnOnly.expected.map((row) => row.offer));
  });

  it('ordering="-price": dearest shop first, each still at its cheapest; limit counts shops', async () => {
    const el = await compare(emu, { gtin: comparison.gtin, ordering: '-price', limit: '2' });
    const expected = [...comparison.expected].reverse().slice(0, 2);
    expect(shops(el)).to.deep.equal(expected.map((row) => row.offer));
    const products = await listings(emu);
    expect(rows(el).map((a) => a.getAttribute('href'))).to.deep.equal(
      expected.map((row) => products.get(row.id)!.link),
    );
    el.limit = 3;
    el.ordering = 'price';
    await oneEvent(el, 'pubnet-load');
    await el.updateComplete;
    expect(shops(el)).to.deep.equal(comparison.expected.slice(0, 3).map((row) => row.offer));
    // Empty places keep the room of the limit: nothing below moves.
    expect(shadow(el).querySelectorAll('li')).to.have.length(3);
  });

  it('fewer shops than the limit: the rest of the room stays, empty and hidden from readers', async () => {
    const el = await compare(emu, { gtin: comparison.gtin, limit: '8', show: 'image' });
    const items = [...shadow(el).querySelectorAll('li')];
    expect(items).to.have.length(8);
    expect(items.slice(6).every((li) => li.getAttribute('aria-hidden') == 'true')).to.equal(true);
    expect(items.slice(6).every((li) => getComputedStyle(li).visibility == 'hidden')).to.equal(
      true,
    );
  });

  it('rows that arrive while it is wholly below the viewport take only their own room', async () => {
    const spacer = document.createElement('div');
    spacer.style.height = `${innerHeight + 100}px`;
    const el = made(emu, { gtin: comparison.gtin, show: 'image' });
    const loaded = oneEvent(el, 'pubnet-load');
    const page = await fixture(html`<div></div>`);
    page.append(spacer, el);
    await loaded;
    await el.updateComplete;
    expect(el.getBoundingClientRect().top).to.be.at.least(innerHeight);
    expect(shadow(el).querySelectorAll('li')).to.have.length(6);
  });

  it('in view, but with the empty rows’ place below the viewport: they go, nothing seen moves', async () => {
    const spacer = document.createElement('div');
    spacer.style.height = `${innerHeight - 200}px`;
    const el = made(emu, { gtin: comparison.gtin, show: 'image', limit: '20' });
    const loaded = oneEvent(el, 'pubnet-load');
    const page = await fixture(html`<div></div>`);
    page.append(spacer, el);
    await loaded;
    await el.updateComplete;
    // The rows are in view; where the 14 empty ones would start is not.
    expect(el.getBoundingClientRect().top).to.be.below(innerHeight);
    expect(shadow(el).querySelectorAll('li')).to.have.length(6);
  });

  it('the lead waits hidden in its place, shows with the rows, and never with the fallback', async () => {
    await emu.setLatency(200);
    const el = made(emu, { gtin: comparison.gtin });
    withSlots(el);
    const loaded = oneEvent(el, 'pubnet-load');
    await fixture(el);
    const lead = el.querySelector<HTMLElement>('[slot=lead]')!;
    const fallback = el.querySelector<HTMLElement>('[slot=fallback]')!;
    expect(lead.assignedSlot, 'in its place while loading').to.not.equal(null);
    expect(getComputedStyle(lead).visibility).to.equal('hidden');
    expect(fallback.assignedSlot).to.equal(null);
    await loaded;
    await el.updateComplete;
    expect(lead.assignedSlot).to.not.equal(null);
    expect(getComputedStyle(lead).visibility).to.equal('visible');
    expect(lead.getBoundingClientRect().bottom).to.be.at.most(
      rows(el)[0].getBoundingClientRect().top,
    );
    expect(fallback.assignedSlot).to.equal(null);
  });

  it('finds nothing: the fallback alone, without the lead; without a fallback it collapses', async () => {
    const el = made(emu, { gtin: '5901234123457' });
    withSlots(el);
    const loaded = oneEvent(el, 'pubnet-load');
    await fixture(el);
    expect((await loaded).detail.count).to.equal(0);
    await el.updateComplete;
    expect(el.getAttribute('state')).to.equal('fallback');
    expect(el.querySelector<HTMLElement>('[slot=fallback]')!.assignedSlot).to.not.equal(null);
    expect(el.querySelector<HTMLElement>('[slot=lead]')!.assignedSlot).to.equal(null);
    expect(rows(el)).to.have.length(0);

    const bare = await compare(emu, { gtin: '5901234123457' });
    expect(bare.state).to.equal('collapsed');
    expect(bare.getBoundingClientRect().height).to.equal(0);
  });

  it('without gtin, mpn or query: pubnet-error, collapsed, and nothing asked', async () => {
    const el = await compare(emu, { limit: '3' }, 'pubnet-error');
    expect(el.state).to.equal('collapsed');
    expect(await requests(emu)).to.have.length(0);
  });

  it('in Polish: the list named, prices in złoty, the call to action and label in Polish', async () => {
    const el = await compare(emu, { gtin: comparison.gtin, lang: 'pl', show: 'image' });
    const list = shadow(el).querySelector('ul')!;
    expect(list.getAttribute('aria-label')).to.equal('Porównaj ceny');
    expect(shadow(el).querySelector('[part=disclosure]')!.textContent).to.equal('Reklama');
    const first = rows(el)[0];
    expect(first.querySelector('[part=button]')!.textContent).to.equal('Do sklepu');
    const paid = Number(comparison.expected[0].paid.split(' ')[1]);
    const price = first.querySelector('[part=price]')!.textContent!.replace(/\s+/g, ' ');
    const formatted = new Intl.NumberFormat('pl', { style: 'currency', currency: 'PLN' })
      .format(paid)
      .replace(/\s+/g, ' ');
    expect(price).to.contain(formatted);
    expect(formatted).to.contain('zł');
    el.setAttribute('lang', 'en');
    await el.updateComplete;
    expect(list.getAttribute('aria-label')).to.equal('Compare prices');
    expect(rows(el)[0].querySelector('[part=button]')!.textContent).to.equal('Shop now');
  });

  it('the shops’ logos, one read per shop, after the rows: named by the shop, no row moves', async () => {
    const el = await compare(emu, { gtin: comparison.gtin });
    const heights = rows(el).map((a) => a.getBoundingClientRect().height);
    await when(shadow(el), () => shadow(el).querySelectorAll('img[part=logo]').length == 6);
    const reads = await requests(emu, '/publisher/offers/', 'GET');
    expect(reads.map((r) => r.path).sort()).to.deep.equal(
      comparison.expected.map((row) => `/publisher/offers/${row.offer_id}/`).sort(),
    );
    for (const [i, a] of rows(el).entries()) {
      const row = comparison.expected[i];
      const offer = await (
        await fetch(`${emu.url}publisher/offers/${row.offer_id}/`, {
          headers: { Authorization: `Token ${emu.token}` },
        })
      ).json();
      const img = a.querySelector<HTMLImageElement>('img[part=logo]')!;
      expect(img.getAttribute('src')).to.equal(offer.logo_thumbnail);
      expect(img.alt).to.equal(row.offer);
      // The name is read once: the logo's alt says it.
      expect(a.querySelector('[part=shop]')!.getAttribute('aria-hidden')).to.equal('true');
    }
    expect(rows(el).map((a) => a.getBoundingClientRect().height)).to.deep.equal(heights);
  });

  it('show="image brand": product images and brands, no logo and no offer read', async () => {
    const el = await compare(emu, { gtin: comparison.gtin, show: 'image brand' });
    expect(shadow(el).querySelectorAll('img[part=image]')).to.have.length(6);
    expect(shadow(el).querySelectorAll('[part=brand]')).to.have.length(6);
    expect(shadow(el).querySelector('.logo')).to.equal(null);
    expect(await requests(emu, '/publisher/offers/')).to.have.length(0);
  });

  it('a row on sale shows the price paid and the old one; a click names the product', async () => {
    const el = await compare(emu, { gtin: comparison.gtin, show: 'image' });
    const products = await listings(emu);
    const sale = comparison.expected.findIndex((row) => products.get(row.id)!.sale_price);
    expect(sale, 'a row on sale').to.be.at.least(0);
    expect(rows(el)[sale].querySelector('ins')).to.not.equal(null);
    expect(rows(el)[sale].querySelector('del')).to.not.equal(null);
    const clicked = oneEvent(el, 'pubnet-click');
    const link = rows(el)[1];
    // Not followed (this is the test page): stopped at the window, after the element saw it.
    const stop = (event: Event) => event.preventDefault();
    addEventListener('click', stop);
    try {
      link.click();
    } finally {
      removeEventListener('click', stop);
    }
    const { detail } = await clicked;
    expect(detail.product.id).to.equal(comparison.expected[1].id);
    expect(detail.href).to.equal(link.getAttribute('href'));
  });

  it('server-rendered with its logos: taken over with no request at all', async () => {
    await emu.stop();
    const { emu: behind, proxy: front } = await emulatorBehindProxy();
    emu = behind;
    // Rendered by a server's proxy whose public URL is the page's (its stylesheet's origin).
    const proxy = await startProxy(emu, { publicUrl: front.url });
    const search = new URLSearchParams({ gtin: comparison.gtin, key, lang: 'pl' });
    const fragment = await (await fetch(`${proxy.url}render/price-comparison/?${search}`)).text();
    const reads = (await requests(emu)).length;
    const fetches = recordFetches();
    try {
      const loaded = nextEvent('pubnet-price-comparison', 'pubnet-load');
      const el = placeRendered(fragment) as PubnetPriceComparison;
      expect((await loaded).detail.count).to.equal(6);
      await el.updateComplete;
      expect(shops(el)).to.deep.equal(comparison.expected.map((row) => row.offer));
      expect(shadow(el).querySelectorAll('img[part=logo]')).to.have.length(6);
      expect(fetches.calls.map((call) => call.url)).to.deep.equal([]);
      expect((await requests(emu)).length).to.equal(reads);
    } finally {
      fetches.restore();
    }
  });

  it('a logo that is no http(s) URL is no image; the shop keeps its name', async () => {
    const products = await listings(emu);
    const results = comparison.expected.map((row) => products.get(row.id));
    const [first, second] = comparison.expected.map((row) => row.offer_id);
    const asked = (await requests(emu)).length;
    const el = made(emu, { gtin: comparison.gtin });
    el.setAttribute(
      'data-answer',
      JSON.stringify({
        results,
        logos: { [first]: 'javascript:alert(1)', [second]: 'data:image/svg+xml,<svg/>' },
      }),
    );
    const loaded = oneEvent(el, 'pubnet-load');
    await fixture(el);
    await loaded;
    await el.updateComplete;
    expect(shadow(el).querySelectorAll('img')).to.have.length(0);
    const [a, b] = rows(el);
    for (const row of [a, b]) {
      expect(row.querySelector('[part=shop]')!.hasAttribute('aria-hidden')).to.equal(false);
      expect(row.querySelector('.logo')!.children).to.have.length(0);
    }
    expect(shops(el).slice(0, 2)).to.deep.equal(
      comparison.expected.slice(0, 2).map((row) => row.offer),
    );
    // Taken over from the answer: no search, no offer read (impressions' stats may follow).
    const since = (await requests(emu)).slice(asked);
    expect(
      since.filter(
        (r) => r.path == '/publisher/products/' || r.path.startsWith('/publisher/offers/'),
      ),
    ).to.deep.equal([]);
  });
});
