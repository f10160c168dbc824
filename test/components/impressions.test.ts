import { expect, fixture, fixtureSync, html } from '@open-wc/testing';
import '../../src/components/define.js';
import type { Product } from '../../src/client/types.js';
import type { PubnetProductGrid } from '../../src/components/product-grid/product-grid.js';
import { batching, countView } from '../../src/components/lifecycle/impressions.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import {
  countEvents,
  emulator,
  heldTimers,
  intersectionsDelivered,
  nextEvent,
  recordFetches,
  requests,
  shadow,
  trapErrors,
} from './support/elements.js';

const key = known.website.guid;
const stats = (emu: TestEmulator) => requests(emu, '/publisher/products/stats/', 'POST');

describe('impressions', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  it('impressions fire once per item when half visible; no stats request before the 1 s batch timer fires, one for all of them when it fires', async () => {
    const batch = heldTimers();
    batching.timers = batch.timers;
    const fetches = recordFetches();
    const seen: Product[] = [];
    const onSeen = (e: CustomEvent) => seen.push(e.detail.product as Product);
    document.addEventListener('pubnet-impression', onSeen);
    const events = countEvents();
    try {
      const loaded = nextEvent('pubnet-product-grid', 'pubnet-load');
      const el = await fixture<PubnetProductGrid>(html`
        <pubnet-product-grid api=${emu.url} key=${key} limit="4"></pubnet-product-grid>
      `);
      await loaded;
      await events.reach('impression', 4);
      // Four views, one batch, one timer of a second: nothing sent while it is pending.
      expect(batch.pending().map((timer) => timer.ms)).to.deep.equal([1000]);
      expect(fetches.calls.filter((call) => call.url.endsWith('/products/stats/'))).to.deep.equal(
        [],
      );
      batch.fire(1000);
      await fetches.answered();
      const [post] = await stats(emu);
      expect(post.body).to.deep.equal({
        event: 'view',
        products: seen.map((p) => p.id),
        adslot: null,
        website: key,
      });
      // Nothing was left for another batch.
      expect(batch.pending()).to.deep.equal([]);

      // Once per item: re-rendering or scrolling does not count them again.
      el.requestUpdate();
      await el.updateComplete;
      window.scrollBy(0, 1);
      for (const card of shadow(el).querySelectorAll('[data-i]'))
        await intersectionsDelivered(card);
      expect(seen).to.have.length(4);
      // A view counted again would have started a new batch timer.
      expect(batch.pending()).to.deep.equal([]);
      expect(await stats(emu)).to.have.length(1);
    } finally {
      document.removeEventListener('pubnet-impression', onSeen);
      events.stop();
      fetches.restore();
      window.scrollTo(0, 0);
    }
  });

  it('an item below the fold is not counted while less than half visible, and counts once scrolled half into view', async () => {
    const events = countEvents();
    try {
      const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
      // The card starts 100 px above the bottom of the viewport: visible, but less than half.
      wrap.style.paddingTop = innerHeight - 100 + 'px';
      const loaded = nextEvent('pubnet-product-grid', 'pubnet-load');
      const el = document.createElement('pubnet-product-grid');
      Object.assign(el, { api: emu.url, key, limit: 1, eager: true });
      wrap.append(el);
      await loaded;
      const card = shadow(el).querySelector('[part=card]')!;
      expect(card.getBoundingClientRect().height).to.be.above(200);
      // The impression observer has seen the card where it is, and did not count it.
      await intersectionsDelivered(card);
      expect(events.counts.impression).to.equal(0);
      card.scrollIntoView();
      await events.reach('impression', 1);
    } finally {
      events.stop();
      window.scrollTo(0, 0);
    }
  });

  it('count an ad slot’s products for the slot, and on pagehide send the batch at once, with keepalive, without waiting for its timer', async () => {
    const batch = heldTimers();
    batching.timers = batch.timers;
    const fetches = recordFetches();
    try {
      const loaded = nextEvent('pubnet-adslot', 'pubnet-load');
      const seen = nextEvent('pubnet-adslot', 'pubnet-impression');
      await fixture(html`
        <pubnet-adslot api=${emu.url} key=${key} adslot=${known.filterAdslot}></pubnet-adslot>
      `);
      await loaded;
      await seen;
      expect(batch.pending().map((timer) => timer.ms)).to.deep.equal([1000]);
      dispatchEvent(new PageTransitionEvent('pagehide'));
      // Sent before any timer ran, and the batch's timer is cleared.
      const sent = fetches.calls.filter((call) => call.url.endsWith('/products/stats/'));
      expect(sent).to.have.length(1);
      expect(sent[0].init!.keepalive).to.equal(true);
      expect(batch.held.map((timer) => timer.cleared)).to.deep.equal([true]);
      await fetches.answered();
      const [post] = await stats(emu);
      expect(post.body).to.include({ event: 'view', adslot: known.filterAdslot, website: key });
    } finally {
      fetches.restore();
    }
  });

  it('views counted for an api no request can use (relative) are dropped, never thrown into the page', async () => {
    const batch = heldTimers();
    const real = batching.timers;
    batching.timers = batch.timers;
    const fetches = recordFetches();
    const errors = trapErrors();
    try {
      countView({ api: '/pubnet-api/', key, adslot: null }, 'p1');
      expect(batch.pending().map((timer) => timer.ms)).to.deep.equal([1000]);
      batch.fire(1000);
      countView({ api: '/pubnet-api/', key, adslot: null }, 'p2');
      dispatchEvent(new PageTransitionEvent('pagehide'));
      expect(fetches.calls).to.deep.equal([]);
      expect(batch.pending()).to.deep.equal([]);
      expect(errors.seen).to.deep.equal([]);
    } finally {
      batching.timers = real;
      fetches.restore();
      errors.stop();
    }
  });

  it('at most one stats request per second across widgets', async () => {
    // The batching's timers are replaced: each timer it sets is run here, by
    // hand, so what is sent when does not depend on how fast the page runs.
    dispatchEvent(new PageTransitionEvent('pagehide')); // earlier tests' batches: gone now
    const timers: [run: () => void, ms: number][] = [];
    const real = batching.timers;
    const fetches = recordFetches();
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
      await fetches.answered();
      expect(await stats(emu)).to.have.length(1);
      // One batch went; the other waits for a new timer of a second.
      expect(timers.map(([, ms]) => ms)).to.deep.equal([1000, 1000]);
      const [first] = await stats(emu);
      timers[1][0]();
      await fetches.answered();
      expect(await stats(emu)).to.have.length(2);
      const second = (await stats(emu))[1];
      const slots = [first, second].map((r) => (r.body as { adslot: unknown }).adslot);
      expect(slots).to.have.members([null, known.filterAdslot]);
    } finally {
      batching.timers = real;
      fetches.restore();
    }
  });
});
