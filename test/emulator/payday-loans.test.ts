/**
 * The payday-loans page (api-contract §9, "Payday-loans page"; §2: a public token page):
 * a JSON array of loan offers, the same for every active website but for the tracking
 * links, which are attributed to it and land on the lender's site; `known.loans` as promised.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { known } from '../../src/emulator/index.js';
import { escapeHtml } from '../../src/emulator/http.js';
import { start, type Started } from './support/calls.js';

type Entry = Record<string, unknown>;

const NUMBERS = [
  'min_loan_amount',
  'max_loan_amount',
  'min_loan_period',
  'max_loan_period',
  'first_loan_max_amount',
  'first_loan_max_period',
  'min_customer_age',
  'max_customer_age',
  'rating',
];
const FLAGS = ['first_loan_fees', 'customer_blacklist_check', 'customer_income_check'];
const TEXTS = [
  'domain',
  'title',
  'logo',
  'tracking_link',
  'loan_type',
  'promotion',
  'loan_simulation',
];
const FIELDS = [...TEXTS, ...NUMBERS, ...FLAGS];

const { loans } = known;
const hostile = new Set<string>(loans.hostile);
const complete = (e: Entry) => !hostile.has(e.domain as string);
const isHttp = (v: unknown) => typeof v === 'string' && /^https?:\/\//.test(v);

describe('payday-loans page', () => {
  let emu: Started;
  let page: Entry[];
  const read = (guid: string) =>
    emu.call('GET', `/publisher/payday-loans/${guid}`, { token: null });
  before(async () => {
    emu = await start();
    const res = await read(known.website.guid);
    assert.equal(res.status, 200);
    page = res.body;
  });
  after(() => emu.close());

  test('a JSON array of 12+ loan offers, in the order of known.loans.domains', () => {
    assert.ok(Array.isArray(page), 'an array, not an envelope');
    assert.deepEqual(
      page.map((e) => e.domain),
      [...loans.domains],
    );
    assert.ok(page.filter(complete).length >= 12);
    assert.equal(new Set(page.map((e) => e.domain)).size, page.length, 'domains are unique');
    const types = new Set(page.filter(complete).map((e) => e.loan_type));
    assert.deepEqual([...types].sort(), ['long_term', 'short_term']);
  });

  test('each field has its type; missing or null only on the incomplete entries', () => {
    for (const e of page) {
      const where = String(e.domain);
      for (const [field, value] of Object.entries(e)) {
        if (value === null) {
          assert.ok(!complete(e), `${where}.${field} is null`);
          continue;
        }
        if (NUMBERS.includes(field)) assert.equal(typeof value, 'number', `${where}.${field}`);
        else if (FLAGS.includes(field)) assert.equal(typeof value, 'boolean', `${where}.${field}`);
        else if (TEXTS.includes(field)) assert.equal(typeof value, 'string', `${where}.${field}`);
        else assert.fail(`${where}: unexpected field ${field}`);
      }
      if (complete(e)) {
        assert.deepEqual(Object.keys(e).sort(), [...FIELDS].sort(), where);
        assert.ok(['short_term', 'long_term'].includes(e.loan_type as string), where);
        assert.ok((e.min_loan_amount as number) <= (e.max_loan_amount as number), where);
        assert.ok((e.min_loan_period as number) <= (e.max_loan_period as number), where);
        assert.ok((e.min_customer_age as number) <= (e.max_customer_age as number), where);
        assert.ok((e.first_loan_max_amount as number) <= (e.max_loan_amount as number), where);
        assert.match(e.loan_simulation as string, /^Przykład reprezentatywny.*RRSO [\d,]+%/, where);
        assert.ok(!/[<>]/.test(JSON.stringify(e)), `${where} carries no markup`);
      }
    }
    const simulations = page.filter(complete).map((e) => e.loan_simulation);
    assert.equal(new Set(simulations).size, simulations.length, 'each example is its own');
    assert.ok(
      page.some((e) => complete(e) && e.promotion === ''),
      'some promote nothing',
    );
    // The incomplete entries: fields missing and fields null.
    const incomplete = page.filter((e) => !complete(e));
    assert.ok(incomplete.some((e) => !('loan_simulation' in e)));
    assert.ok(incomplete.some((e) => e.max_loan_amount === null));
    assert.ok(incomplete.some((e) => e.rating === null));
  });

  test('the terms are known.loans.offers, exactly (a key left out is a missing field)', () => {
    const terms = page.map((e) => {
      const picked: Entry = {};
      for (const field of ['domain', 'loan_type', ...NUMBERS, ...FLAGS])
        if (field in e) picked[field] = e[field];
      return picked;
    });
    assert.deepEqual(terms, loans.offers);
  });

  test('the values test filters: ties on top, exclusions, 61 days, flags both ways', () => {
    const rated = page.filter(complete);
    const top = Math.max(...rated.map((e) => e.rating as number));
    const topRated = rated.filter((e) => e.rating === top);
    assert.deepEqual(
      topRated.map((e) => e.domain),
      [...loans.topRated],
    );
    const [a, b] = topRated;
    assert.notDeepEqual({ ...a, domain: 0, title: 0 }, { ...b, domain: 0, title: 0 });
    const within = (e: Entry, lo: string, hi: string, v: number) =>
      (e[lo] as number) <= v && v <= (e[hi] as number);
    const left = (keep: (e: Entry) => boolean): string[] =>
      rated.filter((e) => !keep(e)).map((e) => e.domain as string);
    const amount = left((e) => within(e, 'min_loan_amount', 'max_loan_amount', 3000));
    const period = left((e) => within(e, 'min_loan_period', 'max_loan_period', 30));
    const age = left((e) => within(e, 'min_customer_age', 'max_customer_age', 19));
    assert.deepEqual(amount, [...loans.excludedBy['loan-amount=3000']]);
    assert.deepEqual(period, [...loans.excludedBy['loan-period=30']]);
    assert.deepEqual(age, [...loans.excludedBy['customer-age=19']]);
    for (const out of [amount, period, age] as string[][]) {
      assert.ok(out.length > 0 && out.length < rated.length);
      // Each excludes a short-term lender too (the element's default type).
      assert.ok(
        rated.some((e) => out.includes(e.domain as string) && e.loan_type === 'short_term'),
      );
    }
    const sixtyOne = rated.find((e) => e.domain === loans.sixtyOneDays);
    assert.equal(sixtyOne?.min_loan_period, 61);
    assert.ok(rated.some((e) => (e.max_loan_period as number) >= 1440));
    for (const flag of FLAGS) {
      assert.deepEqual(
        [...new Set(rated.map((e) => e[flag]))].sort(),
        [false, true],
        `${flag} both ways`,
      );
    }
    assert.ok(new Set(rated.map((e) => `${e.min_customer_age}-${e.max_customer_age}`)).size >= 3);
  });

  test('the hostile entries are answered verbatim', () => {
    const byDomain = new Map(page.map((e) => [e.domain, e]));
    const [markup, trap, bare] = loans.hostile.map((d) => byDomain.get(d)!);
    assert.equal(markup!.title, '<img src=x onerror=alert(1)>Pożyczka <b>XSS</b>');
    assert.equal(markup!.promotion, '<script>alert("promo")</script>Darmowa pożyczka!');
    assert.equal(markup!.logo, 'javascript:alert(1)');
    assert.match(markup!.loan_simulation as string, /^<p onclick="alert\(1\)">/);
    assert.equal(trap!.tracking_link, 'javascript:alert(document.cookie)');
    assert.equal(trap!.title, 'Pożyczka "></a><script>alert(2)</script>');
    assert.equal(trap!.promotion, '<a href="javascript:alert(3)">Kliknij</a> po bonus');
    assert.equal(bare!.logo, null);
    assert.ok(!('loan_simulation' in bare!) && !('rating' in bare!));
    assert.ok(!('min_loan_period' in bare!) && !('customer_blacklist_check' in bare!));
  });

  test('logos: the emulator’s own images, a non-http one only on a hostile entry', async () => {
    for (const e of page) {
      if (isHttp(e.logo)) {
        const url = new URL(e.logo as string);
        assert.equal(url.origin, new URL(emu.url).origin, String(e.domain));
        const img = await fetch(url);
        assert.equal(img.status, 200, String(e.domain));
        assert.equal(img.headers.get('content-type'), 'image/svg+xml');
        await img.text();
      } else {
        assert.ok(hostile.has(e.domain as string), `${String(e.domain)}: logo ${String(e.logo)}`);
      }
    }
    const svg = await (
      await fetch(new URL('images/loan-pozyczkaplus.example.svg', emu.url))
    ).text();
    assert.match(svg, />PP</, 'initials of "Pożyczka Plus"');
    assert.equal((await fetch(new URL('images/loan-nope.example.svg', emu.url))).status, 404);
  });

  test('tracking links: attributed to the website, each landing on the lender’s site', async () => {
    const origin = new URL(emu.url).origin;
    const links = page.filter((e) => isHttp(e.tracking_link));
    assert.equal(links.length, page.length - 1, 'all but the javascript: one');
    for (const e of links) {
      const link = new URL(e.tracking_link as string);
      assert.equal(link.origin, origin);
      assert.match(link.pathname, /^\/click\/[0-9a-f]+\/$/);
      const click = await fetch(link, { redirect: 'manual' });
      assert.equal(click.status, 302, String(e.domain));
      await click.text();
      const landing = await fetch(new URL(click.headers.get('location')!, emu.url));
      assert.equal(landing.status, 200);
      const html = await landing.text();
      assert.ok(html.includes('<th>Loan offer</th>'), String(e.domain));
      assert.ok(html.includes(escapeHtml(String(e.title))), `${String(e.domain)} named`);
      assert.ok(html.includes(`<td>${known.website.url}</td>`), 'attributed to the website');
      assert.ok(
        html.includes(`send you to <code>https://${String(e.domain)}/</code>`),
        `${String(e.domain)}: onward to the lender`,
      );
    }
    // Markup in a title stays text on the landing page too.
    const markup = await fetch(
      page.find((e) => e.domain === loans.hostile[0])!.tracking_link as string,
    );
    assert.ok(!(await markup.text()).includes('<img src=x'));
  });

  test('the same answer for every active website but the tracking links, its own', async () => {
    const other = (await read(known.websites.secondActive.guid)).body as Entry[];
    assert.equal(other.length, page.length);
    const strip = (e: Entry) => ({
      ...e,
      tracking_link: isHttp(e.tracking_link) || e.tracking_link,
    });
    assert.deepEqual(other.map(strip), page.map(strip));
    for (const [i, e] of other.entries()) {
      if (!isHttp(e.tracking_link)) continue;
      assert.notEqual(e.tracking_link, page[i]!.tracking_link, String(e.domain));
      const click = await fetch(e.tracking_link as string);
      assert.ok((await click.text()).includes(`<td>${known.websites.secondActive.url}</td>`));
    }
    const again = (await read(known.website.guid)).body as Entry[];
    assert.deepEqual(again, page, 'stable: the same links on every read');
  });

  test('public: no Authorization needed (a token is fine); unknown token 404', async () => {
    const withToken = await emu.call('GET', `/publisher/payday-loans/${known.website.guid}`);
    assert.equal(withToken.status, 200);
    assert.deepEqual(withToken.body, page);
    const unknown = await read('00000000-0000-4000-8000-000000000000');
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body, { detail: 'Not found.' });
    assert.equal((await read('no-such-guid')).status, 404);
  });
});
