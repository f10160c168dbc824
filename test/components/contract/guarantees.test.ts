// embed-contract, "What every rendered widget guarantees", for every registered element
// (the element-specific ones: test/components/guarantees.test.ts).
import { expect } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { TestEmulator } from '../../support/emulator.js';
import { emulator, nextEvent, shadow } from '../support/elements.js';
import { contract } from './support/fixture.js';
import { images, label, links, load, type Widget } from './support/place.js';

/** Markup where a label is text. */
const MARKUP = '<img src=x onerror=alert(1)>Ad';

contract('rendered widget guarantees', ({ tag, fixture }) => {
  let emu: TestEmulator;
  let el: Widget;
  let loaded: CustomEvent;
  let impression: Promise<CustomEvent>;

  beforeEach(async () => {
    emu = await emulator();
    // Its first item half visible (the page's top), once it is shown.
    impression = nextEvent(tag, 'pubnet-impression');
    ({ el, event: loaded } = await load(tag, fixture.loads, { api: emu.url }));
  });
  afterEach(() => emu.stop());

  it(`loads: pubnet-load with count ${fixture.loads.count}, state ready`, () => {
    expect(loaded.detail.count).to.equal(fixture.loads.count);
    expect(el.getAttribute('state')).to.equal('ready');
  });

  it('1: each product or offer is an <a> with the API click URL, rel sponsored noopener, target', () => {
    expect(links(el)).to.not.have.length(0);
    for (const a of links(el)) {
      expect(a.getAttribute('href')).to.match(/^http:\/\/127\.0\.0\.1:\d+\/click\/\w+\/$/);
      expect(a.rel.split(' ')).to.include.members(['sponsored', 'noopener']);
      expect(a.target).to.equal('_blank');
    }
  });

  it('2: only http(s) URLs become links or images', () => {
    for (const a of links(el)) expect(new URL(a.href).protocol).to.match(/^https?:$/);
    for (const img of images(el)) expect(new URL(img.src).protocol).to.match(/^https?:$/);
  });

  it(`4: images (${fixture.loads.images}) have alt, width, height, loading=lazy`, () => {
    expect(images(el)).to.have.length(fixture.loads.images);
    for (const img of images(el)) {
      expect(img.alt).not.to.equal('');
      expect(img.getAttribute('width')).to.equal('180');
      expect(img.getAttribute('height')).to.equal('180');
      expect(img.loading).to.equal('lazy');
    }
  });

  it('5: pubnet-load, pubnet-impression and pubnet-click bubble and are composed', async () => {
    expect([loaded.bubbles, loaded.composed]).to.deep.equal([true, true]);
    const seen = await impression;
    expect([seen.target, seen.bubbles, seen.composed]).to.deep.equal([el, true, true]);
    const [a] = links(el);
    const events: CustomEvent[] = [];
    const on = (e: Event) => (events.push(e as CustomEvent), e.preventDefault());
    el.parentElement!.addEventListener('pubnet-click', on);
    // (The link is not followed: this is the test page.)
    addEventListener('click', on);
    try {
      a.click();
    } finally {
      el.parentElement!.removeEventListener('pubnet-click', on);
      removeEventListener('click', on);
    }
    const [click] = events;
    expect(click.type).to.equal('pubnet-click');
    expect(click.bubbles && click.composed).to.equal(true);
    expect(click.detail.href).to.equal(a.getAttribute('href'));
    // What was clicked: a product (whose link is the one followed) or an offer.
    expect(click.detail.product ?? click.detail.offer).to.not.equal(undefined);
    if (click.detail.product)
      expect((click.detail.product as { link: string }).link).to.equal(a.getAttribute('href'));
  });

  it('target (default _blank) and disclosure (default Ad, custom, empty hides it)', async () => {
    for (const a of links(el)) expect(a.target).to.equal('_blank');
    expect(label(el)!.textContent).to.equal('Ad');
    expect(label(el)!.getBoundingClientRect().height).to.be.above(0);

    const custom = await load(tag, fixture.loads, {
      api: emu.url,
      attributes: { target: '_self', disclosure: 'Anzeige' },
    });
    expect(links(custom.el)).to.not.have.length(0);
    for (const a of links(custom.el)) expect(a.target).to.equal('_self');
    expect(label(custom.el)!.textContent).to.equal('Anzeige');
    expect(label(custom.el)!.getBoundingClientRect().height).to.be.above(0);

    const none = await load(tag, fixture.loads, { api: emu.url, attributes: { disclosure: '' } });
    expect(label(none.el)).to.equal(null);
  });

  it('hostile text stays text: markup in the disclosure label is its text', async () => {
    const { el } = await load(tag, fixture.loads, {
      api: emu.url,
      attributes: { disclosure: MARKUP },
    });
    expect(label(el)!.textContent).to.equal(MARKUP);
    expect(label(el)!.children).to.have.length(0);
    expect(shadow(el).querySelector('img[src=x]')).to.equal(null);
  });

  if (fixture.hostile) {
    const { texts } = fixture.hostile;
    it('hostile feed data: its markup is text, its javascript: and data: URLs are dropped', async () => {
      const { el } = await load(tag, fixture.hostile!, { api: emu.url });
      const root = shadow(el);
      const shown = [...root.querySelectorAll('*')].map((node) => node.textContent);
      for (const text of texts) expect(shown, text).to.include(text);
      expect(
        root.querySelectorAll('script, iframe, object, embed, style:not([data-lit])'),
      ).to.have.length(0);
      expect(links(el)).to.not.have.length(0);
      for (const a of links(el)) expect(a.getAttribute('href')).to.match(/^https?:\/\//);
      for (const img of images(el)) expect(img.getAttribute('src')).to.match(/^https?:\/\//);
      await expect(el).to.be.accessible();
    });
  }
});
