// The loan offers in the WordPress plugin: [pubnet_loan_offers] and the block pubnet/loan-offers,
// on a Polish site (WPLANG pl_PL), in posts read in Chromium under the block theme and the
// classic theme, against the emulator's payday-loans page (known.loans) through the plugin's
// own REST proxy; invalid values dropped; then server-rendered by a render endpoint (a TS
// proxy's /render/ routes) and taken over without an API request. One WordPress, one browser,
// one emulator for the whole file; the steps run in order (the render endpoint is set last).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import {
  TOKEN,
  attribute,
  excerpt,
  known,
  pluginZip,
  recordWidgets,
  saveSettings,
  startApi,
  startRenderProxy,
  startTags,
  visit,
  type Api,
  type Visit,
  speakPolish,
  THEMES,
  PROXY_PATH,
  paydayLoansPage,
  type AnsweredLoan,
} from './support/pubnet.js';
import { assertCdnScript, assertLinks, noPluginErrors, none } from './support/checks.js';
import { startWordPress, type WordPress } from './support/wordpress.js';
import { startTogether } from '../support/start-together.js';

const TAG = 'pubnet-loan-offers';
/** The element's own attributes (the common ones are checked apart). */
const OWN = [
  'type',
  'loan-amount',
  'loan-period',
  'customer-age',
  'first-loan-free',
  'no-bik',
  'no-income-proof',
  'only',
  'exclude',
  'pinned',
  'ordering',
  'highlight',
  'limit',
  'layout',
];
const guid = known.website.guid;
const SID = 'wp-loans';

let wp: WordPress;
let api: Api;
let render: Awaited<ReturnType<typeof startRenderProxy>>;
let browser: Browser;
let reader: Page;
/** The emulator's payday-loans page for the website, by lender domain. */
let page: Map<string, AnsweredLoan>;

before(async () => {
  [api, wp, browser] = await startTogether(
    startApi(),
    startWordPress({ pluginZip: pluginZip(), activate: 'php' }),
    launchBrowser(),
  );
  render = await startRenderProxy(api.url);
  await saveSettings(wp, {
    token: TOKEN,
    website_key: guid,
    sid: SID,
    api_base: api.url,
    proxy: 'builtin',
    render_endpoint: '',
  });
  await speakPolish(wp);
  page = await paydayLoansPage(api.url, guid);
  reader = await (await browser.newContext()).newPage();
  await recordWidgets(reader);
});

after(() => Promise.allSettled([browser?.close(), render?.close(), api?.close(), wp?.close()]));

/** The emulator's images (its stand-in for the lenders' logo hosts). */
const images = () => new URL('/images/', api.url).href;

/** The terms of a lender of known.loans (a key left out: a field the page leaves out). */
const terms = (domain: string) =>
  known.loans.offers.find((offer) => offer.domain === domain) as {
    loan_type: string;
    min_loan_amount: number;
    max_loan_amount?: number | null;
    rating?: number | null;
    first_loan_fees?: boolean | null;
    customer_blacklist_check?: boolean | null;
  };

/** A post of the test: its content, and what its one element must be. */
interface Case {
  content: string;
  /** The element's own attributes, exactly. */
  attributes: Record<string, string>;
  /** The lenders of its offers, in order. */
  offers: string[];
  /** How many of the first offers are marked recommended. */
  recommended: number;
  layout: 'list' | 'grid';
}

const cases: Record<string, Case> = {
  shortcode: {
    content: `[pubnet_loan_offers type="short_term" loan_amount="1000" highlight="2" limit="5"]`,
    attributes: { type: 'short_term', 'loan-amount': '1000', highlight: '2', limit: '5' },
    // By hand from known.loans.offers: the short-term lenders whose [min, max] amount holds
    // 1000 zł, by rating (ties in page order): pozyczkaplus 4.9, kasateraz 4.9, mikrokasa 4.5,
    // gotowka24 4.2, zaliczkaonline 4.0, then (beyond the limit) chwilowkaexpress 3.9 and
    // xss-pozyczka 2.5. pulapka's link is javascript:, niepelna has no max amount: never shown.
    offers: [
      'pozyczkaplus.example',
      'kasateraz.example',
      'mikrokasa.example',
      'gotowka24.example',
      'zaliczkaonline.example',
    ],
    recommended: 2,
    layout: 'list',
  },
  block: {
    content: `<!-- wp:pubnet/loan-offers {"type":"long_term","layout":"grid","limit":"3"} /-->`,
    attributes: { type: 'long_term', layout: 'grid', limit: '3' },
    // The long-term lenders by rating: ratyrodzinne 4.7, kredytok 4.6, ratalnamax 4.4 (then
    // domowybudzet 4.3, ratybezstresu 4.1, kasanaraty 3.8); all three highlighted (default 3).
    offers: ['ratyrodzinne.example', 'kredytok.example', 'ratalnamax.example'],
    recommended: 3,
    layout: 'grid',
  },
  'shortcode with flags': {
    // A bare flag and a "yes" are on; domains written in lower case.
    content: `[pubnet_loan_offers type="short_term|long_term" first_loan_free="yes" no_bik exclude="Gotowka24.example" pinned="chwilowkaexpress.example|kredytok.example" ordering="max_loan_amount" highlight="0"]`,
    attributes: {
      type: 'short_term|long_term',
      'first-loan-free': '',
      'no-bik': '',
      exclude: 'gotowka24.example',
      pinned: 'chwilowkaexpress.example|kredytok.example',
      ordering: 'max_loan_amount',
      highlight: '0',
    },
    // Free first loan and no BIK check: gotowka24 (excluded), pozyczkaplus, chwilowkaexpress,
    // xss-pozyczka (pulapka's link is javascript:, niepelna's fees unknown); chwilowkaexpress
    // pinned first (kredytok is not among them), then by max amount: 3000, then 2500. The
    // hostile one's markup is its text.
    offers: ['chwilowkaexpress.example', 'pozyczkaplus.example', 'xss-pozyczka.example'],
    recommended: 0,
    layout: 'list',
  },
};

test('the cases agree with known.loans.offers', () => {
  const [shortcode, block, flags] = Object.values(cases);
  for (const domain of shortcode.offers) {
    const { loan_type, min_loan_amount, max_loan_amount } = terms(domain);
    assert.equal(loan_type, 'short_term', domain);
    assert.ok(min_loan_amount <= 1000 && 1000 <= max_loan_amount!, domain);
  }
  for (const domain of block.offers) assert.equal(terms(domain).loan_type, 'long_term', domain);
  for (const { offers } of [shortcode, block]) {
    const ratings = offers.map((domain) => terms(domain).rating!);
    assert.deepEqual(
      ratings,
      [...ratings].sort((a, b) => b - a),
      `by rating: ${offers}`,
    );
  }
  for (const domain of flags.offers) {
    assert.equal(terms(domain).first_loan_fees, false, domain);
    assert.equal(terms(domain).customer_blacklist_check, false, domain);
  }
  assert.ok(terms('pulapka.example').max_loan_amount! >= 1000, 'pulapka would pass on its terms');
  assert.equal(terms('niepelna.example').max_loan_amount, null);
  assert.equal(page.get('pulapka.example')?.tracking_link.startsWith('javascript:'), true);
});

/** The page's one element: its start tag, and everything up to its end tag. */
function element(html: string, what: string) {
  const tags = startTags(html, TAG);
  assert.equal(
    tags.length,
    1,
    `${what}: one <${TAG}>: ${excerpt(html, html.indexOf('<main'), 600)}`,
  );
  const [tag] = tags;
  const end = html.indexOf(`</${TAG}>`, tag.index);
  assert.ok(end > 0, `${what}: </${TAG}>`);
  return { start: tag.text, whole: html.slice(tag.index, end + `</${TAG}>`.length) };
}

/** The element's own attributes on its start tag, and the common ones. */
function assertAttributes(start: string, want: Record<string, string>, what: string) {
  for (const name of OWN)
    assert.equal(attribute(start, name), want[name], `${what}: ${name} on ${start}`);
  assert.equal(attribute(start, 'website-key'), guid, `${what}: the website key on ${start}`);
  assert.equal(attribute(start, 'sid'), SID, `${what}: the SubID on ${start}`);
  assert.equal(attribute(start, 'lang'), 'pl-PL', `${what}: the site's language on ${start}`);
}

/** What the browser shows of the page's element. */
interface Shown {
  layout: string;
  offers: {
    title: string;
    href: string;
    rel: string;
    recommended: string | null;
    example: string | null;
    markup: boolean;
  }[];
}

/** In-page code as plain JavaScript text (see recordWidgets). */
const SHOWN = `(async () => {
  const el = document.querySelector('${TAG}');
  await el.updateComplete;
  const list = el.shadowRoot.querySelector('ul[role="list"]');
  return {
    layout: list.className,
    offers: [...el.shadowRoot.querySelectorAll('li[part="offer"]')].map((offer) => {
      const a = offer.querySelector('a[part="title"]');
      const example = offer.querySelector('[part="example"]');
      const recommended = offer.querySelector('[part="recommended"]');
      return {
        title: a.textContent,
        href: a.href,
        rel: a.rel,
        recommended: recommended && recommended.textContent,
        example: example && example.textContent,
        markup: !!offer.querySelector('[part="title"] *, [part="example"] *, [part="promotion"] *'),
      };
    }),
  };
})()`;

/** Checks the offers the reader sees on `visited`. */
async function assertShown(visited: Visit, want: Case, what: string) {
  assert.equal(visited.widgets.length, 1, `${what}: one widget`);
  const [widget] = visited.widgets;
  assert.equal(widget.tag, TAG);
  assert.ok(widget.loaded, `${what}: ${JSON.stringify(widget)} fired pubnet-load`);
  assertLinks(visited, what);
  const shown = (await reader.evaluate(SHOWN)) as Shown;
  assert.equal(shown.layout, want.layout, `${what}: the layout`);
  const byTitle = new Map([...page].map(([domain, offer]) => [offer.title, domain]));
  assert.deepEqual(
    shown.offers.map((offer) => byTitle.get(offer.title) ?? offer.title),
    want.offers,
    `${what}: the offers' lenders, in order`,
  );
  shown.offers.forEach((offer, i) => {
    const domain = want.offers[i];
    const answer = page.get(domain)!;
    const rel = offer.rel.split(/\s+/);
    assert.ok(
      rel.includes('sponsored') && rel.includes('noopener'),
      `${what}: ${domain}'s link ${offer.href} has rel="${offer.rel}"`,
    );
    assert.equal(offer.href, answer.tracking_link, `${what}: ${domain}'s tracking link`);
    assert.equal(
      offer.example,
      answer.loan_simulation,
      `${what}: ${domain}'s representative example, in full`,
    );
    assert.equal(offer.markup, false, `${what}: ${domain}'s texts are text`);
    assert.equal(
      offer.recommended,
      i < want.recommended ? 'Polecane' : null,
      `${what}: ${domain} marked recommended (in Polish) or not`,
    );
  });
}

test('invalid values are dropped, never printed; valid ones written as the element reads them; a bare flag is on', async () => {
  const link = await wp.createPost(
    'Pubnet loans, invalid values',
    [
      `[pubnet_loan_offers type="payday" loan_amount="lots" loan_period="a month" customer_age="old" first_loan_free="no" no_bik="0" only="kasateraz.example|not a domain" exclude="<b>x</b>" pinned="javascript:alert(1)" ordering="cheapest" highlight="all" limit="lots" layout="table" sid="bad sid!"]`,
      `[pubnet_loan_offers type=" long_term | short_term " loan_amount="1e3" loan_period="30" customer_age="30.5" no_income_proof="true" only=" KasaTeraz.example | mikrokasa.example|kasateraz.example|" highlight="-1" limit="500" layout="grid"]`,
      `<!-- wp:pubnet/loan-offers {"type":"payday","limit":"lots","ordering":"cheapest","layout":"table","no_bik":true} /-->`,
      // Any shortcode's flag is on when bare, as the grid's `sale`.
      `[pubnet_products query="ekspres" sale limit="2"]`,
    ].join('\n\n'),
  );
  const html = await (await fetch(link)).text();
  const tags = startTags(html, TAG);
  assert.equal(tags.length, 3, `three elements: ${tags.map((t) => t.text).join(' ')}`);
  const [invalid, normalised, block] = tags.map((t) => t.text);
  for (const name of OWN)
    assert.equal(attribute(invalid, name), undefined, `${name} dropped: ${invalid}`);
  assert.equal(attribute(invalid, 'sid'), SID, `the settings' SubID: ${invalid}`);
  // Types and domains trimmed, once each, domains in lower case; numbers as numbers; a limit
  // clamped; a highlight below 0 dropped.
  const want: Record<string, string> = {
    type: 'long_term|short_term',
    'loan-amount': '1000',
    'loan-period': '30',
    'customer-age': '30.5',
    'no-income-proof': '',
    only: 'kasateraz.example|mikrokasa.example',
    limit: '100',
    layout: 'grid',
  };
  for (const name of OWN)
    assert.equal(attribute(normalised, name), want[name], `${name}: ${normalised}`);
  for (const name of ['type', 'limit', 'ordering', 'layout'])
    assert.equal(attribute(block, name), undefined, `the block's ${name} dropped: ${block}`);
  assert.equal(attribute(block, 'no-bik'), '', `the block's flag: ${block}`);
  const grid = startTags(html, 'pubnet-product-grid').map((t) => t.text);
  assert.equal(grid.length, 1, grid.join(' '));
  assert.equal(attribute(grid[0], 'sale'), '', `a bare sale: ${grid[0]}`);
  const printed = tags.map((t) => t.text).join('\n');
  assert.doesNotMatch(
    printed,
    /\b(?:payday|lots|month|old|cheapest|all|table)\b|javascript|<b>|bad sid/,
  );
});

/** The posts of the cases, made under the first theme, read again under the second. */
const links = new Map<string, string>();

for (const theme of THEMES)
  test(`${theme}: the shortcode and the block show their offers through the built-in proxy`, async () => {
    await wp.setTheme(theme);
    const sri = (
      await readFile(join(wp.contentDir, 'plugins/pubnet-widgets/assets/pubnet.min.js.sri'), 'utf8')
    ).trim();
    const failures: string[] = [];
    for (const [name, want] of Object.entries(cases)) {
      const what = `${theme}, ${name}`;
      try {
        let link = links.get(name);
        if (!link)
          links.set(name, (link = await wp.createPost(`Pubnet loans ${name}`, want.content)));
        const visited = await visit(reader, link);
        assert.equal(visited.status, 200, what);
        const { start, whole } = element(visited.html, what);
        assertAttributes(start, want.attributes, what);
        assert.equal(
          new URL(attribute(start, 'api') ?? '', link).href,
          `${wp.url}${PROXY_PATH}/`,
          `${what}: the built-in proxy as api on ${start}`,
        );
        assert.equal(whole, `${start}</${TAG}>`, `${what}: the element as printed`);
        assertCdnScript(visited, what, sri);
        // The space-reserving stylesheet in <head>: the page's content has a widget.
        const head = visited.html.slice(0, visited.html.indexOf('</head>'));
        assert.ok(
          startTags(head, 'link').some((l) =>
            /\/pubnet\.css\b/.test(attribute(l.text, 'href') ?? ''),
          ),
          `${what}: pubnet.css in <head>`,
        );
        await assertShown(visited, want, what);
        // The website's page and the logos through the plugin's proxy, nothing anywhere else.
        const reads = visited.requests.filter(
          (r) =>
            r.method === 'GET' &&
            new URL(r.url).pathname === `${PROXY_PATH}/publisher/payday-loans/${guid}`,
        );
        assert.equal(reads.length, 1, `${what}: one read of the page through the plugin's proxy`);
        const elsewhere = visited.requests.filter(
          (r) => !r.url.startsWith(wp.url) && !r.url.startsWith(images()),
        );
        assert.deepEqual(elsewhere, [], `${what}: every request goes to the site`);
        const failed = visited.responses.filter(
          (r) => new URL(r.url).pathname.startsWith(`${PROXY_PATH}/`) && r.status >= 400,
        );
        assert.deepEqual(failed, [], `${what}: the proxy's answers`);
      } catch (error) {
        failures.push(String((error as Error).message));
      }
    }
    none(failures);
  });

for (const theme of THEMES)
  test(`${theme}: with a render endpoint, the shortcode and the block arrive as its answer and are taken over without an API request`, async () => {
    if (theme === THEMES[0]) await saveSettings(wp, { render_endpoint: render.url });
    await wp.setTheme(theme);
    const failures: string[] = [];
    for (const [name, want] of Object.entries(cases)) {
      const what = `${theme}, rendered ${name}`;
      try {
        // A fresh post: the first visits above must not have cached anything for it.
        const link = await wp.createPost(`Rendered loans ${name} ${theme}`, want.content);
        const html = await (await fetch(link)).text();
        const asked = [
          ...new Set(render.asked.filter((u) => new URL(u).pathname === '/render/loan-offers/')),
        ];
        assert.ok(asked.length > 0, `${what}: the plugin asked /render/loan-offers/`);
        for (const u of asked) {
          const search = new URL(u).searchParams;
          assert.equal(search.get('website-key'), guid, `${what}: ${u}`);
          assert.equal(search.get('lang'), 'pl-PL', `${what}: ${u}`);
          assert.equal(search.get('api'), null, `${what}: ${u}`);
        }
        // This case's own attributes, as the render URL's query (a flag as an empty value).
        const mine = asked.filter((u) => {
          const search = new URL(u).searchParams;
          return OWN.every((attr) => (search.get(attr) ?? undefined) === want.attributes[attr]);
        });
        assert.equal(mine.length, 1, `${what}: its render URL among ${asked.join(' ')}`);
        // The answer, byte for byte.
        const expected = await (await fetch(mine[0])).text();
        const { start, whole } = element(html, what);
        assert.equal(
          whole,
          expected.trimEnd(),
          `${what}: the page holds the render endpoint's answer: ${excerpt(whole, 0, 400)}`,
        );
        assertAttributes(start, want.attributes, what);
        assert.match(whole, /shadowrootmode="open"/, `${what}: a declarative shadow root`);

        const visited = await visit(reader, link);
        await assertShown(visited, want, what);
        const reads = visited.requests.filter((r) => {
          const path = new URL(r.url).pathname;
          return (
            (path.startsWith(`${PROXY_PATH}/`) ||
              r.url.startsWith(render.url) ||
              r.url.startsWith(api.url)) &&
            !r.url.startsWith(images())
          );
        });
        assert.deepEqual(reads, [], `${what}: no API request from the browser`);
      } catch (error) {
        failures.push(String((error as Error).message));
      }
    }
    none(failures);
  });

test("debug.log holds no PHP error, warning or notice from the plugin's files", () =>
  noPluginErrors(wp));
