// Ad slots through the shipped proxy, which composes what a slot shows into
// the slot's own answer (api-contract §10): one request per slot. And the
// composed parts are API data: checked, filtered, or treated as absent.
import { expect, fixtureSync, html, oneEvent } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { PubnetAdslot } from '../../../src/components/adslot/adslot.js';
import { env } from '../../../src/page/env.js';
import { configure } from '../../../src/page/options.js';
import { known } from '../../../src/emulator/known.js';
import type { TestEmulator, TestProxy } from '../../support/emulator.js';
import {
  emulator,
  emulatorBehindProxy,
  recordFetches,
  requests,
  shadow,
} from '../support/elements.js';

const key = known.website.guid;

/** Slots of `adslot` through `api`, loaded; with the page's requests recorded. */
async function slots(api: string, adslot: string, count = 1) {
  const fetches = recordFetches();
  try {
    const wrap = fixtureSync<HTMLElement>(html`<div style="width: 1000px"></div>`);
    const elements = Array.from({ length: count }, () => {
      const el = document.createElement('pubnet-adslot') as PubnetAdslot;
      Object.assign(el, { api, key, adslot, eager: true });
      return el;
    });
    const loaded = elements.map((el) => oneEvent(el, 'pubnet-load'));
    wrap.append(...elements);
    const counts = (await Promise.all(loaded)).map((event) => event.detail.count);
    await Promise.all(elements.map((el) => el.updateComplete));
    return { elements, counts, fetches: fetches.calls };
  } finally {
    fetches.restore();
  }
}

/** The composed answer of the slot, as the proxy gives it. */
async function composed(proxy: TestProxy, adslot: string) {
  const response = await fetch(`${proxy.url}publisher/adslots/${adslot}/?key=${key}`);
  return response.json();
}

describe('ad slots through the shipped proxy (composed answers)', () => {
  let emu: TestEmulator;
  let proxy: TestProxy;
  beforeEach(async () => {
    ({ emu, proxy } = await emulatorBehindProxy());
  });
  afterEach(() => emu.stop());

  it('a filter slot costs one request and shows the composed products', async () => {
    const { elements, counts, fetches } = await slots(proxy.url, known.filterAdslot);
    expect(fetches.map((call) => `${call.init?.method ?? 'GET'} ${call.url}`)).to.deep.equal([
      `GET ${proxy.url}publisher/adslots/${known.filterAdslot}/?key=${key}`,
    ]);
    const answer = await composed(proxy, known.filterAdslot);
    const titles = answer._embedded.products.results.map((p: { title: string }) => p.title);
    expect(counts).to.deep.equal([titles.length]);
    const shown = [...shadow(elements[0]).querySelectorAll('[part=title]')].map(
      (title) => title.textContent,
    );
    expect(shown).to.deep.equal(titles);
  });

  it('10 slots of one uuid make one request', async () => {
    const { counts, fetches } = await slots(proxy.url, known.filterAdslot, 10);
    expect(counts.every((count) => count > 0)).to.equal(true);
    expect(fetches).to.have.length(1);
  });

  it('a manual slot costs one request: placed products are product cards, placed offers show their name', async () => {
    const { elements, fetches } = await slots(proxy.url, known.manualAdslot);
    expect(fetches).to.have.length(1);
    const answer = await composed(proxy, known.manualAdslot);
    const root = shadow(elements[0]);
    const product = answer._embedded.widgets.find(
      (entry: { product?: unknown } | null) => entry?.product,
    );
    // The product's card: its image, title and price, linked to its tracking link.
    const card = root.querySelector('.placed [part=card]')!;
    expect(card.querySelector('[part=title]')!.textContent).to.equal(product.product.title);
    expect(card.querySelector('[part=title]')!.getAttribute('href')).to.equal(
      product.tracking_link,
    );
    expect(card.querySelector('img[part=image]')!.getAttribute('src')).to.equal(
      product.product.images.thumb_180,
    );
    expect(card.querySelector('[part=price]')!.textContent!.trim()).to.not.equal('');
    const offer = answer._embedded.widgets.find(
      (entry: { offer?: unknown } | null) => entry?.offer,
    );
    const offerLinks = [...root.querySelectorAll<HTMLAnchorElement>('a.placed-link')];
    expect(offerLinks.map((link) => link.querySelector('[part=title]')?.textContent)).to.include(
      offer.offer.title,
    );
    // Named by what it shows (guarantee 7): its title and call to action.
    expect(offerLinks.map((link) => link.getAttribute('aria-label'))).to.include(
      `${offer.offer.title} Shop now`,
    );
    await expect(elements[0]).to.be.accessible();
  });

  it('the API itself (no composed answer): the slot asks for what it shows, as before', async () => {
    configure({ token: emu.token });
    const { fetches } = await slots(emu.url, known.manualAdslot);
    const calls = fetches.map((call) => `${call.init?.method ?? 'GET'} ${call.url}`);
    const puts = calls.filter((call) => call.startsWith('PUT '));
    expect(puts.length).to.be.above(0);
    expect(calls, calls.join('\n')).to.have.length(1 + puts.length);
    expect(await requests(emu, '/publisher/adslots/')).to.have.length(1);
  });
});

describe('composed answers are API data', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  /** Answers the slot's GET from the emulator with `_embedded` replaced by `embedded`. */
  function composeWith(embedded: unknown) {
    const original = env.fetch;
    env.fetch = async (url, init) => {
      const response = await original(url, init);
      if (!/\/publisher\/adslots\/[^/]+\/(\?|$)/.test(url)) return response;
      const slot = await response.json();
      return new Response(JSON.stringify({ ...slot, _embedded: embedded }), {
        headers: { 'Content-Type': 'application/json' },
      });
    };
    return () => (env.fetch = original);
  }

  it('hostile composed products: text stays text, non-http(s) links and images are dropped', async () => {
    const restore = composeWith({
      products: {
        count: 3,
        next: null,
        previous: null,
        results: [
          { id: 'a', title: '<img src=x onerror=alert(1)>', link: 'https://shop.example/a' },
          { id: 'b', title: 'Script link', link: 'javascript:alert(1)' },
          {
            id: 'c',
            title: 'Data image',
            link: 'https://shop.example/c',
            images: { thumb_180: 'data:image/svg+xml,<svg/>' },
          },
        ],
      },
    });
    try {
      const { elements, counts, fetches } = await slots(emu.url, known.filterAdslot);
      expect(counts).to.deep.equal([2]);
      expect(fetches).to.have.length(1);
      const root = shadow(elements[0]);
      expect([...root.querySelectorAll('[part=title]')].map((t) => t.textContent)).to.deep.equal([
        '<img src=x onerror=alert(1)>',
        'Data image',
      ]);
      expect(root.querySelector('img')).to.equal(null);
    } finally {
      restore();
    }
  });

  for (const [name, embedded] of [
    ['products of the wrong type', { products: 'all of them' }],
    ['results that are no list', { products: { results: { 0: {} } } }],
    ['an _embedded that is no object', 'composed'],
  ] as [string, unknown][])
    it(`${name}: treated as absent, the slot searches itself`, async () => {
      const restore = composeWith(embedded);
      try {
        const { counts, fetches } = await slots(emu.url, known.filterAdslot);
        expect(counts[0]).to.be.above(0);
        expect(fetches.map((call) => call.init?.method ?? 'GET')).to.deep.equal(['GET', 'POST']);
      } finally {
        restore();
      }
    });

  it('hostile composed widgets: a non-http(s) tracking link is asked for again, a data: logo is dropped', async () => {
    const slot = await (
      await fetch(`${emu.url}publisher/adslots/${known.manualAdslot}/`, {
        headers: { Authorization: `Token ${emu.token}` },
      })
    ).json();
    const restore = composeWith({
      widgets: slot.widgets.map((widget: { item_type: string }) =>
        widget.item_type == 'offer'
          ? {
              tracking_link: 'javascript:alert(1)',
              offer: { id: 'x', title: '<b>Offer</b>', logo_thumbnail: 'data:image/png;base64,AA' },
            }
          : widget.item_type == 'product'
            ? { product: 'not an object' }
            : 42,
      ),
    });
    try {
      const { elements, fetches } = await slots(emu.url, known.manualAdslot);
      const root = shadow(elements[0]);
      for (const link of root.querySelectorAll('a'))
        expect(link.getAttribute('href')).to.match(/^https?:/);
      // Every item without a url of its own asked for its tracking link: the composed ones were unusable.
      const unlinked = slot.widgets.filter(
        (widget: { item_type: string; url?: string }) =>
          (widget.item_type == 'product' || widget.item_type == 'offer') &&
          !/^https?:/.test(widget.url ?? ''),
      );
      expect(unlinked.length).to.be.above(0);
      expect(fetches.filter((call) => call.init?.method == 'PUT')).to.have.length(unlinked.length);
      const offerTitle = [...root.querySelectorAll('a.placed-link [part=title]')].map(
        (title) => title.textContent,
      );
      expect(offerTitle).to.deep.equal(['<b>Offer</b>']);
      expect(root.querySelector('a.placed-link img')).to.equal(null);
      expect(root.querySelector('.placed ul')).to.equal(null);
    } finally {
      restore();
    }
  });
});
