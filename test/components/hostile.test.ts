import { expect, fixture, fixtureSync, html } from '@open-wc/testing';
import { wordsFor } from '../../src/page/lang.js';
import { render } from 'lit';
import '../../src/components/define.js';
import type { PubnetAdslot } from '../../src/components/adslot/adslot.js';
import {
  productCard,
  type CardView,
  type Shown,
} from '../../src/components/product-card/product-card.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { emulator, nextEvent, shadow } from './support/elements.js';

describe('hostile feed data', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  it('shows the hostile products’ markup as text, skips those with javascript: or data: links, and drops their javascript: and data: images', async () => {
    const loaded = nextEvent('pubnet-adslot', 'pubnet-load');
    const el = await fixture<PubnetAdslot>(html`
      <pubnet-adslot eager api=${emu.url} key=${known.website.guid} adslot=${known.hostileAdslot}>
      </pubnet-adslot>
    `);
    const { detail } = await loaded;
    await el.updateComplete;
    const root = shadow(el);
    const cards = [...root.querySelectorAll('[part=card]')];
    const partText = (part: string) =>
      cards.map((card) => card.querySelector(`[part=${part}]`)?.textContent ?? null);
    // Products 1 (javascript:), 4 ( JaVaScRiPt:), 5 (none) and 6 (data:) have no
    // http(s) link: skipped. Products 2 and 3 are shown, in their order.
    expect(detail.count).to.equal(2);
    expect(cards).to.have.length(2);
    for (const a of root.querySelectorAll('a'))
      expect(a.getAttribute('href')).to.match(/^https?:\/\//);
    // Exactly the feed's strings: raw, product 2's title would be a <script>
    // element (and its text would lose the tags) and its brand would be cut at the quote.
    expect(partText('title')).to.deep.equal([
      '"><script>alert("title")</script> Speaker',
      'Data image product',
    ]);
    expect(partText('brand')).to.deep.equal(['Sony" onmouseover="alert(1)', 'Acme']);
    expect(root.querySelectorAll('script')).to.have.length(0);
    // Product 2's javascript: images and product 3's data: SVG are dropped: no
    // <img> at all; the image boxes stay, empty, keeping the card's size.
    expect(root.querySelectorAll('img')).to.have.length(0);
    expect(cards.map((card) => card.querySelector('.image')!.childElementCount)).to.deep.equal([
      0, 0,
    ]);
    for (const price of partText('price')) expect(price).to.contain('19.22');
    await expect(el).to.be.accessible();
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
      words: wordsFor('en'),
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
    // Given to Lit as they are, the crafted template would be rendered as
    // markup (or throw), the array and the object would show their strings.
    render(productCard(product, 0, view), host);
    // The crafted title is not a string: the link and the image say the call to action.
    expect(host.querySelector('a')!.textContent).to.equal('Shop now');
    expect(host.querySelector('img')!.alt).to.equal('Shop now');
    // thumb_180 is javascript:: the http(s) default image is used instead.
    expect(host.querySelectorAll('img')).to.have.length(1);
    expect(host.querySelector('img')!.getAttribute('src')).to.equal('https://img.example/a.png');
    expect(host.querySelector('[part=brand]')!.textContent).to.equal('');
    // Neither the crafted sale price, nor the price's toString, nor the string discount.
    const price = host.querySelector('[part=price]')!.textContent!.replace(/\s+/g, ' ').trim();
    expect(price).to.equal('Now Was');
  });
});
