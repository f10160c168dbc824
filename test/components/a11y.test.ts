import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/define.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { countEvents, emulator, shadow } from './support/elements.js';
import { PAGES, resetPage, showPage, textContrast, type Page } from './support/pages.js';

const key = known.website.guid;

/**
 * embed-contract guarantee 7 (scheme, contrast, names, on any page): what it asks of a
 * product grid's cards and of a manual ad slot. What it asks of every element (axe, the
 * label's contrast), each as it loads by default: contract/a11y.test.ts.
 */
describe('accessibility on light and dark pages (guarantee 7)', () => {
  let emu: TestEmulator;
  let page: HTMLElement;

  beforeEach(async () => (emu = await emulator()));
  afterEach(async () => {
    emu.stop();
    await resetPage();
  });

  async function load(on: Page) {
    await showPage(on);
    // Two widgets load (counted on `document`: some load before `fixture()` returns; counted
    // during this test only, so a test that timed out never runs on in the next one).
    const events = countEvents();
    const loaded = events.reach('load', 2);
    page = await fixture<HTMLElement>(
      html`<div>
        <pubnet-product-grid eager api=${emu.url} key=${key} limit="3"></pubnet-product-grid>
        <pubnet-adslot eager api=${emu.url} key=${key} adslot=${known.manualAdslot}></pubnet-adslot>
      </div>`,
    );
    await loaded;
    events.stop();
    for (const el of page.querySelectorAll<HTMLElement & { updateComplete: Promise<unknown> }>(
      'pubnet-product-grid, pubnet-adslot',
    ))
      await el.updateComplete;
  }

  for (const on of PAGES) {
    it(`on ${on.name}: a manual slot passes axe, its label keeps 4.5:1; the cards are ${on.dark ? 'dark' : 'light'}`, async () => {
      await load(on);
      const slot = page.querySelector('pubnet-adslot')!;
      await expect(slot).to.be.accessible();
      const label = shadow(slot).querySelector('[part=disclosure]')!;
      expect(label, 'manual slot').to.not.equal(null);
      expect(textContrast(label), 'manual slot label').to.be.at.least(4.5);
      const card = shadow(page.querySelector('pubnet-product-grid')!).querySelector('[part=card]')!;
      expect(getComputedStyle(card).backgroundColor).to.equal(
        on.dark ? 'rgb(32, 33, 36)' : 'rgb(255, 255, 255)',
      );
      expect(getComputedStyle(card).color).to.equal(
        on.dark ? 'rgb(232, 234, 237)' : 'rgb(31, 31, 31)',
      );
    });
  }

  it('a --pubnet-* property wins on a dark page', async () => {
    await load(PAGES.find((on) => on.dark)!);
    const grid = page.querySelector('pubnet-product-grid')!;
    grid.style.setProperty('--pubnet-bg', '#fffbe6');
    grid.style.setProperty('--pubnet-fg', '#000');
    const card = shadow(grid).querySelector('[part=card]')!;
    expect(getComputedStyle(card).backgroundColor).to.equal('rgb(255, 251, 230)');
    expect(getComputedStyle(card).color).to.equal('rgb(0, 0, 0)');
  });

  it('a manual slot: every link and frame has a name of its own', async () => {
    await load(PAGES[0]);
    const slot = page.querySelector('pubnet-adslot')!;
    const root = shadow(slot);
    const links = [...root.querySelectorAll('a')];
    const frames = [...root.querySelectorAll('iframe')];
    expect(links.length).to.be.at.least(2);
    expect(frames).to.have.length(2);
    const linkNames = links.map((a) => a.getAttribute('aria-label') ?? a.textContent!.trim());
    const frameTitles = frames.map((frame) => frame.title);
    for (const name of [...linkNames, ...frameTitles]) expect(name).to.not.equal('');
    expect(new Set(linkNames).size, linkNames.join(' | ')).to.equal(links.length);
    expect(new Set(frameTitles).size, frameTitles.join(' | ')).to.equal(frames.length);
    // The call to action, told apart by what each link leads to.
    for (const a of root.querySelectorAll('a.placed-link'))
      expect(a.getAttribute('aria-label')).to.match(/^Shop now \d+$|. Shop now$/);
    // Named by the slot's label and their position ("Ad 3", "Ad 4").
    const label = root.querySelector('[part=disclosure]')?.textContent || 'Ad';
    for (const title of frameTitles) expect(title).to.match(new RegExp(`^${label} \\d+$`));
  });
});
