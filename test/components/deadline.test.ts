import { expect, fixture, fixtureSync, html } from '@open-wc/testing';
import '../../src/components/define.js';
import { env, resetWidgets } from '../../src/page/env.js';
import { configure } from '../../src/page/options.js';
import { known } from '../../src/emulator/known.js';
import { startEmulator, type TestEmulator } from '../support/emulator.js';
import {
  countEvents,
  heldTimers,
  intersectionsDelivered,
  recordFetches,
  requests,
} from './support/elements.js';

const key = known.website.guid;
const DEFAULT_DEADLINE = 8000;

// A page of its own, and not the helpers' `emulator()`: no `deadline` is
// configured here, so the default applies.
describe('the default deadline', () => {
  let emu: TestEmulator;
  beforeEach(async () => {
    resetWidgets();
    emu = await startEmulator();
    configure({ token: emu.token });
  });
  afterEach(() => emu.stop());

  it('is not set before a widget below the fold nears the viewport; one 8 s deadline, set when its work starts, covers every request and retry, and firing it aborts the request in flight with pubnet-error', async () => {
    // The slot's config fails twice (two retries), then its product search hangs.
    await emu.setFaults([
      { path: '/publisher/adslots/*', method: 'GET', kind: 'status', status: 500, times: 2 },
      { path: '/publisher/products/', method: 'POST', kind: 'hang' },
    ]);
    const held = heldTimers([DEFAULT_DEADLINE]);
    env.timers = held.timers;
    const fetches = recordFetches();
    const events = countEvents();
    try {
      const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
      wrap.style.paddingTop = '5000px';
      const el = document.createElement('pubnet-adslot');
      Object.assign(el, { api: emu.url, key, adslot: known.filterAdslot });
      wrap.append(el);
      await el.updateComplete;
      await intersectionsDelivered(el);
      // Far below the fold: no work, so no deadline yet.
      expect(held.held).to.deep.equal([]);
      expect(fetches.calls).to.have.length(0);

      // Within the 300 px margin: the work starts.
      window.scrollTo(0, 5000 - innerHeight - 200);
      await held.set(DEFAULT_DEADLINE);
      expect(held.pending(DEFAULT_DEADLINE)).to.have.length(1);
      // Three config reads (two retries), then the search, which hangs.
      // (A slot that gives up instead makes fewer: the assertions say so.)
      await Promise.race([fetches.called(4), events.reach('error', 1)]);
      expect(fetches.calls).to.have.length(4);
      // The reads were answered: the emulator logs a request before it answers it.
      await Promise.allSettled(fetches.results.slice(0, 3));
      expect(await requests(emu, '/publisher/adslots/', 'GET')).to.have.length(3);
      // Nothing in the page tells when the search, which gets no answer, has
      // reached the emulator: ask its log.
      await emu.received('POST', '/publisher/products/');
      expect(fetches.calls).to.have.length(4);
      // Still the one deadline of the start: none per request or retry.
      expect(held.held).to.have.length(1);
      expect(held.pending(DEFAULT_DEADLINE)).to.have.length(1);
      expect(el.getAttribute('state')).to.equal('loading');
      expect(events.counts.error).to.equal(0);
      const search = fetches.calls[3];
      expect(search.init!.method).to.equal('POST');
      expect(search.init!.signal!.aborted).to.equal(false);

      const failed = new Promise<CustomEvent>((resolve) =>
        el.addEventListener('pubnet-error', (e) => resolve(e as CustomEvent), { once: true }),
      );
      held.fire(DEFAULT_DEADLINE);
      const { detail } = await failed;
      expect((detail.error as Error).message).to.contain('did not answer in time');
      expect(search.init!.signal!.aborted).to.equal(true);
      expect(events.counts.error).to.equal(1);
    } finally {
      events.stop();
      fetches.restore();
      window.scrollTo(0, 0);
    }
  });

  it('an eager widget sets its one 8 s deadline at once, wherever it is', async () => {
    await emu.setFaults([{ path: '/publisher/*', kind: 'hang' }]);
    const held = heldTimers([DEFAULT_DEADLINE]);
    env.timers = held.timers;
    const fetches = recordFetches();
    try {
      const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
      wrap.style.paddingTop = '5000px';
      const el = await fixture(
        html`<pubnet-product-grid eager api=${emu.url} key=${key}></pubnet-product-grid>`,
        { parentNode: wrap },
      );
      await fetches.called(1);
      expect(held.pending(DEFAULT_DEADLINE)).to.have.length(1);
      expect(held.held).to.have.length(1);
      expect(el.getAttribute('state')).to.equal('loading');
      const { signal } = fetches.calls[0].init!;
      const failed = new Promise<CustomEvent>((resolve) =>
        el.addEventListener('pubnet-error', (e) => resolve(e as CustomEvent), { once: true }),
      );
      held.fire(DEFAULT_DEADLINE);
      expect(((await failed).detail.error as Error).message).to.contain('did not answer in time');
      expect(signal!.aborted).to.equal(true);
    } finally {
      fetches.restore();
    }
  });
});
