// <pubnet-loan-offers> against the emulator's payday-loans page (known.loans): one read, the
// filters, `pinned`, the ordering, `highlight` and `limit`, each representative example in
// full next to its offer, hostile fields as text, and terms in the reader's language with
// Polish plural forms (each engine's own `Intl`).
import { expect, fixture, oneEvent } from '@open-wc/testing';
import '../../../src/components/define.js';
import type { PubnetLoanOffers } from '../../../src/components/loan-offers/loan-offers.js';
import { amounts, periods } from '../../../src/components/loan-offers/terms.js';
import type { LoanWords } from '../../../src/components/loan-offers/words.js';
import type { PaydayLoanOffer } from '../../../src/client/types.js';
import { wordsFor } from '../../../src/page/lang.js';
import { known } from '../../../src/emulator/known.js';
import type { TestEmulator } from '../../support/emulator.js';
import { emulator, nextEvent, requests, shadow } from '../support/elements.js';

const key = known.website.guid;
const d = (name: string) => `${name}.example`;

/** Loan offers with `attributes`, loaded. */
async function loans(emu: TestEmulator, attributes: Record<string, string> = {}) {
  const el = document.createElement('pubnet-loan-offers');
  for (const [name, value] of Object.entries({ api: emu.url, key, eager: '', ...attributes }))
    el.setAttribute(name, value);
  const loaded = oneEvent(el, 'pubnet-load');
  await fixture(el);
  await loaded;
  await el.updateComplete;
  return el as PubnetLoanOffers;
}

/** The offers shown, by their lenders' domains, as the API gave them. */
async function shown(emu: TestEmulator, el: Element) {
  const page = await page_(emu);
  const byLink = new Map(page.map((offer) => [offer.tracking_link, offer.domain]));
  return [...shadow(el).querySelectorAll<HTMLAnchorElement>('a[data-i]')].map((a) =>
    byLink.get(a.getAttribute('href')!),
  );
}

/** The page as the API answers it for the test's website. */
async function page_(emu: TestEmulator): Promise<PaydayLoanOffer[]> {
  return (await fetch(`${emu.url}publisher/payday-loans/${key}`)).json();
}

/** Whitespace as one space (Intl's narrow spaces in `1000–25 000 zł` included). */
const flat = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('<pubnet-loan-offers>', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  it('one read of the website’s page; short-term offers by rating, ties in the page’s order', async () => {
    const loaded = nextEvent('pubnet-loan-offers', 'pubnet-load');
    const el = await loans(emu);
    const reads = await requests(emu);
    expect(reads.map((r) => `${r.method} ${r.path}`)).to.deep.equal([
      `GET /publisher/payday-loans/${key}`,
    ]);
    // pulapka's link is javascript: (no offer); niepelna has no rating (last).
    const expected = [
      'pozyczkaplus',
      'kasateraz',
      'mikrokasa',
      'gotowka24',
      'zaliczkaonline',
      'chwilowkaexpress',
      'xss-pozyczka',
      'niepelna',
    ].map(d);
    expect(await shown(emu, el)).to.deep.equal(expected);
    expect((await loaded).detail.count).to.equal(8);
    for (const a of shadow(el).querySelectorAll<HTMLAnchorElement>('a[data-i]')) {
      expect(a.rel.split(' ')).to.include.members(['sponsored', 'noopener']);
      expect(a.target).to.equal('_blank');
    }
    // The first three (highlight's default) are recommended, the rest not.
    const marks = [...shadow(el).querySelectorAll('[part=offer]')].map(
      (offer) => !!offer.querySelector('[part=recommended]'),
    );
    expect(marks).to.deep.equal([true, true, true, false, false, false, false, false]);
  });

  it('type long_term, and both types with a loan amount', async () => {
    const long = await loans(emu, { type: 'long_term' });
    expect(await shown(emu, long)).to.deep.equal(
      ['ratyrodzinne', 'kredytok', 'ratalnamax', 'domowybudzet', 'ratybezstresu', 'kasanaraty'].map(
        d,
      ),
    );
    long.remove();
    const both = await loans(emu, { type: 'short_term|long_term', 'loan-amount': '3000' });
    // 3000 zł is within each kept offer's range (ends included); a range not known keeps none.
    const expected = [
      'pozyczkaplus',
      'kasateraz',
      'ratyrodzinne',
      'kredytok',
      'mikrokasa',
      'domowybudzet',
      'ratybezstresu',
      'zaliczkaonline',
      'kasanaraty',
    ].map(d);
    expect(await shown(emu, both)).to.deep.equal(expected);
    expect(known.loans.excludedBy['loan-amount=3000'].some((x) => expected.includes(x))).to.equal(
      false,
    );
  });

  it('loan-period and customer-age keep the offers whose ranges hold them', async () => {
    const period = await loans(emu, { 'loan-period': '30' });
    expect(await shown(emu, period)).to.deep.equal(
      ['pozyczkaplus', 'kasateraz', 'zaliczkaonline', 'chwilowkaexpress', 'xss-pozyczka'].map(d),
    );
    period.remove();
    const age = await loans(emu, { 'customer-age': '19' });
    expect(await shown(emu, age)).to.deep.equal(
      ['kasateraz', 'gotowka24', 'chwilowkaexpress', 'xss-pozyczka'].map(d),
    );
  });

  it('first-loan-free, no-bik and no-income-proof keep only such offers', async () => {
    const el = await loans(emu, { 'first-loan-free': '', 'no-bik': '', 'no-income-proof': '' });
    expect(await shown(emu, el)).to.deep.equal(
      ['pozyczkaplus', 'gotowka24', 'chwilowkaexpress', 'xss-pozyczka'].map(d),
    );
    const features = [...shadow(el).querySelectorAll('[part=features] li')].map((li) =>
      flat(li.textContent),
    );
    expect(features.slice(0, 3)).to.deep.equal([
      'First loan free',
      'No credit register check',
      'No proof of income',
    ]);
    el.remove();
    const bik = await loans(emu, { 'no-bik': '' });
    expect(await shown(emu, bik)).to.deep.equal(
      ['pozyczkaplus', 'gotowka24', 'chwilowkaexpress', 'xss-pozyczka'].map(d),
    );
    bik.remove();
    const free = await loans(emu, { 'first-loan-free': '' });
    expect(await shown(emu, free)).to.deep.equal(
      ['pozyczkaplus', 'kasateraz', 'gotowka24', 'chwilowkaexpress', 'xss-pozyczka'].map(d),
    );
  });

  it('only, exclude and pinned name lenders by domain, in any case', async () => {
    const only = await loans(emu, {
      only: 'KASATERAZ.example|gotowka24.example|mikrokasa.example',
    });
    expect(await shown(emu, only)).to.deep.equal(['kasateraz', 'mikrokasa', 'gotowka24'].map(d));
    only.remove();
    const exclude = await loans(emu, { exclude: 'pozyczkaplus.example|niepelna.example' });
    expect(await shown(emu, exclude)).to.deep.equal(
      [
        'kasateraz',
        'mikrokasa',
        'gotowka24',
        'zaliczkaonline',
        'chwilowkaexpress',
        'xss-pozyczka',
      ].map(d),
    );
    exclude.remove();
    const pinned = await loans(emu, {
      pinned: 'chwilowkaexpress.example|ratyrodzinne.example|gotowka24.example',
      highlight: '1',
    });
    // Pinned first in their order (a long-term one is not shown: the type filters it).
    expect(await shown(emu, pinned)).to.deep.equal(
      [
        'chwilowkaexpress',
        'gotowka24',
        'pozyczkaplus',
        'kasateraz',
        'mikrokasa',
        'zaliczkaonline',
        'xss-pozyczka',
        'niepelna',
      ].map(d),
    );
    expect(shadow(pinned).querySelectorAll('[part=recommended]')).to.have.length(1);
    expect(
      shadow(pinned).querySelector('[part=offer]')!.querySelector('[part=recommended]'),
    ).to.not.equal(null);
  });

  it('ordering by another term, higher first, unknown last; limit and highlight', async () => {
    const el = await loans(emu, { ordering: 'max_loan_amount' });
    expect(await shown(emu, el)).to.deep.equal(
      [
        'zaliczkaonline',
        'kasateraz',
        'mikrokasa',
        'pozyczkaplus',
        'xss-pozyczka',
        'gotowka24',
        'chwilowkaexpress',
        'niepelna',
      ].map(d),
    );
    el.limit = 2;
    el.highlight = 0;
    el.ordering = 'first_loan_max_period';
    await oneEvent(el, 'pubnet-load');
    await el.updateComplete;
    // mikrokasa 61 days, then the 30-day ones in the page's order.
    expect(await shown(emu, el)).to.deep.equal(['mikrokasa', 'pozyczkaplus'].map(d));
    expect(shadow(el).querySelectorAll('[part=recommended]')).to.have.length(0);
  });

  it('each representative example in full, next to its offer; none invented', async () => {
    const el = await loans(emu, { type: 'short_term|long_term', limit: '100' });
    const page = new Map((await page_(emu)).map((offer) => [offer.tracking_link, offer]));
    const offers = [...shadow(el).querySelectorAll('[part=offer]')];
    expect(offers).to.have.length(14);
    for (const offer of offers) {
      const given = page.get(offer.querySelector('a')!.getAttribute('href')!)!;
      const example = offer.querySelector('[part=example]');
      if (given.loan_simulation) expect(example!.textContent).to.equal(given.loan_simulation);
      else expect(example, given.domain!).to.equal(null);
      // Shown, not cut: as tall as its text.
      if (example) {
        expect(getComputedStyle(example).display).to.not.equal('none');
        expect(example.scrollHeight).to.be.at.most(example.clientHeight + 1);
      }
    }
    expect(offers.filter((offer) => offer.querySelector('[part=example]'))).to.have.length(13);
  });

  it('hostile fields stay text; a javascript: link is no offer, a javascript: logo no image', async () => {
    const el = await loans(emu, { only: known.loans.hostile.join('|') });
    expect(await shown(emu, el)).to.deep.equal(['xss-pozyczka', 'niepelna'].map(d));
    const root = shadow(el);
    expect(root.querySelectorAll('script, b, p[onclick], a:not([data-i])')).to.have.length(0);
    expect(root.querySelectorAll('img')).to.have.length(0);
    const [xss] = root.querySelectorAll('[part=offer]');
    expect(xss.querySelector('[part=title]')!.textContent).to.equal(
      '<img src=x onerror=alert(1)>Pożyczka <b>XSS</b>',
    );
    expect(xss.querySelector('[part=example]')!.textContent).to.contain('<p onclick="alert(1)">');
    for (const a of root.querySelectorAll('a')) expect(a.href).to.match(/^https?:/);
  });

  it('in Polish: the terms, the marks and plural forms; in English again when lang changes', async () => {
    const el = await loans(emu, {
      lang: 'pl',
      only: 'kasateraz.example|mikrokasa.example|ratyrodzinne.example',
      type: 'short_term|long_term',
    });
    const terms = (i: number) =>
      [...shadow(el).querySelectorAll('[part=offer]')[i].querySelectorAll('dt, dd')].map((n) =>
        flat(n.textContent),
      );
    // kasateraz 4.9, ratyrodzinne 4.7, mikrokasa 4.5.
    expect(terms(0)).to.deep.equal([
      'Kwota pożyczki',
      '100–5000 zł',
      'Czas na spłatę',
      '5–30 dni',
      'Pierwsza pożyczka do',
      '3000 zł',
    ]);
    expect(terms(1)).to.deep.equal([
      'Kwota pożyczki',
      '1000–25 000 zł',
      'Czas na spłatę',
      '3–48 miesięcy',
      'Pierwsza pożyczka do',
      '10 000 zł',
    ]);
    expect(terms(2).slice(2, 4)).to.deep.equal(['Czas na spłatę', '61 dni – 3 miesiące']);
    const first = shadow(el).querySelector('[part=offer]')!;
    expect(flat(first.querySelector('[part=recommended]')!.textContent)).to.equal('Polecane');
    expect(
      [...first.querySelectorAll('[part=features] li')].map((li) => flat(li.textContent)),
    ).to.deep.equal(['Pierwsza pożyczka za darmo', 'Bez zaświadczeń']);
    expect(flat(first.querySelector('[part=button]')!.textContent)).to.equal('Sprawdź ofertę');
    expect(shadow(el).querySelector('ul')!.getAttribute('aria-label')).to.equal('Oferty pożyczek');
    el.setAttribute('lang', 'en');
    await el.updateComplete;
    expect(terms(2).slice(2, 4)).to.deep.equal(['Repayment period', '61 days – 3 months']);
    expect(terms(0)[1]).to.contain('5,000').and.to.contain('PLN');
  });

  it('periods in days, or in months above 60 days; Polish plurals; amounts in whole złoty', () => {
    // The element's words: its module (imported by define.js above) added them.
    const pl = wordsFor('pl') as LoanWords;
    const en = wordsFor('en') as LoanWords;
    expect(flat(periods(1, 1, pl))).to.equal('1 dzień');
    expect(flat(periods(2, 2, pl))).to.equal('2 dni');
    expect(flat(periods(2, 4, pl))).to.equal('2–4 dni');
    expect(flat(periods(5, 30, pl))).to.equal('5–30 dni');
    expect(flat(periods(60, 60, pl))).to.equal('60 dni');
    expect(flat(periods(61, 90, pl))).to.equal('61 dni – 3 miesiące');
    expect(flat(periods(90, 90, pl))).to.equal('3 miesiące');
    expect(flat(periods(150, 150, pl))).to.equal('5 miesięcy');
    expect(flat(periods(90, 660, pl))).to.equal('3–22 miesiące');
    expect(flat(periods(90, 1440, pl))).to.equal('3–48 miesięcy');
    expect(flat(periods(61, 90, en))).to.equal('61 days – 3 months');
    expect(flat(periods(null, 30, pl))).to.equal('30 dni');
    expect(flat(periods(null, null, pl))).to.equal('');
    expect(flat(amounts(100, 5000, 'pl'))).to.equal('100–5000 zł');
    expect(flat(amounts(1000, 25000, 'pl'))).to.equal('1000–25 000 zł');
    expect(flat(amounts(1499.99, 1499.99, 'pl'))).to.equal('1500 zł');
    expect(flat(amounts(100, 5000, 'not a tag!'))).to.not.equal('');
  });

  it('without a website key: pubnet-error, collapsed, and nothing asked', async () => {
    const el = document.createElement('pubnet-loan-offers') as PubnetLoanOffers;
    el.setAttribute('api', emu.url);
    el.setAttribute('eager', '');
    const failed = oneEvent(el, 'pubnet-error');
    await fixture(el);
    expect((await failed).detail.error).to.be.instanceOf(TypeError);
    expect(el.state).to.equal('collapsed');
    expect(await requests(emu)).to.have.length(0);
  });
});
