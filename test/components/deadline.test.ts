import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/product-grid/define.js';
import { configure } from '../../src/components/shared/options.js';
import { known } from '../../src/emulator/known.js';
import { startEmulator } from '../support/emulator.js';

// A page of its own: no `deadline` is configured here, so the default applies.
describe('the default deadline', () => {
  it('is 8 seconds from the start of the work, for all requests and retries', async () => {
    const emu = await startEmulator({ faults: [{ path: '/publisher/*', kind: 'hang' }] });
    configure({ token: emu.token });
    const delays: number[] = [];
    const original = window.setTimeout;
    window.setTimeout = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) => {
      delays.push(ms ?? 0);
      return original(fn, ms, ...rest);
    }) as typeof setTimeout;
    try {
      const el = await fixture(html`
        <pubnet-product-grid eager api=${emu.url} key=${known.website.guid}></pubnet-product-grid>
      `);
      await waitUntil(async () => (await emu.requests()).some((r) => r.method == 'POST'));
      expect(delays).to.include(8000);
      el.remove();
    } finally {
      window.setTimeout = original;
      await emu.stop();
    }
  });
});
