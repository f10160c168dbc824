import { expect } from '@open-wc/testing';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { emulator } from './support/elements.js';

describe('under a strict CSP with Trusted Types', () => {
  let emu: TestEmulator;
  before(async () => (emu = await emulator()));
  after(() => emu.stop());

  it('renders every widget with no violation (CSSOM positions, TrustedHTML srcdoc)', async () => {
    const frame = document.createElement('iframe');
    const q = new URLSearchParams({
      api: emu.url,
      key: known.website.guid,
      manual: known.manualAdslot,
      filter: known.filterAdslot,
      offer: known.offers[0],
    });
    frame.src = new URL(`./fixtures/csp.html?${q}`, import.meta.url).href;
    frame.style.width = '800px';
    let onMessage!: (event: MessageEvent) => void;
    // The page posts its report once done: waited for, not polled.
    const finished = new Promise<void>((resolve) => {
      onMessage = (event) => {
        if (event.source == frame.contentWindow && event.data?.type == 'csp-result') resolve();
      };
      addEventListener('message', onMessage);
    });
    document.body.append(frame);
    try {
      const win = frame.contentWindow as Window & typeof globalThis;
      await finished;
      expect(win.result, 'the page finished').to.be.an('object');
      const { violations, counts, errors, enforced } = win.result!;
      // All three engines enforce it (Firefox 153 ESR and WebKitGTK 2.50 too), so
      // no violation below means every sink took TrustedHTML, not a string.
      expect(enforced, 'the engine refuses a plain string for srcdoc').to.equal(true);
      expect(errors).to.deep.equal([]);
      expect(violations).to.deep.equal([]);
      expect(counts).to.deep.equal([4, 8, 2, 1]);
      const slot = win.document.querySelector('pubnet-adslot')!.shadowRoot!;
      // Positions went through CSSOM and took effect.
      const it = slot.querySelectorAll<HTMLElement>('.placed')[1];
      expect(it.getBoundingClientRect().width).to.equal(240);
      const iframe = slot.querySelector('iframe')!;
      expect(iframe.srcdoc).to.contain('<img');
    } finally {
      removeEventListener('message', onMessage);
      frame.remove();
    }
  });
});
