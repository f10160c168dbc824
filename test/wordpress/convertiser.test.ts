// Posts written for the network's own plugin ("Convertiser Widgets") keep working:
// [convertiser_comparison] and [convertiser_payday_offers] become our price comparison and loan
// offers, mapped as the embed contract says (WordPress, "Coming from the network's own
// plugin"), on a Polish site (WPLANG pl_PL) read in Chromium under the block theme and the
// classic theme, against the emulator's comparable products (known.comparison) and
// payday-loans page (known.loans) through the plugin's own REST proxy. Attributes with no
// counterpart and bad values leave no text and no PHP warning; a plugin that registered one of
// the tags first (the network's, during a switch) keeps it. One WordPress, one browser, one
// emulator for the whole file.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
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

const COMPARISON = 'pubnet-price-comparison';
const LOANS = 'pubnet-loan-offers';
/** Each element's own attributes (the common ones are checked apart). */
const OWN: Record<string, string[]> = {
  [COMPARISON]: ['gtin', 'mpn', 'query', 'ordering', 'limit', 'show'],
  [LOANS]: [
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
  ],
};
const { comparison } = known;
const shops = comparison.expected.map((row) => row.offer);
const guid = known.website.guid;
const SID = 'wp-switch';
/** What the network's plugin's attributes with no counterpart held: found nowhere in a page. */
const IGNORED = ['ga-label-q7', 'FontQ7', 'label-q7', 'Q7 CTA'];

let wp: WordPress;
let api: Api;
let browser: Browser;
let reader: Page;

/** The emulator's payday-loans page for the website, by lender domain. */
let loansPage: Map<string, AnsweredLoan>;

before(async () => {
  [api, wp, browser] = await startTogether(
    startApi(),
    startWordPress({ pluginZip: pluginZip(), activate: 'php' }),
    launchBrowser(),
  );
  await saveSettings(wp, {
    token: TOKEN,
    website_key: guid,
    sid: SID,
    api_base: api.url,
    proxy: 'builtin',
    render_endpoint: '',
  });
  await speakPolish(wp);
  loansPage = await paydayLoansPage(api.url, guid);
  reader = await (await browser.newContext()).newPage();
  await recordWidgets(reader);
});

after(() => Promise.allSettled([browser?.close(), api?.close(), wp?.close()]));

/** The emulator's images (its stand-in for the shops' and lenders' logo hosts). */
const images = () => new URL('/images/', api.url).href;

/** The terms of a lender of known.loans. */
const terms = (domain: string) =>
  known.loans.offers.find((offer) => offer.domain === domain) as {
    loan_type: string;
    max_loan_amount?: number | null;
    rating?: number | null;
    first_loan_fees?: boolean | null;
    customer_blacklist_check?: boolean | null;
    customer_income_check?: boolean | null;
  };

/** One widget of a post: the element, its own attributes exactly, and what it shows. */
type Widget =
  | {
      tag: typeof COMPARISON;
      attributes: Record<string, string>;
      /** The lead's text as printed, or null for none. */
      lead: string | null;
      /** The shops of its rows, in order. */
      rows: string[];
    }
  | {
      tag: typeof LOANS;
      attributes: Record<string, string>;
      /** The lenders of its offers, in order. */
      offers: string[];
      /** How many of the first offers are marked recommended. */
      recommended: number;
      layout: 'list' | 'grid';
    };

/** Posts as the network's plugin's publishers wrote them, and what each must become. */
const posts: Record<string, { content: string; widgets: Widget[] }> = {
  'a review': {
    content: [
      '<!-- wp:paragraph --><p>Sprawdziłem ten ekspres przez miesiąc.</p><!-- /wp:paragraph -->',
      `[convertiser_comparison title="${comparison.query}" mpn="${comparison.mpn}" ordering="desc" limit="3" color="#f00" ga_label="${IGNORED[0]}"]`,
      '<!-- wp:paragraph --><p>A jeśli brakuje na niego pieniędzy:</p><!-- /wp:paragraph -->',
      `[convertiser_payday_offers type="short_term" highlight="3" template="grid" only="pozyczkaplus.example,kasateraz.example,gotowka24.example" first_loan_fees="no" fixed_order="gotowka24.example" font="${IGNORED[1]}"]`,
    ].join('\n\n'),
    widgets: [
      {
        tag: COMPARISON,
        // `title` is the query; `desc` dearest first. The element searches by the mpn.
        attributes: {
          query: comparison.query,
          mpn: comparison.mpn,
          ordering: '-price',
          limit: '3',
        },
        lead: null,
        // The six shops, dearest first, three of them.
        rows: [...shops].reverse().slice(0, 3),
      },
      {
        tag: LOANS,
        attributes: {
          type: 'short_term',
          only: 'pozyczkaplus.example|kasateraz.example|gotowka24.example',
          pinned: 'gotowka24.example',
          'first-loan-free': '',
          highlight: '3',
          layout: 'grid',
        },
        // All three lend the first loan free; gotowka24 pinned first, then by rating:
        // pozyczkaplus 4.9 and kasateraz 4.9 (a tie: the page's order).
        offers: ['gotowka24.example', 'pozyczkaplus.example', 'kasateraz.example'],
        recommended: 3,
        layout: 'grid',
      },
    ],
  },
  'a ranking': {
    content: [
      `[convertiser_comparison mpn=" ${comparison.mpn} " ordering="asc" gallery="yes" offer_logo="no" price_color="4CAF50" hide_lead_text="no"]Porównaj <strong>ceny</strong>:[/convertiser_comparison]`,
      // Both types as the network plugin's editor wrote them (comma-separated); a domain in
      // capitals and after a space; a template we have not (a slider) is a list.
      `[convertiser_payday_offers type="short_term,long_term" blacklist_check="no" income_proof="no" exclude="gotowka24.example, Kredytok.example" ordering="max_loan_amount" limit="2" highlight="1" template="slider" show_loan_simulation="no" cta_style="red" cta_text="${IGNORED[3]}" widget_label="${IGNORED[2]}"]`,
    ].join('\n\n'),
    widgets: [
      {
        tag: COMPARISON,
        attributes: { mpn: comparison.mpn, ordering: 'price' },
        lead: 'Porównaj ceny:',
        rows: shops,
      },
      {
        tag: LOANS,
        attributes: {
          type: 'short_term|long_term',
          'no-bik': '',
          'no-income-proof': '',
          exclude: 'gotowka24.example|kredytok.example',
          ordering: 'max_loan_amount',
          limit: '2',
          highlight: '1',
          layout: 'list',
        },
        // No BIK check and no proof of income, either type: gotowka24 and kredytok
        // (excluded), pozyczkaplus, chwilowkaexpress, xss-pozyczka (pulapka's link is
        // javascript:, niepelna's checks unknown); by max amount 3000, 2500, 1500; two.
        offers: ['pozyczkaplus.example', 'xss-pozyczka.example'],
        recommended: 1,
        layout: 'list',
      },
    ],
  },
};

test('the cases agree with known.comparison and known.loans.offers', () => {
  const [, loans] = posts['a review'].widgets;
  assert.ok(loans.tag === LOANS);
  for (const domain of loans.offers) {
    assert.equal(terms(domain).loan_type, 'short_term', domain);
    assert.equal(terms(domain).first_loan_fees, false, domain);
  }
  assert.deepEqual(
    [terms('pozyczkaplus.example').rating, terms('kasateraz.example').rating],
    [4.9, 4.9],
  );
  const [, ranking] = posts['a ranking'].widgets;
  assert.ok(ranking.tag === LOANS);
  const passing = known.loans.offers
    .filter(
      (offer) =>
        (offer as { customer_blacklist_check?: boolean | null }).customer_blacklist_check ===
          false && offer.customer_income_check === false,
    )
    .map((offer) => offer.domain);
  assert.deepEqual(passing, [
    'gotowka24.example',
    'pozyczkaplus.example',
    'chwilowkaexpress.example',
    'kredytok.example',
    'xss-pozyczka.example',
    'pulapka.example',
  ]);
  assert.deepEqual(
    ranking.offers.map((domain) => terms(domain).max_loan_amount),
    [3000, 2500],
    'the two highest of 3000, 1500, 2500',
  );
  assert.equal(terms('chwilowkaexpress.example').max_loan_amount, 1500);
  assert.equal(loansPage.get('pulapka.example')?.tracking_link.startsWith('javascript:'), true);
});

/** The post's elements of both tags, in page order: each one's start tag and whole text. */
function elements(html: string) {
  return [...html.matchAll(/<(pubnet-price-comparison|pubnet-loan-offers)\b[^>]*>/g)].map((m) => {
    const end = html.indexOf(`</${m[1]}>`, m.index);
    return {
      tag: m[1],
      start: m[0],
      whole: end < 0 ? '' : html.slice(m.index, end + `</${m[1]}>`.length),
    };
  });
}

/** A start tag's own attributes exactly, and the common ones. */
function assertAttributes(start: string, tag: string, want: Record<string, string>, what: string) {
  for (const name of OWN[tag])
    assert.equal(attribute(start, name), want[name], `${what}: ${name} on ${start}`);
  assert.equal(attribute(start, 'website-key'), guid, `${what}: the website key on ${start}`);
  assert.equal(attribute(start, 'sid'), SID, `${what}: the settings' SubID on ${start}`);
  assert.equal(attribute(start, 'lang'), 'pl-PL', `${what}: the site's language on ${start}`);
}

/** Nothing of the network's shortcodes, nor of the attributes we ignore, is in `html`. */
function assertNoLeftovers(html: string, what: string) {
  assert.doesNotMatch(html, /convertiser_|\[\/?convertiser/, `${what}: no shortcode text`);
  for (const value of IGNORED) assert.ok(!html.includes(value), `${what}: no "${value}"`);
  for (const { start } of elements(html))
    assert.doesNotMatch(start, /#f00|4CAF50|slider|red\b|random/i, `${what}: ${start}`);
}

/** What the browser shows of the page's elements, in page order (plain JavaScript text). */
const SHOWN = `(async () => {
  const out = [];
  for (const el of document.querySelectorAll('${COMPARISON}, ${LOANS}')) {
    await el.updateComplete;
    if (el.localName === '${COMPARISON}') {
      const rows = [...el.shadowRoot.querySelectorAll('li[part="row"]')];
      const lead = el.querySelector(':scope > p[slot="lead"]');
      const box = lead && lead.getBoundingClientRect();
      const first = rows[0] && rows[0].getBoundingClientRect();
      out.push({
        tag: el.localName,
        rows: rows.map((row) => {
          const a = row.querySelector('a[part="link"]');
          return { shop: row.querySelector('[part="shop"]').textContent.trim(), href: a.href, rel: a.rel };
        }),
        lead: lead && {
          text: lead.textContent,
          slotted: !!lead.assignedSlot && lead.assignedSlot.name === 'lead',
          visible: lead.checkVisibility() && box.width > 0 && box.height > 0,
          aboveRows: !!first && box.bottom <= first.top,
        },
      });
    } else {
      out.push({
        tag: el.localName,
        layout: el.shadowRoot.querySelector('ul[role="list"]').className,
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
          };
        }),
      });
    }
  }
  return out;
})()`;

interface ShownComparison {
  tag: typeof COMPARISON;
  rows: { shop: string; href: string; rel: string }[];
  lead: { text: string; slotted: boolean; visible: boolean; aboveRows: boolean } | null;
}
interface ShownLoans {
  tag: typeof LOANS;
  layout: string;
  offers: {
    title: string;
    href: string;
    rel: string;
    recommended: string | null;
    example: string | null;
  }[];
}

const sponsored = (rel: string) =>
  rel.split(/\s+/).includes('sponsored') && rel.split(/\s+/).includes('noopener');

/** Checks what the reader sees of each widget of `visited`. */
async function assertShown(visited: Visit, widgets: Widget[], what: string) {
  assert.deepEqual(
    visited.widgets.map((w) => [w.tag, w.loaded]),
    widgets.map((w) => [w.tag, true]),
    `${what}: the widgets, each fired pubnet-load: ${JSON.stringify(visited.widgets)}`,
  );
  assertLinks(visited, what);
  const shown = (await reader.evaluate(SHOWN)) as (ShownComparison | ShownLoans)[];
  const byTitle = new Map([...loansPage].map(([domain, offer]) => [offer.title, domain]));
  widgets.forEach((want, i) => {
    const got = shown[i];
    const which = `${what}, ${want.tag} ${i + 1}`;
    assert.equal(got.tag, want.tag, which);
    if (want.tag === COMPARISON && got.tag === COMPARISON) {
      assert.deepEqual(
        got.rows.map((row) => row.shop),
        want.rows,
        `${which}: the rows' shops, in order`,
      );
      for (const row of got.rows) {
        assert.ok(sponsored(row.rel), `${which}: ${row.shop}'s link has rel="${row.rel}"`);
        assert.match(row.href, /^http:\/\/127\.0\.0\.1:\d+\/click\//, `${which}: ${row.shop}`);
      }
      assert.deepEqual(
        got.lead,
        want.lead === null
          ? null
          : { text: want.lead, slotted: true, visible: true, aboveRows: true },
        `${which}: the lead, in its slot, visible above the rows (or none)`,
      );
    } else if (want.tag === LOANS && got.tag === LOANS) {
      assert.equal(got.layout, want.layout, `${which}: the layout`);
      assert.deepEqual(
        got.offers.map((offer) => byTitle.get(offer.title) ?? offer.title),
        want.offers,
        `${which}: the offers' lenders, in order`,
      );
      got.offers.forEach((offer, n) => {
        const answer = loansPage.get(want.offers[n])!;
        assert.ok(sponsored(offer.rel), `${which}: ${answer.domain} has rel="${offer.rel}"`);
        assert.equal(offer.href, answer.tracking_link, `${which}: ${answer.domain}'s link`);
        // Whatever show_loan_simulation said: the representative example, in full.
        assert.ok(answer.loan_simulation, `${which}: ${answer.domain} has an example`);
        assert.equal(offer.example, answer.loan_simulation, `${which}: ${answer.domain}'s example`);
        assert.equal(
          offer.recommended,
          n < want.recommended ? 'Polecane' : null,
          `${which}: ${answer.domain} marked recommended or not`,
        );
      });
    }
  });
}

test("unknown attributes and bad values are dropped, never printed; without what it searches by, nothing; our own attributes' names are not the network's", async () => {
  const link = await wp.createPost(
    'Stare wpisy, złe wartości',
    [
      // Our names (gtin, query, show) are not the network's: ignored too. A bad ordering and
      // limit dropped.
      `[convertiser_comparison title="Magnifica" gtin="${comparison.gtin}" query="other" show="image" ordering="random" limit="lots" card="yes" offer_weight="bolder" /]`,
      // Nothing to search by: nothing, the lead neither.
      `[convertiser_comparison ordering="asc" limit="5" offer_color="#123456"]Bez produktu[/convertiser_comparison]`,
      `[convertiser_comparison]`,
      // A type we have not, a name that is no domain, 0 and negative numbers, `yes` and unknown
      // flags, a random ordering, an unknown template; our names and bare flags ignored.
      `[convertiser_payday_offers type="payday,long_term" only="kasateraz.example,not a domain,javascript:alert(1)" exclude="" fixed_order="%%%" customer_age="-5" loan_amount="lots" loan_period="0" first_loan_fees="yes" blacklist_check="maybe" income_proof="" ordering="random" highlight="all" limit="500" template="table" show_loan_promotion="no" item_style="red" no_bik="1" layout="grid" pinned="kasateraz.example" sid="other" first_loan_free no_income_proof]`,
      // Nothing at all: every default; the numbers as they are; `false` and `0` are "no".
      `[convertiser_payday_offers]`,
      `[convertiser_payday_offers type="LONG_TERM" customer_age="30" loan_amount="2500" loan_period="365" first_loan_fees="false" blacklist_check="0" income_proof="NO" ordering="first_loan_max_period" highlight="0" limit="4" template="GRID"]`,
    ].join('\n\n'),
  );
  const html = await (await fetch(link)).text();
  const found = elements(html);
  assert.deepEqual(
    found.map((e) => e.tag),
    [COMPARISON, LOANS, LOANS, LOANS],
    found.map((e) => e.start).join('\n'),
  );
  const [searched, invalid, bare, valid] = found;
  assertAttributes(searched.start, COMPARISON, { query: 'Magnifica' }, 'a comparison');
  assert.equal(searched.whole, `${searched.start}</${COMPARISON}>`, 'no lead');
  assert.doesNotMatch(html, /Bez produktu/, 'no lead without an element');
  assertAttributes(
    invalid.start,
    LOANS,
    { type: 'long_term', only: 'kasateraz.example', limit: '100', layout: 'list' },
    'bad values',
  );
  assertAttributes(bare.start, LOANS, { layout: 'list' }, 'no attributes');
  assertAttributes(
    valid.start,
    LOANS,
    {
      type: 'long_term',
      'customer-age': '30',
      'loan-amount': '2500',
      'loan-period': '365',
      'first-loan-free': '',
      'no-bik': '',
      'no-income-proof': '',
      ordering: 'first_loan_max_period',
      highlight: '0',
      limit: '4',
      layout: 'grid',
    },
    'valid values',
  );
  assertNoLeftovers(html, 'bad values');
  const printed = found.map((e) => e.start).join('\n');
  assert.doesNotMatch(
    printed,
    /\b(?:payday|random|lots|all|table|maybe|other|bolder)\b|javascript|%%%|not a domain|#123456/,
  );
});

/** The posts, made under the first theme, read again under the second. */
const links = new Map<string, string>();

for (const theme of THEMES)
  test(`${theme}: a post written for the network's plugin shows our widgets through the built-in proxy, in the mapped order`, async () => {
    await wp.setTheme(theme);
    const sri = (
      await readFile(join(wp.contentDir, 'plugins/pubnet-widgets/assets/pubnet.min.js.sri'), 'utf8')
    ).trim();
    const failures: string[] = [];
    for (const [name, post] of Object.entries(posts)) {
      const what = `${theme}, ${name}`;
      try {
        let link = links.get(name);
        if (!link)
          links.set(name, (link = await wp.createPost(`Stary wpis: ${name}`, post.content)));
        const visited = await visit(reader, link);
        assert.equal(visited.status, 200, what);
        const found = elements(visited.html);
        assert.deepEqual(
          found.map((e) => e.tag),
          post.widgets.map((w) => w.tag),
          `${what}: our elements: ${excerpt(visited.html, visited.html.indexOf('<main'), 800)}`,
        );
        post.widgets.forEach((want, i) => {
          const { start, whole } = found[i];
          assertAttributes(start, want.tag, want.attributes, `${what}, ${want.tag}`);
          assert.equal(
            new URL(attribute(start, 'api') ?? '', link).href,
            `${wp.url}${PROXY_PATH}/`,
            `${what}: the built-in proxy as api on ${start}`,
          );
          const lead =
            want.tag === COMPARISON && want.lead ? `<p slot="lead">${want.lead}</p>` : '';
          assert.equal(whole, `${start}${lead}</${want.tag}>`, `${what}: ${want.tag} as printed`);
        });
        assertNoLeftovers(visited.html, what);
        assertCdnScript(visited, what, sri);
        // The space-reserving stylesheet in <head>: the post has widgets.
        const head = visited.html.slice(0, visited.html.indexOf('</head>'));
        assert.ok(
          startTags(head, 'link').some((l) =>
            /\/pubnet\.css\b/.test(attribute(l.text, 'href') ?? ''),
          ),
          `${what}: pubnet.css in <head>`,
        );
        await assertShown(visited, post.widgets, what);
        // The search and the payday-loans page through the plugin's proxy, once each; the
        // logos from the emulator's images; nothing anywhere else.
        const through = (method: string, path: string) =>
          visited.requests.filter(
            (r) => r.method === method && new URL(r.url).pathname === `${PROXY_PATH}${path}`,
          ).length;
        assert.equal(through('POST', '/publisher/products/'), 1, `${what}: one product search`);
        assert.equal(
          through('GET', `/publisher/payday-loans/${guid}`),
          1,
          `${what}: one read of the payday-loans page`,
        );
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

test("a plugin that registered [convertiser_comparison] first (the network's, during a switch) keeps it; ours takes it once that plugin is gone", async () => {
  const muPlugin = join(wp.contentDir, 'mu-plugins', 'pubnet-test-convertiser-stand-in.php');
  await writeFile(
    muPlugin,
    `<?php
// A stand-in for the network's own plugin, which registers its shortcodes as it loads.
add_shortcode('convertiser_comparison', static function () {
  return '<div class="their-comparison">theirs</div>';
});
`,
  );
  try {
    const link = await wp.createPost(
      'W trakcie zmiany wtyczki',
      `[convertiser_comparison mpn="${comparison.mpn}"]\n\n[convertiser_payday_offers type="long_term"]`,
    );
    const html = await (await fetch(link)).text();
    assert.match(html, /<div class="their-comparison">theirs<\/div>/, 'their comparison');
    assert.deepEqual(
      elements(html).map((e) => e.tag),
      [LOANS],
      'ours for the tag no other plugin has, none for theirs',
    );
    await rm(muPlugin);
    const later = await (await fetch(link)).text();
    assert.doesNotMatch(later, /their-comparison/);
    assert.deepEqual(
      elements(later).map((e) => e.tag),
      [COMPARISON, LOANS],
    );
  } finally {
    await rm(muPlugin, { force: true });
  }
});

test("debug.log holds no PHP error, warning or notice from the plugin's files", () =>
  noPluginErrors(wp));
