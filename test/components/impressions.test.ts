import { aTimeout, expect, fixture, fixtureSync, html, waitUntil } from '@open-wc/testing';
import '../../src/components/adslot/define.js';
import '../../src/components/product-grid/define.js';
import type { Product } from '../../src/client/types.js';
import type { PubnetProductGrid } from '../../src/components/product-grid/product-grid.js';
import { batching } from '../../src/components/shared/impressions.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { emulator, nextEvent, requests, shadow } from './helpers.js';

const key = known.website.guid;
const stats = (emu: TestEmulator) => requests(emu, '/publisher/products/stats/', 'POST');

describe('impressions', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  it('fire once per item when half visible, and go out as one stats request a second later', async () => {
    const seen: Product[] = [];
    const onSeen = (e: CustomEvent) => seen.push(e.detail.product as Product);
    document.addEventListener('pubnet-impression', onSeen);
    try {
      const loaded = nextEvent('pubnet-product-grid', 'pubnet-load');
      const el = await fixture<PubnetProductGrid>(html`
        <pubnet-product-grid api=${emu.url} key=${key} limit="4"></pubnet-product-grid>
      `);
      await loaded;
      await waitUntil(() => seen.length == 4, 'no impressions');
      const t = performance.now();
      await aTimeout(300);
      expect(await stats(emu)).to.have.length(0); // batched, not one request per card
      await waitUntil(async () => (await stats(emu)).length == 1, 'no stats', { timeout: 2000 });
      expect(performance.now() - t).to.be.below(1500);
      const [post] = await stats(emu);
      expect(post.body).to.deep.equal({
        event: 'view',
        products: seen.map((p) => p.id),
        adslot: null,
        website: key,
      });
      // Once per item: re-rendering or scrolling does not count them again.
      el.requestUpdate();
      window.scrollBy(0, 1);
      await aTimeout(1300);
      expect(seen).to.have.length(4);
      expect(await stats(emu)).to.have.length(1);
    } finally {
      document.removeEventListener('pubnet-impression', onSeen);
    }
  });

  it('an item below the fold counts only once scrolled half into view', async () => {
    const seen: unknown[] = [];
    const onSeen = (e: CustomEvent) => seen.push(e.detail);
    document.addEventListener('pubnet-impression', onSeen);
    try {
      const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
      wrap.style.paddingTop = innerHeight - 100 + 'px';
      const loaded = nextEvent('pubnet-product-grid', 'pubnet-load');
      const el = document.createElement('pubnet-product-grid');
      Object.assign(el, { api: emu.url, key, limit: 1, eager: true });
      wrap.append(el);
      await loaded;
      await aTimeout(200);
      expect(seen).to.have.length(0);
      shadow(el).querySelector('[part=card]')!.scrollIntoView();
      await waitUntil(() => seen.length == 1, 'no impression');
      window.scrollTo(0, 0);
    } finally {
      document.removeEventListener('pubnet-impression', onSeen);
    }
  });

  it('count an ad slot’s products for the slot, and flush on pagehide at once', async () => {
    const loaded = nextEvent('pubnet-adslot', 'pubnet-load');
    const seen = nextEvent('pubnet-adslot', 'pubnet-impression');
    await fixture(html`
      <pubnet-adslot api=${emu.url} key=${key} adslot=${known.filterAdslot}></pubnet-adslot>
    `);
    await loaded;
    await seen;
    await aTimeout(50);
    dispatchEvent(new PageTransitionEvent('pagehide'));
    await waitUntil(async () => (await stats(emu)).length == 1, 'not flushed', { timeout: 500 });
    const [post] = await stats(emu);
    expect(post.body).to.include({ event: 'view', adslot: known.filterAdslot, website: key });
  });

  it('at most one stats request per second across widgets', async () => {
    // The batching's timers are replaced: each timer it sets is run here, by
    // hand, so what is sent when does not depend on how fast the page runs.
    dispatchEvent(new PageTransitionEvent('pagehide')); // earlier tests' batches: gone now
    const timers: [run: () => void, ms: number][] = [];
    const real = batching.timers;
    batching.timers = {
      ...real,
      setTimeout: (run, ms) => timers.push([run, ms]),
      clearTimeout: () => {},
    };
    try {
      const events = [
        nextEvent('pubnet-adslot', 'pubnet-load'),
        nextEvent('pubnet-product-grid', 'pubnet-load'),
        nextEvent('pubnet-adslot', 'pubnet-impression'),
        nextEvent('pubnet-product-grid', 'pubnet-impression'),
      ];
      await fixture(html`
        <div>
          <pubnet-product-grid api=${emu.url} key=${key} limit="2"></pubnet-product-grid>
          <pubnet-adslot api=${emu.url} key=${key} adslot=${known.filterAdslot}></pubnet-adslot>
        </div>
      `);
      await Promise.all(events);
      // Two batches (no ad slot, and the slot) and one timer, a second long: nothing sent yet.
      expect(timers.map(([, ms]) => ms)).to.deep.equal([1000]);
      expect(await stats(emu)).to.have.length(0);
      timers[0][0]();
      await waitUntil(async () => (await stats(emu)).length == 1, 'no stats', { timeout: 2000 });
      // One batch went; the other waits for a new timer of a second.
      expect(timers.map(([, ms]) => ms)).to.deep.equal([1000, 1000]);
      const [first] = await stats(emu);
      timers[1][0]();
      await waitUntil(async () => (await stats(emu)).length == 2, 'no 2nd', { timeout: 2000 });
      const second = (await stats(emu))[1];
      const slots = [first, second].map((r) => (r.body as { adslot: unknown }).adslot);
      expect(slots).to.have.members([null, known.filterAdslot]);
    } finally {
      batching.timers = real;
    }
  });
});
