import { expect } from '@open-wc/testing';
import {
  ConflictError,
  NotFoundError,
  updateWithRetry,
  type Fetch,
  type Website,
} from '../../src/client/index.js';
import { createCache } from '../../src/client/cache.js';
import { known, received, rejection, setup, type TestEmulator } from './support/client.js';

/**
 * A fetch that, before each of the first `times` PUTs, lets "someone else"
 * write the same object (a PATCH without `_version`, which bumps it), so that
 * the PUT is stale.
 */
function interfering(emu: () => TestEmulator | undefined, times: number): Fetch {
  return async (url, init) => {
    if (init.method == 'PUT' && times-- > 0)
      await fetch(url, {
        method: 'PATCH',
        headers: { Authorization: `Token ${emu()!.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ config: `{"columns": ${times + 1}}` }),
      });
    return fetch(url, init);
  };
}

describe('optimistic lock', () => {
  it('an update sends the _version it read; a stale one is a ConflictError, not an overwrite', async () => {
    const { emu, client } = await setup();
    const read = await client.websites.get({ uuid: known.website.id });
    expect(read._version).to.be.a('number');
    const mine = await client.websites.update(
      { uuid: known.website.id },
      { body: { ...read, description: 'mine' } },
    );
    expect(mine._version).to.equal(read._version! + 1);
    const [put] = await received(emu, 'PUT');
    expect((put!.body as Website)._version).to.equal(read._version);
    const e = (await rejection(
      client.websites.update(
        { uuid: known.website.id },
        { body: { ...read, description: 'theirs' } },
      ),
    )) as ConflictError;
    expect(e).to.be.instanceOf(ConflictError);
    expect(e.status).to.equal(409);
    expect(e.currentVersion).to.equal(mine._version);
    expect((await client.websites.get({ uuid: known.website.id })).description).to.equal('mine');
    await emu.stop();
  });

  it('updateWithRetry re-reads and re-applies a pure change after a conflict (no lost update)', async () => {
    const ref: { emu?: TestEmulator } = {};
    const started = await setup({ cache: createCache(), fetch: interfering(() => ref.emu, 1) });
    const emu = (ref.emu = started.emu);
    const { client } = started;
    // a cached read must not be what the helper reads again
    const before = await client.adslots.get({ uuid: known.filterAdslot });
    const seen: number[] = [];
    const result = await updateWithRetry(client, 'adslots', known.filterAdslot, (slot) => {
      seen.push(slot._version!);
      return { ...slot, title: 'Edited' };
    });
    expect(seen).to.deep.equal([before._version, before._version! + 1]);
    expect(result.title).to.equal('Edited');
    expect(result.config).to.equal('{"columns": 1}'); // the other write survived
    expect(result._version).to.equal(before._version! + 2);
    expect(await received(emu, 'PUT')).to.have.length(2);
    await emu.stop();
  });

  it('updateWithRetry gives up after `attempts`, with the last ConflictError', async () => {
    const ref: { emu?: TestEmulator } = {};
    const started = await setup({ fetch: interfering(() => ref.emu, 100) });
    const emu = (ref.emu = started.emu);
    let runs = 0;
    const e = await rejection(
      updateWithRetry(
        started.client,
        'websites',
        known.website.id,
        (site) => (runs++, { ...site, description: 'x' }),
        { attempts: 3 },
      ),
    );
    expect(e).to.be.instanceOf(ConflictError);
    expect(runs).to.equal(3);
    expect(await received(emu, 'PUT')).to.have.length(3);
    await emu.stop();
  });

  it('updateWithRetry throws other errors at once', async () => {
    const { emu, client } = await setup();
    let runs = 0;
    const e = await rejection(updateWithRetry(client, 'websites', 'missing', (s) => (runs++, s)));
    expect(e).to.be.instanceOf(NotFoundError);
    expect(runs).to.equal(0);
    await emu.stop();
  });
});
