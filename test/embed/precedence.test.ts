import { expect } from '@open-wc/testing';
import '../../src/components/define.js';
import { configure } from '../../src/page/options.js';
import { known } from '../../src/emulator/known.js';
import { start } from '../../src/embed/start.js';
import { startEmulator, type TestEmulator } from '../support/emulator.js';
import { host, scriptTag } from './support/host.js';

describe('option precedence: element attribute → Pubnet.configure() → script data-*', () => {
  let emu: TestEmulator;

  /**
   * Loads a grid (listening before it connects) and tells which website key
   * its product search sent. Each test asks a different `limit`, so no answer
   * comes from the client's cache of an earlier test.
   */
  async function keyUsed(attributes: Record<string, string>): Promise<string | null> {
    await emu.clearRequests();
    const grid = document.createElement('pubnet-product-grid');
    for (const [name, value] of Object.entries({ eager: '', ...attributes }))
      grid.setAttribute(name, value);
    const done = new Promise((resolve) => {
      grid.addEventListener('pubnet-load', resolve);
      grid.addEventListener('pubnet-error', resolve);
    });
    host(grid);
    await done;
    const search = (await emu.requests()).find((r) => r.path === '/publisher/products/');
    return search ? new URLSearchParams(search.search).get('key') : null;
  }

  before(async function () {
    // The first emulator of a run compiles it in the test server: slow on a busy machine.
    this.timeout(30_000);
    emu = await startEmulator();
    // What the bundle's own script tag would carry.
    start(scriptTag({ api: emu.url, key: known.websites.active.guid }), 'test');
    configure({ token: emu.token });
  });

  after(async () => {
    await emu.stop();
    delete window.Pubnet;
  });

  it('uses the script tag’s data-api and data-key when nothing else is set', async () => {
    expect(await keyUsed({ limit: '1' })).to.equal(known.websites.active.guid);
  });

  it('prefers Pubnet.configure() to the script tag', async () => {
    window.Pubnet!.configure({ key: known.websites.secondActive.guid });
    expect(await keyUsed({ limit: '2' })).to.equal(known.websites.secondActive.guid);
  });

  it('prefers the element’s attributes to both', async () => {
    // configure() now points at a dead API: only the attribute can reach the emulator.
    window.Pubnet!.configure({ api: 'http://127.0.0.1:9/' });
    expect(await keyUsed({ limit: '3', api: emu.url, key: known.websites.pending.guid })).to.equal(
      known.websites.pending.guid,
    );
  });
});
