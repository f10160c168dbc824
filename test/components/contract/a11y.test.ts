// embed-contract guarantee 7 (scheme, contrast, names, on any page) for every registered
// element (the element-specific checks: test/components/a11y.test.ts).
import { expect } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { TestEmulator } from '../../support/emulator.js';
import { emulator } from '../support/elements.js';
import { PAGES, resetPage, showPage, styleOwnLinks, textContrast } from '../support/pages.js';
import { contract } from './support/fixture.js';
import { label, load } from './support/place.js';

contract('accessibility on light and dark pages (guarantee 7)', ({ tag, fixture }) => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(async () => {
    await emu.stop();
    await resetPage();
  });

  for (const page of PAGES)
    it(`on ${page.name}: axe finds nothing, the label keeps 4.5:1`, async () => {
      await showPage(page);
      const { el } = await load(tag, fixture.loads, { api: emu.url });
      if (page.darkBackground) styleOwnLinks(el);
      await el.updateComplete;
      await expect(el).to.be.accessible();
      expect(label(el), tag).to.not.equal(null);
      expect(textContrast(label(el)!), `${tag} label`).to.be.at.least(4.5);
    });
});
