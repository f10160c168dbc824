import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/define.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { focusWindow, prefersColorScheme } from '../support/engine.js';
import { emulator, nextEvent, shadow } from './support/elements.js';

const key = known.website.guid;

/**
 * embed-contract, "What every rendered widget guarantees": what it asks of the product
 * grid and the offer link in particular (what it asks of every element, each loaded alone:
 * contract/guarantees.test.ts).
 */
describe('rendered widget guarantees', () => {
  let emu: TestEmulator;
  let page: HTMLElement;

  beforeEach(async () => {
    emu = await emulator();
    const loads = [
      nextEvent('pubnet-product-grid', 'pubnet-load'),
      nextEvent('pubnet-offer-link', 'pubnet-load'),
    ];
    page = await fixture<HTMLElement>(
      html`<div>
        <pubnet-product-grid eager api=${emu.url} key=${key} limit="3"></pubnet-product-grid>
        <pubnet-offer-link eager api=${emu.url} key=${key} offer=${known.offers[0]}>
          <a href="https://shop.example/">Shop</a>
        </pubnet-offer-link>
      </div>`,
    );
    await Promise.all(loads);
  });
  afterEach(() => emu.stop());

  it('5: pubnet-click (href, product) bubbles and is composed; so does a new load', async () => {
    const grid = page.querySelector('pubnet-product-grid')!;
    const a = shadow(grid).querySelector<HTMLAnchorElement>('a[data-i]')!;
    const events: CustomEvent[] = [];
    const on = (e: Event) => (events.push(e as CustomEvent), e.preventDefault());
    page.addEventListener('pubnet-click', on);
    addEventListener('click', on);
    try {
      a.click();
    } finally {
      page.removeEventListener('pubnet-click', on);
      removeEventListener('click', on);
    }
    const [click] = events;
    expect(click.type).to.equal('pubnet-click');
    expect(click.bubbles && click.composed).to.equal(true);
    expect(click.detail.href).to.equal(a.getAttribute('href'));
    expect((click.detail.product as { link: string }).link).to.equal(a.getAttribute('href'));
    const loaded = nextEvent('pubnet-product-grid', 'pubnet-load');
    grid.setAttribute('limit', '2');
    const { detail, bubbles, composed } = await loaded;
    expect([detail.count, bubbles, composed]).to.deep.equal([2, true, true]);
  });

  it('7: --pubnet-* custom properties and ::part() style the widgets', async () => {
    const style = document.createElement('style');
    style.textContent = `
      pubnet-product-grid { --pubnet-accent: rgb(1, 2, 3); --pubnet-radius: 3px; }
      pubnet-product-grid::part(title) { color: rgb(4, 5, 6); }
      pubnet-product-grid::part(card) { background: rgb(7, 8, 9); }
      pubnet-product-grid::part(image) { opacity: 0.5; }
      pubnet-product-grid::part(brand) { color: rgb(10, 11, 12); }
      pubnet-product-grid::part(price) { color: rgb(13, 14, 15); }
      pubnet-product-grid::part(disclosure) { color: rgb(16, 17, 18); }
      pubnet-offer-link::part(disclosure) { color: rgb(19, 20, 21); }`;
    document.head.append(style);
    try {
      const root = shadow(page.querySelector('pubnet-product-grid')!);
      const css = (sel: string) => getComputedStyle(root.querySelector(sel)!);
      expect(css('[part=button]').backgroundColor).to.equal('rgb(1, 2, 3)');
      expect(css('[part=card]').borderRadius).to.equal('3px');
      expect(css('[part=title]').color).to.equal('rgb(4, 5, 6)');
      expect(css('[part=card]').backgroundColor).to.equal('rgb(7, 8, 9)');
      expect(css('[part=image]').opacity).to.equal('0.5');
      expect(css('[part=brand]').color).to.equal('rgb(10, 11, 12)');
      expect(css('[part=price]').color).to.equal('rgb(13, 14, 15)');
      expect(css('[part=disclosure]').color).to.equal('rgb(16, 17, 18)');
      const link = shadow(page.querySelector('pubnet-offer-link')!);
      expect(getComputedStyle(link.querySelector('[part=disclosure]')!).color).to.equal(
        'rgb(19, 20, 21)',
      );
    } finally {
      style.remove();
    }
  });

  it("7: the page's color-scheme, not the reader's preference alone, gives dark defaults", async () => {
    const card = shadow(page.querySelector('pubnet-product-grid')!).querySelector('[part=card]')!;
    expect(getComputedStyle(card).backgroundColor).to.equal('rgb(255, 255, 255)');
    await prefersColorScheme('dark');
    try {
      // A page that declares no color-scheme stays light.
      expect(getComputedStyle(card).backgroundColor).to.equal('rgb(255, 255, 255)');
      document.documentElement.style.colorScheme = 'light dark';
      expect(getComputedStyle(card).backgroundColor).to.equal('rgb(32, 33, 36)');
      expect(getComputedStyle(card).color).to.equal('rgb(232, 234, 237)');
    } finally {
      document.documentElement.style.colorScheme = '';
      await prefersColorScheme('light');
    }
  });

  it('keyboard: one tab stop per card, with a visible focus ring', async () => {
    const root = shadow(page.querySelector('pubnet-product-grid')!);
    const focusable = root.querySelectorAll('a, button, [tabindex]');
    expect(focusable).to.have.length(3);
    // A reader's Tab goes to the window they read in: Firefox shows focus in that one only.
    await focusWindow();
    document.body.focus();
    await sendKeys({ press: 'Tab' });
    expect(root.activeElement).to.equal(focusable[0]);
    const card = focusable[0].closest('[part=card]')!;
    expect(getComputedStyle(card).outlineStyle).to.equal('solid');
  });
});

describe('layout stability (guarantee 4)', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator({ latency: 150 })));
  afterEach(() => emu.stop());

  for (const layout of ['grid', 'list'])
    it(`a ${layout} reserves its final size: nothing below it moves`, async () => {
      const loaded = nextEvent('pubnet-product-grid', 'pubnet-load');
      const wrap = await fixture<HTMLElement>(
        html`<div>
          <pubnet-product-grid
            eager
            api=${emu.url}
            key=${key}
            limit="6"
            columns="3"
            layout=${layout}
          >
          </pubnet-product-grid>
          <p>below</p>
        </div>`,
      );
      wrap.style.width = '700px';
      const below = wrap.querySelector('p')!;
      const before = below.getBoundingClientRect().top;
      await loaded;
      await new Promise((r) => requestAnimationFrame(r));
      expect(below.getBoundingClientRect().top).to.equal(before);
    });

  it('fewer results than the limit keep the reserved places', async () => {
    const loaded = nextEvent('pubnet-product-grid', 'pubnet-load');
    const wrap = await fixture<HTMLElement>(
      html`<div>
        <pubnet-product-grid
          api=${emu.url}
          key=${key}
          brand="Bose"
          limit="48"
        ></pubnet-product-grid>
        <p>below</p>
      </div>`,
    );
    const before = wrap.querySelector('p')!.getBoundingClientRect().top;
    const { detail } = await loaded;
    expect(detail.count).to.be.within(1, 47); // the emulator has 39 Bose products
    await new Promise((r) => requestAnimationFrame(r));
    expect(wrap.querySelector('p')!.getBoundingClientRect().top).to.equal(before);
  });

  it('5: pubnet-load fires once the items it counts are rendered', async () => {
    const grid = await fixture<HTMLElement>(
      html`<pubnet-product-grid api=${emu.url} key=${key} limit="5" eager></pubnet-product-grid>`,
    );
    const seen = await new Promise<{ count: number; links: number }>((resolve) =>
      grid.addEventListener(
        'pubnet-load',
        (event) =>
          resolve({
            count: event.detail.count,
            links: shadow(grid).querySelectorAll('a[href]').length,
          }),
        { once: true },
      ),
    );
    expect(seen.count).to.equal(5);
    expect(seen.links).to.equal(5);
  });
});
