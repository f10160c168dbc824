import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/product-grid/define.js';
import { env } from '../../src/components/shared/env.js';
import { configure } from '../../src/components/shared/options.js';
import { known } from '../../src/emulator/known.js';
import { startEmulator } from '../support/emulator.js';

// A page of its own: no `deadline` is configured here, so the default applies.
describe('the default deadline', () => {
  it('is 8 seconds from the start of the work, for all requests and retries', async () => {
    const emu = await startEmulator({ faults: [{ path: '/publisher/*', kind: 'hang' }] });
    configure({ token: emu.token });
    const delays: number[] = [];
    const original = env.timers;
    env.timers = {
      ...original,
      setTimeout: (fn, ms) => {
        delays.push(ms);
        return original.setTimeout(fn, ms);
      },
    };
    try {
      const el = await fixture(html`
        <pubnet-product-grid eager api=${emu.url} key=${known.website.guid}></pubnet-product-grid>
      `);
      await waitUntil(async () => (await emu.requests()).some((r) => r.method == 'POST'));
      expect(delays).to.include(8000);
      el.remove();
    } finally {
      env.timers = original;
      await emu.stop();
    }
  });
});
