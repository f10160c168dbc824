// The page of issue 25's defect 1, as a reader sees it: three product grids of
// 48 cards each (fewer where a product has no usable link), every card seen.
// Every view reaches the API, in requests of at most 100 ids (the API refuses
// more), none lost and none counted twice.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/define.js';
import { batching } from '../../src/components/lifecycle/impressions.js';
import type { PubnetItem } from '../../src/page/events.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { countEvents, emulator, heldTimers, recordFetches, requests } from './support/elements.js';

const key = known.website.guid;

describe('three grids of 48 cards', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  it('deliver every view to the API, at most 100 ids a request', async () => {
    const batch = heldTimers();
    batching.timers = batch.timers;
    const events = countEvents();
    const fetches = recordFetches();
    const seen: string[] = [];
    const onSeen = (event: Event) =>
      seen.push(String((event as CustomEvent<PubnetItem>).detail.product?.id));
    document.addEventListener('pubnet-impression', onSeen);
    try {
      // Scaled down so that every card is in view at once.
      await fixture(html`
        <div style="width: 1200px; transform: scale(0.06); transform-origin: 0 0">
          ${['-score', 'price', 'title'].map(
            (ordering) =>
              html`<pubnet-product-grid
                api=${emu.url}
                key=${key}
                limit="48"
                columns="6"
                ordering=${ordering}
              ></pubnet-product-grid>`,
          )}
        </div>
      `);
      await events.reach('load', 3);
      const cards = [...document.querySelectorAll('pubnet-product-grid')].map(
        (grid) => grid.shadowRoot!.querySelectorAll('[data-i]').length,
      );
      const shown = cards.reduce((sum, count) => sum + count);
      // Products without an http(s) link are never shown: a few of the emulator's are hostile.
      expect(shown).to.be.within(130, 144);
      await events.reach('impression', shown);
      // The batch is sent a second at a time (each held timer fired by hand) until nothing is left.
      while (batch.pending(1000).length) {
        batch.fire(1000);
        await fetches.answered();
      }
      const sent = (await requests(emu, '/publisher/products/stats/', 'POST')).map(
        (request) => (request.body as { products: string[] }).products,
      );
      expect(sent.map((ids) => ids.length)).to.deep.equal([100, shown - 100]);
      expect(sent.flat().sort()).to.deep.equal([...seen].sort());
      expect(seen).to.have.length(shown);
    } finally {
      document.removeEventListener('pubnet-impression', onSeen);
      events.stop();
      fetches.restore();
    }
  });
});
