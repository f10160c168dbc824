import { expect, fixture, fixtureSync, html, oneEvent } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { PubnetAdslot } from '../../../src/components/adslot/adslot.js';
import { known } from '../../../src/emulator/known.js';
import type { TestEmulator } from '../../support/emulator.js';
import { emulator, holdAnswers, requests, shadow } from '../support/elements.js';

const key = known.website.guid;

async function slot(emu: TestEmulator, adslot: string, extra: Partial<PubnetAdslot> = {}) {
  const el = document.createElement('pubnet-adslot');
  Object.assign(el, { api: emu.url, key, adslot, eager: true, ...extra });
  const loaded = oneEvent(el, 'pubnet-load');
  await fixture(el);
  const { detail } = await loaded;
  await el.updateComplete;
  return [el, detail.count] as const;
}

const links = (el: Element) => [...shadow(el).querySelectorAll<HTMLAnchorElement>('a[data-i]')];

describe('<pubnet-adslot> filter slots', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  it('reserves space while the config loads, then is accessible', async () => {
    // The config waits until the loading slot is checked (not 200 ms, which axe outlasts on a busy machine).
    const answers = holdAnswers();
    try {
      const el = await fixture<PubnetAdslot>(
        html`<pubnet-adslot
          eager
          api=${emu.url}
          key=${key}
          adslot=${known.filterAdslot}
        ></pubnet-adslot>`,
      );
      const loaded = oneEvent(el, 'pubnet-load');
      // Its label row (21px), and the stated height below it (250px unless stated).
      expect(el.getBoundingClientRect().height).to.equal(271);
      el.style.setProperty('--pubnet-slot-min-height', '90px');
      expect(el.getBoundingClientRect().height).to.equal(111);
      await expect(el).to.be.accessible();
      expect(el.state, 'still loading').to.equal('loading');
      answers.release();
      await loaded;
      await el.updateComplete;
      await expect(el).to.be.accessible();
    } finally {
      answers.restore();
    }
  });

  it('from the API itself (no composed answer): the config, then one search from its filters', async () => {
    const [el, count] = await slot(emu, known.filterAdslot);
    const log = await requests(emu);
    expect(log.map((r) => `${r.method} ${r.path}${r.search}`)).to.deep.equal([
      // (`key` is for a proxy that composes the answer; the API ignores it.)
      `GET /publisher/adslots/${known.filterAdslot}/?key=${key}`,
      `POST /publisher/products/?key=${key}`,
    ]);
    // api-contract §8: every field of every row, ANDed, in the mini-language.
    expect(log[1].body).to.deep.equal({
      page_size: 8,
      filters: [
        { brand: { lookup: 'contains', value: ['Sony', 'Bose'] } },
        { category: { lookup: 'contains', value: 'Headphones' } },
        { price: { lookup: 'range', value: [10, 5000] } },
        { title: { lookup: '~contains', value: 'refurbished' } },
      ],
      ordering: '-score',
    });
    expect(count).to.equal(links(el).length);
    expect(count).to.be.above(0);
    for (const a of links(el)) {
      expect(a.getAttribute('href')).to.match(/^http:\/\/127\.0\.0\.1:\d+\/click\//);
      expect(a.rel).to.equal('sponsored noopener');
    }
  });

  it('lays out by its config: 4 columns, price, brand, call to action, label', async () => {
    const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
    wrap.style.width = '1000px';
    const el = document.createElement('pubnet-adslot');
    Object.assign(el, { api: emu.url, key, adslot: known.filterAdslot, eager: true });
    const loaded = oneEvent(el, 'pubnet-load');
    wrap.append(el);
    await loaded;
    await el.updateComplete;
    const tops = new Set(links(el).map((a) => a.closest('li')!.getBoundingClientRect().top));
    expect(tops.size).to.equal(Math.ceil(links(el).length / 4));
    const card = shadow(el).querySelector('[part=card]')!;
    expect(card.querySelector('[part=brand]')).not.to.equal(null);
    expect(card.querySelector('[part=price]')).not.to.equal(null);
    expect(card.querySelector('[part=button]')!.textContent).to.equal('Shop now');
    expect(shadow(el).querySelector('[part=disclosure]')!.textContent).to.equal('Ad');
  });

  it('a list slot without brands, its own call to action, its own website as key', async () => {
    const el = document.createElement('pubnet-adslot');
    Object.assign(el, {
      api: emu.url,
      adslot: 'a1000000-0000-4000-8000-000000000006',
      eager: true,
    });
    const loaded = oneEvent(el, 'pubnet-load');
    await fixture(el);
    await loaded;
    await el.updateComplete;
    const [, search] = await requests(emu);
    expect(search.search).to.equal(`?key=${known.websites.secondActive.guid}`);
    expect((search.body as { page_size: number }).page_size).to.equal(5);
    expect(shadow(el).querySelector('ul')!.className).to.equal('list c4');
    expect(shadow(el).querySelector('[part=brand]')).to.equal(null);
    expect(shadow(el).querySelector('[part=button]')!.textContent).to.equal('See deal');
  });

  it('a carousel slot scrolls sideways', async () => {
    const [el] = await slot(emu, 'a1000000-0000-4000-8000-000000000007');
    const ul = shadow(el).querySelector('ul')!;
    expect(ul.className).to.equal('carousel c4');
    expect(getComputedStyle(ul).overflowX).to.equal('auto');
    const [a, b] = [...ul.children].map((li) => li.getBoundingClientRect());
    expect(a.top).to.equal(b.top);
  });

  it('treats an invalid config as {}', async () => {
    const [el, count] = await slot(emu, known.invalidConfigAdslot);
    expect(count).to.be.above(0);
    expect(shadow(el).querySelector('ul')!.className).to.equal('grid c4');
  });

  it('ten slots of one uuid share one config request and one search', async () => {
    const els = Array.from({ length: 10 }, () => {
      const el = document.createElement('pubnet-adslot');
      Object.assign(el, { api: emu.url, key, adslot: known.filterAdslot, eager: true });
      return el;
    });
    const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
    const loaded = els.map((el) => oneEvent(el, 'pubnet-load'));
    wrap.append(...els);
    await Promise.all(loaded);
    const log = await requests(emu);
    expect(log.filter((r) => r.path.startsWith('/publisher/adslots/'))).to.have.length(1);
    expect(log.filter((r) => r.path == '/publisher/products/')).to.have.length(1);
  });
});

describe('<pubnet-adslot> manual slots', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  /** A manual slot inside a container `width` px wide. */
  async function manual(width: number) {
    const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
    wrap.style.width = width + 'px';
    const el = document.createElement('pubnet-adslot');
    Object.assign(el, { api: emu.url, key, adslot: known.manualAdslot, eager: true });
    const loaded = oneEvent(el, 'pubnet-load');
    wrap.append(el);
    const { detail } = await loaded;
    await el.updateComplete;
    return [el, detail.count] as const;
  }

  const boxes = (el: Element) =>
    [...shadow(el).querySelectorAll<HTMLElement>('.placed')].map((it) => {
      const r = it.getBoundingClientRect();
      const o = shadow(el).querySelector('.canvas')!.getBoundingClientRect();
      return [r.left - o.left, r.top - o.top, r.width, r.height].map((n) => Math.round(n));
    });

  it('places each widget at x, y with its width and height, and is accessible', async () => {
    const [el, count] = await manual(1000);
    expect(count).to.equal(4);
    expect(boxes(el)).to.deep.equal([
      [0, 0, 240, 320],
      [248, 0, 240, 150],
      [248, 158, 240, 162],
      [496, 0, 232, 320],
    ]);
    const canvas = shadow(el).querySelector('.canvas')!.getBoundingClientRect();
    expect([canvas.width, canvas.height]).to.deep.equal([728, 320]);
    expect(shadow(el).querySelector('[part=disclosure]')!.textContent).to.equal('Sponsored');
    await expect(el).to.be.accessible();
  });

  it('scales down to a narrower container, keeping the aspect ratio', async () => {
    const [el] = await manual(364);
    expect(boxes(el)).to.deep.equal([
      [0, 0, 120, 160],
      [124, 0, 120, 75],
      [124, 79, 120, 81],
      [248, 0, 116, 160],
    ]);
    const canvas = shadow(el).querySelector('.canvas')!.getBoundingClientRect();
    expect([canvas.width, canvas.height]).to.deep.equal([364, 160]);
    expect(el.getBoundingClientRect().width).to.equal(364);
  });

  it('shows banner and html creatives only in sandboxed frames; their scripts do not run', async () => {
    delete document.body.dataset.pwned;
    const [el] = await manual(1000);
    const frames = [...shadow(el).querySelectorAll('iframe')];
    expect(frames).to.have.length(2);
    for (const f of frames) {
      const tokens = [...f.sandbox];
      expect(f.hasAttribute('sandbox')).to.equal(true);
      expect(tokens.includes('allow-scripts') && tokens.includes('allow-same-origin')).to.equal(
        false,
      );
      expect(tokens).not.to.include('allow-scripts');
      expect(f.srcdoc).to.contain('<');
      // The creative fills its box: no default body margin pushes it out (a
      // <style> in srcdoc would be blocked under a strict CSP; these are not).
      expect([f.getAttribute('marginwidth'), f.getAttribute('marginheight')]).to.deep.equal([
        '0',
        '0',
      ]);
    }
    expect(frames[1].srcdoc).to.contain('<script>');
    // The frames got their creatives in the task that fired pubnet-load, so
    // their loads are still to come; a script that could run would have by then.
    await Promise.all(
      frames.map((frame) => new Promise((loaded) => frame.addEventListener('load', loaded))),
    );
    expect(document.body.dataset.pwned).to.equal(undefined);
    expect(document.getElementById('script-ran')).to.equal(null);
  });

  it('links a product to a tracking link fetched with its token, an offer to its url', async () => {
    const [el] = await manual(1000);
    const put = (await requests(emu, '/publisher/products/', 'PUT'))[0];
    expect(put.path).to.equal(`/publisher/products/${known.product}/tracking_link/`);
    expect(put.body).to.deep.equal({ website: key });
    const res = await fetch(`${emu.url}publisher/products/${known.product}/tracking_link/`, {
      method: 'PUT',
      headers: { Authorization: `Token ${emu.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ website: key }),
    });
    const { tracking_link } = await res.json();
    const slotJson = await (
      await fetch(`${emu.url}publisher/adslots/${known.manualAdslot}/`, {
        headers: { Authorization: `Token ${emu.token}` },
      })
    ).json();
    const [product, offer] = links(el);
    expect(product.getAttribute('href')).to.equal(tracking_link);
    expect(offer.getAttribute('href')).to.equal(slotJson.widgets[1].url);
    for (const a of [product, offer]) {
      expect(a.rel).to.equal('sponsored noopener');
      expect(a.target).to.equal('_blank');
    }
  });
});
