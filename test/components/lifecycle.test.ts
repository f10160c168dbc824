import { expect, fixture, fixtureSync, html, oneEvent } from '@open-wc/testing';
import '../../src/components/define.js';
import type { PubnetProductGrid } from '../../src/components/product-grid/product-grid.js';
import { env } from '../../src/page/env.js';
import { batching } from '../../src/components/lifecycle/impressions.js';
import { configure } from '../../src/page/options.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import {
  countEvents,
  emulator,
  heldTimers,
  intersectionsDelivered,
  recordFetches,
  requests,
  shadow,
  trapErrors,
} from './support/elements.js';

const key = known.website.guid;

const searches = async (emu: TestEmulator) =>
  (await requests(emu)).filter((r) => r.path == '/publisher/products/');

describe('widget lifecycle', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  it('does no work until it is near the viewport', async () => {
    const fetches = recordFetches();
    try {
      const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
      wrap.style.paddingTop = '5000px';
      const el = document.createElement('pubnet-product-grid');
      Object.assign(el, { api: emu.url, key });
      wrap.append(el);
      await el.updateComplete;
      await intersectionsDelivered(el);
      expect(fetches.calls).to.have.length(0);
      expect(el.state).to.equal('loading');
      const loaded = oneEvent(el, 'pubnet-load');
      // Within the 300 px margin, not yet visible.
      window.scrollTo(0, 5000 - innerHeight - 200);
      await loaded;
      expect(await searches(emu)).to.have.length(1);
    } finally {
      fetches.restore();
      window.scrollTo(0, 0);
    }
  });

  it('a widget in view when it connects sends its request before the first frame', async () => {
    const fetches = recordFetches();
    try {
      const el = document.createElement('pubnet-product-grid');
      Object.assign(el, { api: emu.url, key });
      // The calls made when the first frame comes, taken in that frame's callback:
      // waited for as well as the load, which may come before or after it.
      const firstFrame = new Promise<number>((resolve) =>
        requestAnimationFrame(() => resolve(fetches.calls.length)),
      );
      const loaded = oneEvent(el, 'pubnet-load');
      fixtureSync<HTMLElement>(html`<div></div>`).append(el);
      const [atFirstFrame] = await Promise.all([firstFrame, loaded]);
      expect(atFirstFrame, 'the search had started when the first frame came').to.equal(1);
    } finally {
      fetches.restore();
    }
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

  it('leaving the page aborts the request in flight, silently', async () => {
    await emu.setFaults([{ path: '/publisher/products/', kind: 'hang' }]);
    const fetches = recordFetches();
    const errors = trapErrors();
    const events = countEvents();
    try {
      const el = await fixture<PubnetProductGrid>(
        html`<pubnet-product-grid eager api=${emu.url} key=${key}></pubnet-product-grid>`,
      );
      await fetches.called(1);
      const { signal } = fetches.calls[0].init!;
      const settled = fetches.results[0].catch((error: unknown) => error);
      el.remove();
      await new Promise((aborted) => signal!.addEventListener('abort', aborted));
      expect(await settled).to.have.property('name', 'AbortError');
      await el.updateComplete;
      expect(events.counts).to.deep.equal({ load: 0, error: 0, impression: 0 });
      expect(el.state).to.equal('loading');
      expect(errors.seen).to.deep.equal([]);
    } finally {
      fetches.restore();
      errors.stop();
      events.stop();
    }
  });

  it('load inputs that change abort the request in flight at once; the last change loads, 50 ms later', async () => {
    await emu.setLatency(200);
    const fetches = recordFetches();
    const debounce = heldTimers([50]);
    const real = env.timers;
    env.timers = debounce.timers;
    try {
      const el = await fixture<PubnetProductGrid>(
        html`<pubnet-product-grid eager api=${emu.url} key=${key} query="a"></pubnet-product-grid>`,
      );
      await fetches.called(1);
      const first = fetches.calls[0].init!.signal!;
      el.setAttribute('query', 'phone');
      await el.updateComplete;
      expect(first.aborted).to.equal(true);
      el.setAttribute('brand', 'Sony');
      await el.updateComplete;
      el.setAttribute('limit', '2');
      await el.updateComplete;
      // Three changes, three debounce timers: only the last is still pending.
      expect(debounce.held.map((t) => t.cleared)).to.deep.equal([true, true, false]);
      expect(fetches.calls).to.have.length(1);
      const loaded = oneEvent(el, 'pubnet-load');
      debounce.fire(50);
      await loaded;
      // The aborted first request may still reach the emulator after the
      // second one on a busy machine: which one arrived last says nothing.
      const bodies = (await searches(emu)).map((r) => r.body);
      expect(bodies).to.deep.include({
        filters: [
          { any: { lookup: 'contains', value: 'phone' } },
          { brand: { lookup: 'contains', value: 'Sony' } },
        ],
        ordering: '-score',
        page_size: 2,
      });
      expect(fetches.calls.filter((c) => c.init?.method == 'POST')).to.have.length(2);
      await el.updateComplete;
      expect(shadow(el).querySelectorAll('a[data-i]')).to.have.length(2);
    } finally {
      env.timers = real;
      fetches.restore();
    }
  });

  it('properties that only change the look render again without a request', async () => {
    const el = await fixture<PubnetProductGrid>(
      html`<pubnet-product-grid eager api=${emu.url} key=${key} limit="2"></pubnet-product-grid>`,
    );
    await oneEvent(el, 'pubnet-load');
    const fetches = recordFetches();
    try {
      el.setAttribute('layout', 'list');
      el.setAttribute('target', '_self');
      el.setAttribute('disclosure', 'Sponsored');
      await el.updateComplete;
      expect(shadow(el).querySelector('ul')!.className).to.equal('list c4');
      expect(shadow(el).querySelector('a[data-i]')!.getAttribute('target')).to.equal('_self');
      expect(shadow(el).querySelector('[part=disclosure]')!.textContent).to.equal('Sponsored');
      expect(el.state).to.equal('ready');
      expect(fetches.calls).to.have.length(0);
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

  it('moving an element (disconnect + connect in one task) does not load or count it again', async () => {
    const stats = heldTimers();
    batching.timers = stats.timers;
    const events = countEvents();
    try {
      const [from, to] = [fixtureSync(html`<div></div>`), fixtureSync(html`<div></div>`)];
      const el = document.createElement('pubnet-product-grid');
      Object.assign(el, { api: emu.url, key, limit: 4 });
      from.append(el);
      await oneEvent(el, 'pubnet-load');
      await events.reach('impression', 4);
      // Twice, as a list reorder would.
      for (const parent of [to, from, to]) {
        parent.append(el);
        await el.updateComplete;
        await intersectionsDelivered(el);
        for (const card of shadow(el).querySelectorAll('[data-i]'))
          await intersectionsDelivered(card);
      }
      const fetches = recordFetches();
      stats.fire();
      expect(stats.pending(), 'one stats batch').to.have.length(0);
      await fetches.called(1);
      fetches.restore();
      expect(events.counts).to.deep.equal({ load: 1, error: 0, impression: 4 });
      expect(fetches.calls.map((call) => call.url)).to.deep.equal([
        `${emu.url}publisher/products/stats/`,
      ]);
      const body = JSON.parse(fetches.calls[0].init!.body as string);
      expect(new Set(body.products).size).to.equal(4);
      expect(body.products).to.have.length(4);
      expect(await searches(emu)).to.have.length(1);
    } finally {
      events.stop();
    }
  });

  it('an item counts once per element and page view, also across reloads that show it again', async () => {
    const events = countEvents();
    try {
      const el = await fixture<PubnetProductGrid>(
        html`<pubnet-product-grid api=${emu.url} key=${key} limit="2"></pubnet-product-grid>`,
      );
      await oneEvent(el, 'pubnet-load');
      await events.reach('impression', 2);
      // Same products, in another order: a reload that shows them again.
      const loaded = oneEvent(el, 'pubnet-load');
      el.setAttribute('ordering', 'title');
      el.setAttribute('ordering', '-score');
      el.sid = 'reload';
      await loaded;
      await el.updateComplete;
      for (const card of shadow(el).querySelectorAll('[data-i]'))
        await intersectionsDelivered(card);
      expect(events.counts.impression).to.equal(2);
      expect(events.counts.load).to.equal(2);
    } finally {
      events.stop();
    }
  });

  it('an element connected, removed and connected again before its first update loads once', async () => {
    // A bare element: everything it needs comes from configure().
    configure({ api: emu.url, key });
    const fetches = recordFetches();
    const events = countEvents();
    try {
      const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
      const el = document.createElement('pubnet-product-grid');
      wrap.append(el);
      el.remove();
      wrap.append(el);
      await oneEvent(el, 'pubnet-load');
      await el.updateComplete;
      await intersectionsDelivered(el);
      expect(fetches.calls).to.have.length(1);
      expect(events.counts.load).to.equal(1);
      expect(await searches(emu)).to.have.length(1);
    } finally {
      fetches.restore();
      events.stop();
    }
  });

  it('a detached element never fetches: not before its first update, not from a debounced reload', async () => {
    const fetches = recordFetches();
    const debounce = heldTimers([0, 50]);
    const real = env.timers;
    env.timers = debounce.timers;
    try {
      const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
      const early = document.createElement('pubnet-product-grid');
      Object.assign(early, { api: emu.url, key, eager: true });
      wrap.append(early);
      early.remove();
      await early.updateComplete;
      debounce.fire(0);
      expect(fetches.calls, 'removed before its first update').to.have.length(0);

      const el = await fixture<PubnetProductGrid>(
        html`<pubnet-product-grid eager api=${emu.url} key=${key}></pubnet-product-grid>`,
      );
      await oneEvent(el, 'pubnet-load');
      const before = fetches.calls.length;
      el.setAttribute('query', 'phone');
      await el.updateComplete;
      el.remove();
      debounce.fire();
      expect(fetches.calls.length, 'a reload after leaving').to.equal(before);
    } finally {
      env.timers = real;
      fetches.restore();
    }
  });

  it('leaving before the load finished and coming back loads again; after it, does not', async () => {
    await emu.setLatency(100);
    const fetches = recordFetches();
    const events = countEvents();
    try {
      const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
      const el = document.createElement('pubnet-product-grid');
      Object.assign(el, { api: emu.url, key, eager: true, query: 'lamp' });
      wrap.append(el);
      await fetches.called(1);
      const { signal } = fetches.calls[0].init!;
      el.remove();
      await new Promise((aborted) => signal!.addEventListener('abort', aborted));
      const loaded = oneEvent(el, 'pubnet-load');
      wrap.append(el);
      await loaded;
      expect(fetches.calls).to.have.length(2);
      // Left (the end of the task passed), not moved.
      const leave = heldTimers([0]);
      const real = env.timers;
      env.timers = leave.timers;
      el.remove();
      leave.fire(0);
      env.timers = real;
      wrap.append(el);
      await el.updateComplete;
      expect(fetches.calls).to.have.length(2);
      expect(events.counts.load).to.equal(1);
    } finally {
      fetches.restore();
      events.stop();
    }
  });

  it('attributes changed while it is off the page load when it comes back', async () => {
    const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
    const el = document.createElement('pubnet-product-grid') as PubnetProductGrid;
    Object.assign(el, { api: emu.url, key, eager: true, query: 'lamp' });
    const first = oneEvent(el, 'pubnet-load');
    wrap.append(el);
    await first;
    const leave = heldTimers([0, 50]);
    const real = env.timers;
    env.timers = leave.timers;
    try {
      el.remove();
      leave.fire(0);
      // As a framework updates a detached element (Vue's <KeepAlive>, a cached view).
      el.setAttribute('query', 'phone');
      await el.updateComplete;
      leave.fire(50);
    } finally {
      env.timers = real;
    }
    const loaded = oneEvent(el, 'pubnet-load');
    wrap.append(el);
    await loaded;
    const bodies = (await searches(emu)).map((r) => JSON.stringify(r.body));
    expect(bodies).to.have.length(2);
    expect(bodies[1]).to.include('phone');
  });
});
