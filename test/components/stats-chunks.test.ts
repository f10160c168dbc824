// Product stats in chunks the API takes (issue 25, defect 1): a request names
// at most 100 ids, so three grids of 48 cards are two requests (100, then 44
// a second later), not one refused request of 144 with every view lost; and a
// request that fails is tried once more. countView() against the emulator,
// over real HTTP, with the batching's timers run by hand.
import { expect } from '@open-wc/testing';
import { batching, countView } from '../../src/components/lifecycle/impressions.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { emulator, heldTimers, recordFetches, requests } from './support/elements.js';

const key = known.website.guid;
const stats = async (emu: TestEmulator) =>
  (await requests(emu, '/publisher/products/stats/', 'POST')).map(
    (request) => (request.body as { products: string[] }).products,
  );

describe('product stats in chunks', () => {
  let emu: TestEmulator;
  let fetches: ReturnType<typeof recordFetches>;
  beforeEach(async () => {
    emu = await emulator();
    fetches = recordFetches();
  });
  afterEach(async () => {
    fetches.restore();
    await emu.stop();
  });

  it('144 views are two requests of at most 100 ids, a second apart, and none is lost', async () => {
    const batch = heldTimers();
    batching.timers = batch.timers;
    const target = { api: emu.url, token: emu.token, key, adslot: null };
    const ids = Array.from({ length: 144 }, (_, i) => `product-${i}`);
    for (const id of ids) countView(target, id);
    batch.fire(1000);
    // The emulator logs a request before it answers it: once the page has
    // the answer, the emulator's log has the request.
    await fetches.called(1);
    await fetches.answered();
    const first = await stats(emu);
    expect(first, 'one request').to.have.length(1);
    expect(first[0]).to.have.length(100);
    batch.fire(1000);
    await fetches.called(2);
    await fetches.answered();
    const sent = await stats(emu);
    expect(sent.map((products) => products.length)).to.deep.equal([100, 44]);
    expect(sent.flat()).to.deep.equal(ids);
  });

  it('a request that fails is tried once more, with the next tick', async () => {
    await emu.setFaults([
      { path: '/publisher/products/stats/', method: 'POST', kind: 'status', status: 503, times: 1 },
    ]);
    const batch = heldTimers();
    batching.timers = batch.timers;
    const target = { api: emu.url, token: emu.token, key, adslot: known.filterAdslot };
    countView(target, 'retried-product');
    batch.fire(1000);
    // The failed request was seen, then queued again: a new timer waits for it.
    await batch.set(1000, 2);
    expect(batch.pending(1000), 'queued again').to.have.length(1);
    batch.fire(1000);
    await fetches.called(2);
    await fetches.answered();
    expect(await stats(emu)).to.deep.equal([['retried-product'], ['retried-product']]);
  });
});
