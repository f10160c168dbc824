import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/define.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { prefersColorScheme } from '../support/engine.js';
import { emulator, shadow } from './helpers.js';

const key = known.website.guid;

/** The channels of a computed colour (`rgb()` or `rgba()`), alpha last (1 when absent). */
function channels(colour: string): number[] {
  const [r, g, b, a = 1] = colour.match(/[\d.]+/g)!.map(Number);
  return [r, g, b, a];
}

/** WCAG 2 relative luminance of an opaque computed colour. */
function luminance(colour: string): number {
  const [r, g, b] = channels(colour)
    .slice(0, 3)
    .map((c) => c / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two opaque computed colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * What an element's text sits on: the first opaque background from it up
 * through its ancestors (crossing shadow roots to their hosts), or the
 * page's canvas (white unless the test page says otherwise).
 */
function backdrop(element: Element): string {
  for (let el: Element | null = element; el;) {
    const background = getComputedStyle(el).backgroundColor;
    if (channels(background)[3] == 1) return background;
    el = el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host || null);
  }
  return 'rgb(255, 255, 255)';
}

/** The pages the widgets are tried on. */
const pages = [
  { name: 'a light page (no color-scheme)', scheme: '', prefers: 'light', dark: false },
  { name: 'a light page, the reader prefers dark', scheme: '', prefers: 'dark', dark: false },
  { name: 'a light-dark page, the reader prefers light', scheme: 'light dark', prefers: 'light' },
  {
    name: 'a dark page (light dark, the reader prefers dark)',
    scheme: 'light dark',
    prefers: 'dark',
    dark: true,
  },
  // A dark page that never says so: the widgets stay light, the label keeps its contrast.
  {
    name: 'a dark page that declares no color-scheme',
    scheme: '',
    prefers: 'dark',
    background: true,
  },
] as const;

/** embed-contract guarantee 7: scheme, contrast, names, on any page. */
describe('accessibility on light and dark pages (guarantee 7)', () => {
  let emu: TestEmulator;
  let page: HTMLElement;
  const widgets = () => [
    ...page.querySelectorAll<HTMLElement>('pubnet-adslot, pubnet-product-grid, pubnet-offer-link'),
  ];

  beforeEach(async () => (emu = await emulator()));
  afterEach(async () => {
    emu.stop();
    document.documentElement.style.colorScheme = '';
    document.body.style.background = '';
    document.body.style.color = '';
    await prefersColorScheme('light');
  });

  async function load(scheme: string, prefers: 'light' | 'dark', darkBackground: boolean) {
    document.documentElement.style.colorScheme = scheme;
    if (darkBackground) {
      document.body.style.background = '#121212';
      document.body.style.color = '#e8eaed';
    }
    await prefersColorScheme(prefers);
    // Four widgets load (listened for on `document`: some load before `fixture()` returns).
    const loaded = new Promise<void>((resolve) => {
      let count = 0;
      const on = () => {
        if (++count < 4) return;
        document.removeEventListener('pubnet-load', on);
        resolve();
      };
      document.addEventListener('pubnet-load', on);
    });
    page = await fixture<HTMLElement>(
      html`<div>
        <pubnet-product-grid eager api=${emu.url} key=${key} limit="3"></pubnet-product-grid>
        <pubnet-adslot eager api=${emu.url} key=${key} adslot=${known.filterAdslot}></pubnet-adslot>
        <pubnet-adslot eager api=${emu.url} key=${key} adslot=${known.manualAdslot}></pubnet-adslot>
        <p>
          Read the review, then
          <pubnet-offer-link eager api=${emu.url} key=${key} offer=${known.offers[0]}>
            <a href="https://shop.example/">shop</a>
          </pubnet-offer-link>
          today.
        </p>
      </div>`,
    );
    await loaded;
    // A dark page styles its own links (the offer link's text is the page's).
    if (darkBackground) page.querySelector<HTMLElement>('p a')!.style.color = '#8ab4f8';
    for (const el of widgets())
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  }

  for (const { name, scheme, prefers, ...rest } of pages) {
    const dark = 'dark' in rest && rest.dark;
    const darkBackground = dark || 'background' in rest;
    it(`on ${name}: axe finds nothing, the label keeps 4.5:1, the cards are ${dark ? 'dark' : 'light'}`, async () => {
      await load(scheme, prefers, darkBackground);
      expect(widgets()).to.have.length(4);
      for (const el of widgets()) {
        await expect(el).to.be.accessible();
        const label = shadow(el).querySelector('[part=disclosure]')!;
        expect(label, el.localName).to.not.equal(null);
        const ratio = contrast(getComputedStyle(label).color, backdrop(label));
        expect(ratio, `${el.localName} label`).to.be.at.least(4.5);
      }
      const card = shadow(page.querySelector('pubnet-product-grid')!).querySelector('[part=card]')!;
      expect(getComputedStyle(card).backgroundColor).to.equal(
        dark ? 'rgb(32, 33, 36)' : 'rgb(255, 255, 255)',
      );
      expect(getComputedStyle(card).color).to.equal(
        dark ? 'rgb(232, 234, 237)' : 'rgb(31, 31, 31)',
      );
    });
  }

  it('a --pubnet-* property wins on a dark page', async () => {
    await load('light dark', 'dark', true);
    const grid = page.querySelector('pubnet-product-grid')!;
    grid.style.setProperty('--pubnet-bg', '#fffbe6');
    grid.style.setProperty('--pubnet-fg', '#000');
    const card = shadow(grid).querySelector('[part=card]')!;
    expect(getComputedStyle(card).backgroundColor).to.equal('rgb(255, 251, 230)');
    expect(getComputedStyle(card).color).to.equal('rgb(0, 0, 0)');
  });

  it('a manual slot: every link and frame has a name of its own', async () => {
    await load('', 'light', false);
    const slot = page.querySelectorAll('pubnet-adslot')[1];
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
