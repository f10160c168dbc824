import { expect, fixture, fixtureSync, html } from '@open-wc/testing';
import { render } from 'lit';
import '../../src/components/adslot/define.js';
import type { PubnetAdslot } from '../../src/components/adslot/adslot.js';
import {
  productCard,
  type CardView,
  type Shown,
} from '../../src/components/shared/product-card.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { emulator, nextEvent, shadow, trapErrors } from './helpers.js';

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

/** Every payload of the hostile feed calls `alert`: it would set the trap. */
function setTrap() {
  const original = window.alert;
  delete window.__pwned;
  window.alert = (...args: unknown[]) => (window.__pwned = args);
  return () => (window.alert = original);
}

/** Every element, attribute and URL in a shadow tree (recursively). */
function everything(root: ShadowRoot) {
  return [...root.querySelectorAll('*')];
}

describe('hostile feed data', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  it('renders markup as text, never as elements, and drops non-http(s) links and images', async () => {
    const restore = setTrap();
    const errors = trapErrors();
    try {
      const loaded = nextEvent('pubnet-adslot', 'pubnet-load');
      const el = await fixture<PubnetAdslot>(html`
        <pubnet-adslot eager api=${emu.url} key=${known.website.guid} adslot=${known.hostileAdslot}>
        </pubnet-adslot>
      `);
      const { detail } = await loaded;
      await el.updateComplete;
      const root = shadow(el);
      // Products 2 and 3 have http(s) links; 1, 4, 5, 6 (javascript:, data:, null) are skipped.
      expect(detail.count).to.equal(2);
      const text = root.textContent!;
      expect(text).to.contain('"><script>alert("title")</script> Speaker');
      expect(text).to.contain('Sony" onmouseover="alert(1)');
      expect(text).to.contain('Data image product');
      // No element was made from feed text: only the widget's own markup.
      for (const node of everything(root)) {
        expect(['script', 'iframe', 'style', 'svg', 'b', 'object', 'embed']).not.to.include(
          node.localName,
        );
        for (const attr of node.getAttributeNames())
          expect(attr.startsWith('on'), `${node.localName} ${attr}`).to.equal(false);
      }
      // Product 2's javascript: images and product 3's data: SVG are dropped: no <img> at all.
      expect(root.querySelectorAll('img')).to.have.length(0);
      // The image boxes stay, empty, keeping the card's size.
      expect(root.querySelectorAll('[part=card] .image')).to.have.length(2);
      for (const a of root.querySelectorAll('a'))
        expect(a.getAttribute('href')).to.match(/^https?:\/\//);
      expect(root.querySelector('[part=price]')!.textContent).to.contain('19.22');
      await expect(el).to.be.accessible();
      await new Promise((r) => setTimeout(r, 100));
      expect(window.__pwned).to.equal(undefined);
      expect(errors.seen).to.deep.equal([]);
    } finally {
      restore();
      errors.stop();
    }
  });

  it('the card template shows only strings and numbers from the API', async () => {
    const view: CardView = {
      target: '_blank',
      cta: 'Shop now',
      show_price: true,
      show_brand: true,
      layout: 'grid',
      columns: 4,
      limit: 8,
    };
    // A crafted object shaped like a Lit template result, and other non-strings.
    const template = { _$litType$: 1, strings: ['<img src=x onerror=alert(1)>'], values: [] };
    const product = {
      link: 'https://shop.example/p',
      title: template,
      brand: ['<b>x</b>'],
      price: { toString: () => '<i>1</i>' },
      sale_price: template,
      discount: '50',
      images: { thumb_180: 'javascript:alert(1)', default: 'https://img.example/a.png' },
    } as unknown as Shown;
    const host = fixtureSync<HTMLElement>(html`<div></div>`);
    const errors = trapErrors();
    const restore = setTrap();
    try {
      render(productCard(product, 0, view), host);
      expect(host.querySelector('a')!.textContent).to.equal('Shop now'); // no usable title
      expect(host.querySelector('img')!.getAttribute('src')).to.equal('https://img.example/a.png');
      expect(host.querySelector('[part=brand]')!.textContent).to.equal('');
      expect(host.querySelectorAll('b, i')).to.have.length(0);
      expect(window.__pwned).to.equal(undefined);
      expect(errors.seen).to.deep.equal([]);
    } finally {
      restore();
      errors.stop();
    }
  });
});
