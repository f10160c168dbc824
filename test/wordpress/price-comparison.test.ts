// The price comparison in the WordPress plugin: [pubnet_price_comparison] (its enclosed text
// the lead) and the block pubnet/price-comparison (its `lead` attribute), in posts read in
// Chromium under the block theme and the classic theme, against the emulator's comparable
// products (known.comparison) through the plugin's own REST proxy; invalid values dropped;
// then server-rendered by a render endpoint (a TS proxy's /render/ routes) and taken over
// without an API request. One WordPress, one browser, one emulator for the whole file; the
// steps run in order (the render endpoint is set last).
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
  THEMES,
  PROXY_PATH,
} from './support/pubnet.js';
import { assertCdnScript, assertLinks, noPluginErrors, none } from './support/checks.js';
import { startWordPress, type WordPress } from './support/wordpress.js';
import { startTogether } from '../support/start-together.js';

const TAG = 'pubnet-price-comparison';
const { comparison } = known;
const guid = known.website.guid;
const shops = comparison.expected.map((row) => row.offer);

let wp: WordPress;
let api: Api;
let render: Awaited<ReturnType<typeof startRenderProxy>>;
let browser: Browser;
let reader: Page;

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
    sid: 'wp-compare',
    api_base: api.url,
    proxy: 'builtin',
    render_endpoint: '',
  });
  reader = await (await browser.newContext()).newPage();
  await recordWidgets(reader);
});

after(() => Promise.allSettled([browser?.close(), render?.close(), api?.close(), wp?.close()]));

/** The emulator's images (its stand-in for the shops' image and logo hosts). */
const images = () => new URL('/images/', api.url).href;

/** A post of the test: its content, and what its one element must be. */
interface Case {
  content: string;
  /** The element's own attributes, exactly (the common ones are checked apart). */
  attributes: Record<string, string>;
  /** The lead's text as printed (escaped), or null for none. */
  lead: string | null;
  /** The shops of its rows, in order. */
  rows: string[];
}

const cases: Record<string, Case> = {
  shortcode: {
    // Markup in the content is not the lead's: its text only, a script's with it dropped.
    content: `[pubnet_price_comparison gtin="${comparison.gtin}"]Gdzie kupić <em>najtaniej</em>:<script>alert(1)</script>[/pubnet_price_comparison]`,
    attributes: { gtin: comparison.gtin },
    lead: 'Gdzie kupić najtaniej:',
    rows: shops,
  },
  block: {
    content: `<!-- wp:pubnet/price-comparison {"mpn":"${comparison.mpn}","limit":"3"} /-->`,
    attributes: { mpn: comparison.mpn, limit: '3' },
    lead: null,
    rows: shops.slice(0, 3),
  },
  'block with a lead': {
    // As the block editor writes it: `<` in attribute JSON as \u003c.
    content: `<!-- wp:pubnet/price-comparison {"query":"${comparison.query}","ordering":"-price","show":"image brand","lead":"Ceny \\u003cb onclick=\\u0022x\\u0022\\u003edziś\\u003c/b\\u003e:"} /-->`,
    attributes: { query: comparison.query, ordering: '-price', show: 'image brand' },
    lead: 'Ceny dziś:',
    rows: [...shops].reverse(),
  },
};

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

/** The element's own attributes on its start tag, the common ones checked. */
function assertAttributes(start: string, want: Record<string, string>, what: string) {
  for (const name of ['gtin', 'mpn', 'query', 'ordering', 'limit', 'show'])
    assert.equal(attribute(start, name), want[name], `${what}: ${name} on ${start}`);
  assert.equal(attribute(start, 'website-key'), guid, `${what}: the website key on ${start}`);
  assert.equal(attribute(start, 'sid'), 'wp-compare', `${what}: the SubID on ${start}`);
  assert.equal(attribute(start, 'lang'), 'en-US', `${what}: the site's language on ${start}`);
}

/** What the browser shows of the page's element: its rows and its lead. */
interface Shown {
  rows: { shop: string; href: string; rel: string }[];
  lead: { text: string; slotted: boolean; visible: boolean; aboveRows: boolean } | null;
}

/** In-page code as plain JavaScript text (see recordWidgets). */
const SHOWN = `(async () => {
  const el = document.querySelector('${TAG}');
  await el.updateComplete;
  const rows = [...el.shadowRoot.querySelectorAll('li[part="row"]')];
  const lead = el.querySelector(':scope > p[slot="lead"]');
  const box = lead && lead.getBoundingClientRect();
  const first = rows[0] && rows[0].getBoundingClientRect();
  return {
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
  };
})()`;

/** Checks the rows and the lead the reader sees on `page`. */
async function assertShown(page: Visit, want: Case, what: string) {
  assert.equal(page.widgets.length, 1, `${what}: one widget`);
  const [widget] = page.widgets;
  assert.equal(widget.tag, TAG);
  assert.ok(widget.loaded, `${what}: ${JSON.stringify(widget)} fired pubnet-load`);
  assertLinks(page, what);
  const shown = (await reader.evaluate(SHOWN)) as Shown;
  assert.deepEqual(
    shown.rows.map((row) => row.shop),
    want.rows,
    `${what}: the rows' shops, in order`,
  );
  for (const row of shown.rows) {
    const rel = row.rel.split(/\s+/);
    assert.ok(
      rel.includes('sponsored') && rel.includes('noopener'),
      `${what}: ${row.shop}'s link ${row.href} has rel="${row.rel}"`,
    );
    assert.match(row.href, /^http:\/\/127\.0\.0\.1:\d+\/click\//, `${what}: ${row.shop}'s link`);
  }
  if (want.lead === null) assert.equal(shown.lead, null, `${what}: no lead`);
  else
    assert.deepEqual(
      shown.lead,
      { text: want.lead, slotted: true, visible: true, aboveRows: true },
      `${what}: the lead, in its slot, visible above the rows`,
    );
}

const links = new Map<string, string>();

test('invalid values are dropped, never printed; without a gtin, mpn or query nothing is printed', async () => {
  const link = await wp.createPost(
    'Pubnet comparison, invalid values',
    // Self-closed (`/]`): in a post that also encloses a lead, an open one would take in
    // everything up to the next closing tag (WordPress's own rule).
    [
      `[pubnet_price_comparison gtin="12ab" mpn="${comparison.mpn}" ordering="random" limit="lots" show="logo video" /]`,
      `[pubnet_price_comparison gtin="${comparison.gtin}" ordering="-price" limit="100" show=" brand  image brand" sid="bad sid!" /]`,
      `[pubnet_price_comparison gtin="123" ordering="price" limit="5"]Nothing to search[/pubnet_price_comparison]`,
      `[pubnet_price_comparison query='Magnifica "S" 22.110']Tanio <b onclick="alert(1)">i</b> szybko[/pubnet_price_comparison]`,
    ].join('\n\n'),
  );
  const html = await (await fetch(link)).text();
  const tags = startTags(html, TAG);
  assert.equal(tags.length, 3, `three elements: ${tags.map((t) => t.text).join(' ')}`);
  const [invalid, clamped, hostile] = tags.map((t) => t.text);
  for (const name of ['gtin', 'ordering', 'limit', 'show'])
    assert.equal(attribute(invalid, name), undefined, `${name} dropped: ${invalid}`);
  assert.equal(attribute(invalid, 'mpn'), comparison.mpn, invalid);
  assert.equal(attribute(clamped, 'gtin'), comparison.gtin, clamped);
  assert.equal(attribute(clamped, 'ordering'), '-price', clamped);
  assert.equal(attribute(clamped, 'limit'), '48', `at most 48: ${clamped}`);
  assert.equal(attribute(clamped, 'show'), 'brand image', `each part once: ${clamped}`);
  assert.equal(attribute(clamped, 'sid'), 'wp-compare', `the settings' SubID: ${clamped}`);
  assert.doesNotMatch(html, /Nothing to search/, 'no lead without an element');
  // Quotes escaped (tags in a shortcode's attribute WordPress itself refuses); the lead's tags
  // stripped, its text escaped.
  assert.equal(attribute(hostile, 'query'), 'Magnifica &quot;S&quot; 22.110', hostile);
  const { whole } = element(html.slice(html.indexOf(hostile)), 'the hostile one');
  assert.match(whole, /><p slot="lead">Tanio i szybko<\/p><\/pubnet-price-comparison>$/, whole);
  const printed = html.slice(tags[0].index, html.lastIndexOf(`</${TAG}>`));
  assert.doesNotMatch(printed, /<script|alert|onclick|<b\b|<em\b/, 'no markup of the post');
});

for (const theme of THEMES)
  test(`${theme}: the shortcode and the block show their rows through the built-in proxy, the lead above them`, async () => {
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
          links.set(name, (link = await wp.createPost(`Pubnet comparison ${name}`, want.content)));
        const page = await visit(reader, link);
        assert.equal(page.status, 200, what);
        const { start, whole } = element(page.html, what);
        assertAttributes(start, want.attributes, what);
        assert.equal(
          new URL(attribute(start, 'api') ?? '', link).href,
          `${wp.url}${PROXY_PATH}/`,
          `${what}: the built-in proxy as api on ${start}`,
        );
        assert.equal(
          whole,
          `${start}${want.lead === null ? '' : `<p slot="lead">${want.lead}</p>`}</${TAG}>`,
          `${what}: the element and its lead as printed`,
        );
        assertCdnScript(page, what, sri);
        // The space-reserving stylesheet in <head>: the page's content has a widget.
        const head = page.html.slice(0, page.html.indexOf('</head>'));
        assert.ok(
          startTags(head, 'link').some((l) =>
            /\/pubnet\.css\b/.test(attribute(l.text, 'href') ?? ''),
          ),
          `${what}: pubnet.css in <head>`,
        );
        await assertShown(page, want, what);
        // The search and the logos through the plugin's proxy, nothing anywhere else.
        const search = page.requests.filter(
          (r) =>
            r.method === 'POST' &&
            new URL(r.url).pathname === `${PROXY_PATH}/publisher/products/` &&
            new URL(r.url).searchParams.get('key') === guid,
        );
        assert.equal(search.length, 1, `${what}: one product search through the plugin's proxy`);
        const elsewhere = page.requests.filter(
          (r) => !r.url.startsWith(wp.url) && !r.url.startsWith(images()),
        );
        assert.deepEqual(elsewhere, [], `${what}: every request goes to the site`);
        const failed = page.responses.filter(
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
  test(`${theme}: with a render endpoint, the shortcode and the block arrive as its answer with the lead put in, and are taken over without an API request`, async () => {
    if (theme === THEMES[0]) await saveSettings(wp, { render_endpoint: render.url });
    await wp.setTheme(theme);
    const failures: string[] = [];
    for (const name of ['shortcode', 'block']) {
      const what = `${theme}, rendered ${name}`;
      const want = cases[name];
      try {
        // A fresh post: the first visits above must not have cached anything for it.
        const link = await wp.createPost(`Rendered comparison ${name} ${theme}`, want.content);
        const html = await (await fetch(link)).text();
        const asked = [
          ...new Set(
            render.asked.filter((u) => new URL(u).pathname === '/render/price-comparison/'),
          ),
        ];
        assert.ok(asked.length > 0, `${what}: the plugin asked /render/price-comparison/`);
        for (const u of asked) {
          const search = new URL(u).searchParams;
          assert.equal(search.get('website-key'), guid, `${what}: ${u}`);
          assert.equal(search.get('lang'), 'en-US', `${what}: ${u}`);
          assert.equal(search.get('api'), null, `${what}: ${u}`);
        }
        // The answer, byte for byte, with the lead (the publisher's) before its end tag.
        const lead = want.lead === null ? '' : `<p slot="lead">${want.lead}</p>`;
        const expected = (await Promise.all(asked.map(async (u) => (await fetch(u)).text()))).map(
          (fragment) => fragment.replace(new RegExp(`</${TAG}>\\s*$`), `${lead}</${TAG}>`),
        );
        const { start, whole } = element(html, what);
        assert.ok(
          expected.includes(whole),
          `${what}: the page holds the render endpoint's answer with the lead put in: ${excerpt(whole, whole.length - 200, 400)}`,
        );
        assertAttributes(start, want.attributes, what);
        assert.match(whole, /shadowrootmode="open"/, `${what}: a declarative shadow root`);

        const page = await visit(reader, link);
        await assertShown(page, want, what);
        const reads = page.requests.filter((r) => {
          const path = new URL(r.url).pathname;
          return (
            (path.startsWith(`${PROXY_PATH}/`) ||
              r.url.startsWith(render.url) ||
              r.url.startsWith(api.url)) &&
            !r.url.startsWith(images()) &&
            !path.endsWith('/publisher/products/stats/')
          );
        });
        assert.deepEqual(
          reads,
          [],
          `${what}: no API request from the browser (impression stats aside)`,
        );
      } catch (error) {
        failures.push(String((error as Error).message));
      }
    }
    none(failures);
  });

test("debug.log holds no PHP error, warning or notice from the plugin's files", () =>
  noPluginErrors(wp));
