// The widgets' language (embed-contract "Language"): words and number formats follow the
// element's nearest lang, with the page's and the slot's overrides, against the emulator.
import { expect, fixture, oneEvent } from '@open-wc/testing';
import '../../src/components/define.js';
import type { PubnetWidget } from '../../src/components/base/widget-element.js';
import { env, resetWidgets } from '../../src/page/env.js';
import { langOf, wordsFor } from '../../src/page/lang.js';
import { configure } from '../../src/page/options.js';
import { formatPrice } from '../../src/client/price.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { emulator, requests, shadow } from './support/elements.js';

const key = known.website.guid;

/** A loaded product grid inside `wrapper` (its attributes as given). */
async function grid(emu: TestEmulator, wrapper: string, attributes = '') {
  const holder = await fixture<HTMLElement>(
    `<div>${wrapper.replace(
      '<grid>',
      `<pubnet-product-grid api="${emu.url}" key="${key}" eager limit="4" query="a" ${attributes}></pubnet-product-grid>`,
    )}</div>`,
  );
  const el = holder.querySelector<PubnetWidget>('pubnet-product-grid')!;
  if (el.state != 'ready') await oneEvent(el, 'pubnet-load');
  await el.updateComplete;
  return el;
}

const label = (el: Element) => shadow(el).querySelector('[part=disclosure]')?.textContent;
const buttons = (el: Element) =>
  [...shadow(el).querySelectorAll('[part=button]')].map((b) => b.textContent);
const prices = (el: Element) =>
  [...shadow(el).querySelectorAll('[part=price]')].map((p) =>
    p.textContent!.replace(/\s+/g, ' ').trim(),
  );

describe('the widgets’ language', () => {
  let emu: TestEmulator;
  beforeEach(async () => {
    resetWidgets();
    emu = await emulator();
  });
  afterEach(async () => {
    resetWidgets();
    document.documentElement.removeAttribute('lang');
    await emu.stop();
  });

  it('resolves the nearest lang: own, ancestor, through shadow roots, the document, else en', () => {
    const outer = document.createElement('div');
    outer.lang = 'pl-PL';
    const host = outer.appendChild(document.createElement('div'));
    const root = host.attachShadow({ mode: 'open' });
    const inner = root.appendChild(document.createElement('span'));
    document.body.append(outer);
    try {
      expect(langOf(inner), 'through the shadow root to its host').to.equal('pl-PL');
      inner.lang = 'de';
      expect(langOf(inner), 'its own first').to.equal('de');
      inner.lang = '';
      expect(langOf(inner), 'an empty lang says nothing').to.equal('pl-PL');
      outer.removeAttribute('lang');
      expect(langOf(inner), 'no lang anywhere').to.equal('en');
      document.documentElement.lang = 'cs';
      expect(langOf(inner), "the document's").to.equal('cs');
    } finally {
      outer.remove();
    }
  });

  it('has Polish words, falls back from regional tags, and an unknown language to English', () => {
    expect(wordsFor('pl')).to.include({ disclosure: 'Reklama', cta: 'Do sklepu' });
    expect(wordsFor('pl-PL')).to.include({ disclosure: 'Reklama', lang: 'pl-PL' });
    expect(wordsFor('PL')).to.include({ cta: 'Do sklepu' });
    expect(wordsFor('en-GB')).to.include({ disclosure: 'Ad', cta: 'Shop now' });
    expect(wordsFor('xx')).to.include({ disclosure: 'Ad', cta: 'Shop now' });
    expect(wordsFor('de')).to.include({ disclosure: 'Anzeige' });
    expect(wordsFor('cs')).to.include({ disclosure: 'Reklama', cta: 'Do obchodu' });
  });

  it('on a lang="pl" page: Polish label, call to action and prices (760,79 zł)', async () => {
    document.documentElement.lang = 'pl';
    const el = await grid(emu, '<grid>');
    expect(label(el)).to.equal('Reklama');
    expect(buttons(el)).to.have.length.above(0);
    expect(new Set(buttons(el))).to.deep.equal(new Set(['Do sklepu']));
    const products = (el as unknown as { _products: { price: string }[] })._products;
    const shown = prices(el);
    products.forEach((product, i) => {
      if (!product.price) return;
      const polish = formatPrice(product.price, 'pl').replace(/\s+/g, ' ');
      expect(shown[i]).to.include(polish);
      expect(polish).not.to.equal(formatPrice(product.price, 'en'));
    });
    await expect(el).to.be.accessible();
    expect(formatPrice('PLN 760.79', 'pl').replace(/\s/g, ' ')).to.equal('760,79 zł');
    expect(formatPrice('PLN 760.79', 'en').replace(/\s/g, ' ')).to.equal('PLN 760.79');
  });

  it('nested lang: an English block in a Polish page, and a Polish element in an English one', async () => {
    document.documentElement.lang = 'pl';
    const english = await grid(emu, '<section lang="en-US"><grid></section>');
    expect(label(english)).to.equal('Ad');
    expect(buttons(english)[0]).to.equal('Shop now');
    document.documentElement.lang = 'en';
    const polish = await grid(emu, '<grid>', 'lang="pl"');
    expect(label(polish)).to.equal('Reklama');
  });

  it('overrides in order: attribute, then configure() messages, then the table', async () => {
    document.documentElement.lang = 'pl-PL';
    const warnings: unknown[][] = [];
    env.warn = (...data) => warnings.push(data);
    configure({
      messages: {
        pl: { cta: 'Sprawdź cenę', bogus: 'x' } as never,
        'pl-PL': { disclosure: 'Ogłoszenie' },
      },
    });
    expect(warnings.map((w) => String(w[0]))).to.deep.equal([
      'Pubnet.configure: unknown message "bogus" ignored',
    ]);
    const configured = await grid(emu, '<grid>');
    expect(label(configured), 'the regional tag first').to.equal('Ogłoszenie');
    expect(buttons(configured)[0]).to.equal('Sprawdź cenę');
    const own = await grid(emu, '<grid>', 'cta="Zobacz" disclosure="Partner"');
    expect(label(own)).to.equal('Partner');
    expect(buttons(own)[0]).to.equal('Zobacz');
    configure({ messages: null });
    configured.requestUpdate();
    await configured.updateComplete;
    expect(label(configured), 'unset: the table again').to.equal('Reklama');
  });

  it('refuses bad messages naming them, and keeps every option as it was', () => {
    configure({ messages: { pl: { cta: 'Kupuję' } } });
    expect(() => configure({ messages: 'pl' as never })).to.throw(TypeError, /"messages"/);
    expect(() => configure({ messages: { pl: null } as never })).to.throw(
      TypeError,
      /"messages\.pl"/,
    );
    expect(() => configure({ messages: { pl: { cta: 3 } } as never })).to.throw(
      TypeError,
      /"messages\.pl\.cta"/,
    );
    expect(wordsFor('pl').cta).to.equal('Kupuję');
  });

  it('the ad slot’s config comes after the attribute and before the page’s messages', async () => {
    document.documentElement.lang = 'pl';
    configure({ messages: { pl: { cta: 'Z konfiguracji strony', disclosure: 'Strona' } } });
    const slot = async (attributes: string) => {
      const holder = await fixture<HTMLElement>(
        `<div><pubnet-adslot api="${emu.url}" key="${key}" eager adslot="${known.manualAdslot}" ${attributes}></pubnet-adslot></div>`,
      );
      const el = holder.firstElementChild as PubnetWidget;
      if (el.state != 'ready') await oneEvent(el, 'pubnet-load');
      await el.updateComplete;
      return el;
    };
    // The seeded manual slot's config says `disclosure: 'Sponsored'`, and nothing of a cta.
    const plain = await slot('');
    expect(label(plain), "the slot's config").to.equal('Sponsored');
    const names = (el: Element) =>
      [...shadow(el).querySelectorAll('a.placed-link')].map((a) => a.getAttribute('aria-label'));
    expect(names(plain).length).to.be.above(0);
    for (const name of names(plain)) expect(name).to.include('Z konfiguracji strony');
    const frames = [...shadow(plain).querySelectorAll('iframe')].map((f) => f.title);
    for (const title of frames) expect(title).to.match(/^Sponsored \d+$/);
    const own = await slot('cta="Atrybut" disclosure="Partner"');
    expect(label(own)).to.equal('Partner');
    for (const name of names(own)) expect(name).to.include('Atrybut');
    await expect(own).to.be.accessible();
  });

  it('renders again when a lang changes, without loading again', async () => {
    const el = await grid(emu, '<article><grid></article>');
    expect(label(el)).to.equal('Ad');
    const before = await requests(emu);
    el.parentElement!.lang = 'pl';
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await el.updateComplete;
    expect(label(el)).to.equal('Reklama');
    expect(buttons(el)[0]).to.equal('Do sklepu');
    el.lang = 'de';
    await el.updateComplete;
    expect(label(el), 'its own lang').to.equal('Anzeige');
    const after = await requests(emu);
    expect(after.length, 'nothing loaded again').to.equal(before.length);
    expect(el.state).to.equal('ready');
  });

  it('an offer link’s disclosure and a placed slot’s names speak the language too', async () => {
    const holder = await fixture<HTMLElement>(
      `<p lang="pl"><pubnet-offer-link api="${emu.url}" key="${key}" eager offer="${known.offers[0]}"><a href="https://shop.example/">Sklep</a></pubnet-offer-link></p>`,
    );
    const link = holder.firstElementChild as PubnetWidget;
    if (link.state == 'loading') await oneEvent(link, 'pubnet-load');
    await link.updateComplete;
    expect(label(link)).to.equal('Reklama');
  });
});
