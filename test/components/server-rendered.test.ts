// Elements rendered on the server (src/render, api-contract §11) arrive with
// their declarative shadow DOM and their answer. The element code is loaded
// only after the first of them is in the page, as a bundle loaded after the
// HTML would be: it takes them over with no API request and no change of size,
// and events, clicks and impressions then work as usual. What every element with
// server rendering does, once the bundle is loaded: contract/server-rendered.test.ts.
import { expect, oneEvent } from '@open-wc/testing';
import { known } from '../../src/emulator/known.js';
import {
  renderAdslotOnServer,
  renderProductGridOnServer,
  type TestEmulator,
  type TestProxy,
} from '../support/emulator.js';
import {
  countEvents,
  emulatorBehindProxy,
  frames,
  layoutShifts,
  placeRendered,
  recordFetches,
  seen,
} from './support/elements.js';

const key = known.website.guid;

describe('server-rendered elements, taken over in the browser', () => {
  let emu: TestEmulator;
  let proxy: TestProxy;
  beforeEach(async () => {
    ({ emu, proxy } = await emulatorBehindProxy());
  });
  afterEach(() => emu.stop());

  it('a filter slot in the page before the bundle: taken over with no request, the same size and links, and pubnet-load', async () => {
    const rendered = await renderAdslotOnServer({
      adslot: known.filterAdslot,
      key,
      api: proxy.url,
      attributes: { api: proxy.url },
    });
    expect(rendered.state).to.equal('ready');
    const el = placeRendered(rendered.html);
    expect(customElements.get('pubnet-adslot'), 'not defined yet').to.equal(undefined);
    await frames();
    // Before any JavaScript of ours: the links, the label, the images.
    const before = seen(el);
    expect(before.links).to.have.length(8);
    for (const link of before.links) {
      expect(link.rel.split(' ')).to.include.members(['sponsored', 'noopener']);
      expect(link.href).to.match(/^https?:\/\//);
    }
    expect(before.label).to.equal('Ad');
    expect(before.height).to.be.greaterThan(200);
    const proxied = (await proxy.log()).length;
    const fetches = recordFetches();
    const shifts = layoutShifts();
    try {
      const loaded = oneEvent(el, 'pubnet-load');
      await import('../../src/index.js');
      expect((await loaded).detail.count).to.equal(8);
      await frames();
      expect(seen(el)).to.deep.equal(before);
      expect(el.getAttribute('state')).to.equal('ready');
      // The shadow root holds the client's render alone (nothing left of the server's).
      expect(el.shadowRoot!.querySelectorAll('ul')).to.have.length(1);
      expect(el.shadowRoot!.querySelector('style'), 'adopted style sheets instead').to.equal(null);
      expect(fetches.calls.map((call) => call.url)).to.deep.equal([]);
      expect((await proxy.log()).length).to.equal(proxied);
      shifts.stop();
      expect(shifts.shifts).to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });

  it('a product grid inserted after the bundle loaded keeps the columns the server wrote', async () => {
    await import('../../src/index.js');
    const rendered = await renderProductGridOnServer(
      { query: 'headphones', limit: '3', columns: '3', key, api: proxy.url },
      { api: proxy.url },
    );
    expect(rendered.state).to.equal('ready');
    const fetches = recordFetches();
    try {
      const loaded = oneEvent(document, 'pubnet-load');
      const el = placeRendered(rendered.html);
      const { detail } = await loaded;
      expect(detail.count).to.equal(3);
      await frames();
      const after = seen(el);
      expect(after.links).to.have.length(3);
      expect(after.width).to.equal(900);
      // Three columns, from the class the server wrote: one row of cards.
      const tops = [...el.shadowRoot!.querySelectorAll('li')].map(
        (li) => li.getBoundingClientRect().top,
      );
      expect(new Set(tops).size).to.equal(1);
      expect(fetches.calls).to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });

  it('a grid rendered in Polish: the take-over says the same words and prices, with no shift', async () => {
    await import('../../src/index.js');
    const rendered = await renderProductGridOnServer(
      { query: 'słuchawki', limit: '3', columns: '3', key, api: proxy.url },
      { api: proxy.url, lang: 'pl' },
    );
    expect(rendered.state).to.equal('ready');
    const words = (root: ParentNode) =>
      ['[part=disclosure]', '[part=button]', '[part=price]', 'a'].flatMap((selector) =>
        [...root.querySelectorAll(selector)].map((n) => n.textContent!.replace(/\s+/g, ' ').trim()),
      );
    // What the server wrote, read in a document where the elements are not defined.
    const parsed = Document.parseHTMLUnsafe(rendered.html).querySelector('pubnet-product-grid')!;
    expect(parsed.getAttribute('lang')).to.equal('pl');
    const server = words(parsed.shadowRoot!);
    expect(server).to.include('Reklama');
    expect(server).to.include('Do sklepu');
    expect(server.join(' ')).to.match(/\d,\d\d zł/);
    const shifts = layoutShifts();
    const loaded = oneEvent(document, 'pubnet-load');
    const el = placeRendered(rendered.html);
    await loaded;
    await frames();
    shifts.stop();
    expect(words(el.shadowRoot!), 'the same text after the take-over').to.deep.equal(server);
    expect(shifts.shifts).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('a manual slot keeps its placed widgets and their places', async () => {
    const rendered = await renderAdslotOnServer({
      adslot: known.manualAdslot,
      key,
      api: proxy.url,
    });
    expect(rendered.state).to.equal('ready');
    // The server's places, as the HTML parser shows them before any script runs.
    const template = document.createElement('div');
    template.setHTMLUnsafe(rendered.html);
    const placedOnServer = [
      ...template.firstElementChild!.shadowRoot!.querySelectorAll<HTMLElement>('.placed'),
    ].map((box) => box.getAttribute('style'));
    expect(placedOnServer.length).to.be.greaterThan(1);
    await import('../../src/index.js');
    const fetches = recordFetches();
    try {
      const loaded = oneEvent(document, 'pubnet-load');
      const el = placeRendered(rendered.html);
      await loaded;
      const boxes = [...el.shadowRoot!.querySelectorAll<HTMLElement>('.placed')];
      const css = (style: string) => style.replace(/\s|;$/g, '');
      expect(boxes.map((box) => css(box.style.cssText))).to.deep.equal(
        placedOnServer.map((style) => css(style!)),
      );
      expect(fetches.calls).to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });

  it('a slot the server could not load keeps its fallback, with no request and no event', async () => {
    await import('../../src/index.js');
    const rendered = await renderAdslotOnServer({
      adslot: 'a1000000-0000-4000-8000-0000000000ff',
      key,
      api: proxy.url,
      fallback: '<p>Our own offer</p>',
    });
    expect(rendered.state).to.equal('fallback');
    const fetches = recordFetches();
    const events = countEvents();
    try {
      const el = placeRendered(rendered.html);
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      await frames();
      expect(el.getAttribute('state')).to.equal('fallback');
      expect(el.shadowRoot!.querySelector('slot[name=fallback]')).to.not.equal(null);
      expect((el.querySelector('[slot=fallback]') as HTMLElement).offsetHeight).to.be.greaterThan(
        0,
      );
      expect(fetches.calls).to.deep.equal([]);
      expect(events.counts).to.deep.equal({ load: 0, error: 0, impression: 0 });
    } finally {
      fetches.restore();
      events.stop();
    }
  });

  it('an answer the composition left incomplete: the browser searches itself, in the skeleton’s place', async () => {
    await import('../../src/index.js');
    await emu.setFaults([
      { path: '/publisher/products/', method: 'POST', kind: 'status', status: 503 },
    ]);
    const rendered = await renderAdslotOnServer({
      adslot: known.filterAdslot,
      key,
      api: proxy.url,
      attributes: { api: proxy.url },
    });
    expect(rendered.state).to.equal('loading');
    await emu.setFaults([]);
    const fetches = recordFetches();
    try {
      const loaded = oneEvent(document, 'pubnet-load');
      const el = placeRendered(rendered.html);
      const height = el.getBoundingClientRect().height;
      expect((await loaded).detail.count).to.equal(8);
      expect(fetches.calls.map((call) => new URL(call.url).pathname)).to.deep.equal([
        '/publisher/products/',
      ]);
      expect(el.getBoundingClientRect().height).to.equal(height);
    } finally {
      fetches.restore();
    }
  });
});
