import {
  aTimeout,
  expect,
  fixture,
  fixtureSync,
  html,
  oneEvent,
  waitUntil,
} from '@open-wc/testing';
import '../../src/components/product-grid/define.js';
import type { PubnetProductGrid } from '../../src/components/product-grid/product-grid.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { emulator, recordFetches, requests, shadow, trapErrors } from './helpers.js';

const key = known.website.guid;

const searches = async (emu: TestEmulator) =>
  (await requests(emu)).filter((r) => r.path == '/publisher/products/');

describe('widget lifecycle', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  it('does no work until it is near the viewport', async () => {
    const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
    wrap.style.paddingTop = '5000px';
    const el = document.createElement('pubnet-product-grid');
    Object.assign(el, { api: emu.url, key });
    wrap.append(el);
    await aTimeout(300);
    expect(await requests(emu)).to.have.length(0);
    expect(el.state).to.equal('loading');
    const loaded = oneEvent(el, 'pubnet-load');
    // Within the 300 px margin, not yet visible.
    window.scrollTo(0, 5000 - innerHeight - 200);
    await loaded;
    expect(await searches(emu)).to.have.length(1);
    window.scrollTo(0, 0);
  });

  it('eager starts at once, wherever it is', async () => {
    const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
    wrap.style.paddingTop = '5000px';
    const el = document.createElement('pubnet-product-grid');
    Object.assign(el, { api: emu.url, key, eager: true });
    const loaded = oneEvent(el, 'pubnet-load');
    wrap.append(el);
    await loaded;
    expect(await searches(emu)).to.have.length(1);
  });

  it('disconnecting aborts the request in flight, silently', async () => {
    await emu.setFaults([{ path: '/publisher/products/', kind: 'hang' }]);
    const fetches = recordFetches();
    const errors = trapErrors();
    try {
      const el = await fixture<PubnetProductGrid>(
        html`<pubnet-product-grid eager api=${emu.url} key=${key}></pubnet-product-grid>`,
      );
      let events = 0;
      el.addEventListener('pubnet-error', () => events++);
      el.addEventListener('pubnet-load', () => events++);
      await waitUntil(() => fetches.calls.length == 1, 'no request');
      const { signal } = fetches.calls[0].init!;
      expect(signal!.aborted).to.equal(false);
      el.remove();
      expect(signal!.aborted).to.equal(true);
      await aTimeout(50);
      expect(events).to.equal(0);
      expect(errors.seen).to.deep.equal([]);
    } finally {
      fetches.restore();
      errors.stop();
    }
  });

  it('attribute changes refetch once (debounced) and abort the request in flight', async () => {
    await emu.setLatency(200);
    const fetches = recordFetches();
    try {
      const el = await fixture<PubnetProductGrid>(
        html`<pubnet-product-grid eager api=${emu.url} key=${key} query="a"></pubnet-product-grid>`,
      );
      await waitUntil(() => fetches.calls.length, 'no request');
      const first = fetches.calls[0].init!.signal!;
      el.setAttribute('query', 'phone');
      await aTimeout(10);
      expect(first.aborted).to.equal(true);
      el.setAttribute('brand', 'Sony');
      await aTimeout(10);
      el.setAttribute('limit', '2');
      const loaded = oneEvent(el, 'pubnet-load');
      await loaded;
      const bodies = (await searches(emu)).map((r) => r.body);
      // The first (aborted) search may or may not have reached the emulator.
      expect(bodies.at(-1)).to.deep.equal({
        filters: [
          { any: { lookup: 'contains', value: 'phone' } },
          { brand: { lookup: 'contains', value: 'Sony' } },
        ],
        ordering: '-score',
        page_size: 2,
      });
      expect(bodies.length).to.be.at.most(2);
      expect(fetches.calls.filter((c) => c.init?.method == 'POST')).to.have.length(2);
      await el.updateComplete;
      expect(shadow(el).querySelectorAll('a[data-i]')).to.have.length(2);
    } finally {
      fetches.restore();
    }
  });

  it('a collapsed widget whose attributes change loads again when near the viewport', async () => {
    const el = await fixture<PubnetProductGrid>(
      html`<pubnet-product-grid api=${emu.url} key=${key} query="no-such-product-zzz">
      </pubnet-product-grid>`,
    );
    await oneEvent(el, 'pubnet-load');
    expect(el.state).to.equal('collapsed');
    const loaded = oneEvent(el, 'pubnet-load');
    el.setAttribute('query', 'headphones');
    expect((await loaded).detail.count).to.equal(8);
    expect(el.state).to.equal('ready');
  });

  it('moving the element (disconnect + connect) loads again, from the cache', async () => {
    const el = await fixture<PubnetProductGrid>(
      html`<pubnet-product-grid eager api=${emu.url} key=${key}></pubnet-product-grid>`,
    );
    await oneEvent(el, 'pubnet-load');
    const again = oneEvent(el, 'pubnet-load');
    el.parentElement!.append(el);
    expect((await again).detail.count).to.equal(8);
    expect(await searches(emu)).to.have.length(1);
  });
});
