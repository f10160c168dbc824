// Auto-linking from the settings page (Settings → Pubnet Widgets → Auto-linking; embed
// contract, "Auto-linking setting"), in a real WordPress read in Chromium under the block
// theme and the classic theme, against the emulator of the API through the plugin's own REST
// proxy: off by default, and then nothing of it on a page; on, the plugin's copy of the
// auto-linking file once per page, with SRI, configured by its data-*, which rewrites a plain
// merchant link in a post and in a comment after the reader's consent (a TCF CMP's, or
// "always"), and leaves alone an excluded domain, an excluded class, and what is outside post
// content, comments and the include classes. One WordPress, one browser, one emulator for the
// whole file; the steps run in order and build on each other. Nothing waits on real time: the
// tests wait for the page's frames.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchPage, type PageProblems } from '../e2e/support/browser.js';
import { nextFrame, until } from '../e2e/support/widgets.js';
import {
  TOKEN,
  attribute,
  known,
  pluginZip,
  saveSettings,
  startApi,
  startTags,
  type Api,
  THEMES,
} from './support/pubnet.js';
import { noPluginErrors } from './support/checks.js';
import { phpString, startWordPress, type WordPress } from './support/wordpress.js';
import { startTogether } from '../support/start-together.js';

const SETTINGS = '/wp-admin/options-general.php?page=pubnet-widgets';
const OPTION = 'pubnet_widgets_settings';
const PROXY_PATH = '/wp-json/pubnet/v1/api/';
const FILE = 'pubnet-autolink.min.js';
const guid = known.website.guid;
/** A merchant page that offers.detect maps to an offer (MediaPoint). */
const merchant = known.merchantUrl;
/** A page of another merchant of the network (TechNova, offers[1]): its domain is excluded. */
const otherMerchant = 'https://www.technova.example/laptops?ref=blog';
const COMMENTER = 'Ada Reader';

let wp: WordPress;
let api: Api;
let browser: Browser;
let admin: Page;
/** A reader's browser without a consent platform. */
let plain: BrowserContext;
/** A reader's browser on a site with a TCF CMP that answers only when the test says so. */
let withCmp: BrowserContext;
let post: string;
const footer = () => join(wp.contentDir, 'mu-plugins', 'pubnet-test-autolink-footer.php');

/**
 * A TCF v2.2 CMP stub as a site has it in its head: it shows its banner (`cmpuishown`) and
 * tells its listeners the reader's choice only when the test calls `__grant()`. Plain
 * JavaScript: it runs in the page before any of its scripts.
 */
const CMP_STUB = `(() => {
  const listeners = [];
  const data = (eventStatus, consents) => ({ eventStatus, gdprApplies: true, listenerId: 1, purpose: { consents, legitimateInterests: {} } });
  window.__tcfapi = (command, version, callback) => {
    if (command === 'addEventListener') { listeners.push(callback); callback(data('cmpuishown', {}), true); }
  };
  window.__grant = () => listeners.forEach((listener) => listener(data('useractioncomplete', { 1: true }), true));
})();`;

/** The post: a merchant link, one to an excluded domain, one in an excluded class, an own link. */
const content = `<!-- wp:paragraph -->
<p>Our pick: <a id="content-link" href="${merchant}">these headphones</a>.</p>
<!-- /wp:paragraph -->

<!-- wp:paragraph -->
<p>Or a laptop from <a id="excluded-domain" href="${otherMerchant}">TechNova</a>.</p>
<!-- /wp:paragraph -->

<!-- wp:group {"className":"no-affiliate"} -->
<div class="wp-block-group no-affiliate"><!-- wp:paragraph -->
<p>Not an ad: <a id="excluded-class" href="${merchant}">the same shop</a>.</p>
<!-- /wp:paragraph --></div>
<!-- /wp:group -->

<!-- wp:paragraph -->
<p><a id="own-link" href="/about/">About us</a></p>
<!-- /wp:paragraph -->`;

before(async () => {
  [api, wp, browser] = await startTogether(
    startApi(),
    startWordPress({ pluginZip: pluginZip(), activate: 'php' }),
    launchBrowser(),
  );
  await saveSettings(wp, {
    token: TOKEN,
    website_key: guid,
    sid: 'wp-autolink',
    api_base: api.url,
    proxy: 'builtin',
    render_endpoint: '',
  });
  // Links outside post content and comments, in every page's footer: one in an include class.
  await writeFile(
    footer(),
    `<?php
add_action('wp_footer', static function () {
  echo '<div id="pubnet-test-footer"><p class="affiliate-box"><a id="included-link" href="${merchant}">Included</a></p><p><a id="outside-link" href="${merchant}">Outside</a></p></div>';
});
`,
  );
  // No Gravatar (the commenter's avatar): this machine has no internet.
  await wp.php(`update_option('show_avatars', 0);`);
  post = await wp.createPost('Auto-linking', content);
  const comment = `Bought mine <a id="comment-link" href="${merchant}">at this shop</a>, and <a id="comment-excluded" href="${otherMerchant}">not here</a>.`;
  const id = await wp.php(
    `echo wp_insert_comment(array('comment_post_ID' => url_to_postid(${phpString(post)}), 'comment_author' => ${phpString(COMMENTER)}, 'comment_author_email' => 'ada@example.com', 'comment_author_url' => ${phpString(merchant)}, 'comment_content' => ${phpString(comment)}, 'comment_approved' => 1));`,
  );
  assert.match(id, /^\d+$/, `the comment: ${id}`);
  admin = await wp.adminPage(browser);
  plain = await browser.newContext();
  withCmp = await browser.newContext();
  await withCmp.addInitScript(CMP_STUB);
});

after(async () => {
  await rm(footer(), { force: true }).catch(() => {});
  await Promise.allSettled([browser?.close(), api?.close(), wp?.close()]);
});

const plugin = () => join(wp.contentDir, 'plugins', 'pubnet-widgets');
const sri = async () => (await readFile(join(plugin(), `assets/${FILE}.sri`), 'utf8')).trim();

/** The option as stored (the token left out). */
const stored = async () =>
  JSON.parse(
    await wp.php(`$s = pubnet_widgets_settings(); unset($s['token']); echo wp_json_encode($s);`),
  ) as Record<string, unknown>;

interface Opened {
  page: Page;
  /** The page source as the server sent it. */
  html: string;
  /** Every URL the browser asked for. */
  requests: string[];
  /** The requests that failed, and why. */
  failed: string[];
  problems: PageProblems;
}

/** Opens `url` in a new page of `context` (goto waits for `load`: the deferred file has run). */
async function open(context: BrowserContext, url: string): Promise<Opened> {
  const page = await context.newPage();
  const problems = await watchPage(page);
  const requests: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('requestfailed', (request) =>
    failed.push(`${request.url()}: ${request.failure()?.errorText}`),
  );
  const response = await page.goto(url);
  assert.equal(response?.status(), 200, url);
  return { page, html: (await response?.text()) ?? '', requests, failed, problems };
}

/** Whether the link `selector` is rewritten (it keeps its original in data-pubnet-href). */
const isRewritten = (page: Page, selector: string) =>
  page.$eval(selector, (a) => a.hasAttribute('data-pubnet-href'));

/** The link once auto-linking rewrote it, after the reader's intent (focus). */
async function rewritten(page: Page, selector: string) {
  await page.focus(selector);
  await until(
    `${selector} rewritten`,
    () => isRewritten(page, selector),
    () => nextFrame(page),
  );
  return page.$eval(selector, (a) => ({
    href: (a as HTMLAnchorElement).href,
    original: a.getAttribute('data-pubnet-href'),
    rel: a.getAttribute('rel') ?? '',
  }));
}

/** Focuses each link (the reader's intent) and lets a few frames pass. */
async function intend(page: Page, selectors: string[]) {
  for (const selector of selectors) await page.focus(selector);
  for (let frame = 0; frame < 5; frame++) await nextFrame(page);
}

/** The page's requests to offers.detect for `host` (any of its hosts). */
const detects = (opened: Opened, host = '') =>
  opened.requests.filter(
    (url) => url.includes('/offers/detect/') && decodeURIComponent(url).includes(host),
  );

/** The auto-linking script tags of a page source. */
const autolinkTags = (html: string) =>
  startTags(html, 'script').filter((tag) => (attribute(tag.text, 'src') ?? '').includes(FILE));

/** What says auto-linking is on a page, in its source. */
const traces = (html: string) =>
  [FILE, 'data-pubnet-autolink', 'data-scope', 'Pubnet.autolink'].filter((trace) =>
    html.includes(trace),
  );

/** The selectors of data-exclude for a domain: after `//` or `.`, then `/ ? # :` or the end. */
const hostSelectors = (host: string) =>
  ['//', '.'].flatMap((before) => [
    `a[href$="${before}${host}" i]`,
    ...['/', '?', '#', ':'].map((after) => `a[href*="${before}${host}${after}" i]`),
  ]);

/** The links of the test page that auto-linking never rewrites, whatever the reader does. */
const NEVER = [
  '#excluded-domain',
  '#excluded-class',
  '#comment-excluded',
  '#own-link',
  '#outside-link',
];
/** The commenter's website link: outside the comment's text. */
const AUTHOR_LINK = `a:text-is("${COMMENTER}")`;

test('the zip holds the auto-linking file and its SRI hash, as the build made them', async () => {
  for (const file of [FILE, `${FILE}.sri`])
    assert.deepEqual(
      await readFile(join(plugin(), 'assets', file)),
      await readFile(new URL(`../../dist/cdn/${file}`, import.meta.url)),
      `pubnet-widgets/assets/${file}`,
    );
  assert.match(await sri(), /^sha384-[A-Za-z0-9+/=]+$/);
});

test('the settings page has the Auto-linking fields, off by default', async () => {
  await admin.goto(`${wp.url}${SETTINGS}`);
  const label = (text: string) => admin.getByLabel(text, { exact: true });
  assert.equal(await admin.locator('h2', { hasText: 'Auto-linking' }).count(), 1, 'its section');
  assert.equal(await label('Auto-linking').isChecked(), false, 'off');
  assert.equal(await label('Post content').isChecked(), true);
  assert.equal(await label('Comments').isChecked(), true);
  for (const field of ['Excluded domains', 'Include CSS classes', 'Exclude CSS classes'])
    assert.equal(await label(field).inputValue(), '', field);
  const consent = admin.locator(`input[type="radio"][name="${OPTION}[autolink_consent]"]`);
  assert.deepEqual(
    await consent.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ['tcf', 'always'],
  );
  assert.equal(
    await admin.isChecked(`input[name="${OPTION}[autolink_consent]"][value="tcf"]`),
    true,
  );
  const settings = await stored();
  assert.equal(settings.autolink, false);
  assert.equal(settings.autolink_consent, 'tcf');
});

for (const theme of THEMES)
  test(`${theme}, off: a post with merchant links has no auto-linking script, config or mark, and its links stay`, async () => {
    await wp.setTheme(theme);
    const opened = await open(plain, post);
    assert.deepEqual(traces(opened.html), [], 'nothing of auto-linking in the page source');
    assert.match(opened.html, /id="content-link"/, 'the post is on the page');
    assert.match(opened.html, /id="comment-link"/, 'the comment is on the page');
    await intend(opened.page, ['#content-link', '#comment-link', '#included-link']);
    assert.equal(await opened.page.evaluate(() => window.Pubnet?.autolink), undefined);
    for (const link of ['#content-link', '#comment-link', '#included-link'])
      assert.equal(await isRewritten(opened.page, link), false, link);
    assert.deepEqual(detects(opened), []);
    await opened.page.close();
  });

test('the settings page saves the Auto-linking fields and drops what is not a host or class name, with a notice', async () => {
  await admin.goto(`${wp.url}${SETTINGS}`);
  const label = (text: string) => admin.getByLabel(text, { exact: true });
  await label('Auto-linking').check();
  await label('Excluded domains').fill(
    'TechNova.example\nhttps://bad.example/, shop.example:8080\nexcluded-shop.example.',
  );
  await label('Include CSS classes').fill('.affiliate-box');
  await label('Exclude CSS classes').fill('no-affiliate, 9lives bad"quote');
  await admin.check(`input[name="${OPTION}[autolink_consent]"][value="tcf"]`);
  const [response] = await Promise.all([
    admin.waitForNavigation({ url: /settings-updated=true/ }),
    admin.locator('form[action$="options.php"] [type="submit"]').click(),
  ]);
  const html = (await response?.text()) ?? '';
  const settings = await stored();
  assert.equal(settings.autolink, true);
  assert.equal(settings.autolink_content, true);
  assert.equal(settings.autolink_comments, true);
  assert.deepEqual(settings.autolink_exclude_domains, [
    'technova.example',
    'excluded-shop.example',
  ]);
  assert.deepEqual(settings.autolink_include_classes, ['affiliate-box']);
  assert.deepEqual(settings.autolink_exclude_classes, ['no-affiliate']);
  assert.equal(settings.autolink_consent, 'tcf');
  // What was left out is named, escaped, and the rest of the settings is kept.
  const notices = (await admin.locator('.notice-warning').allInnerTexts()).join('\n');
  assert.match(
    notices,
    /Excluded domains: left out https:\/\/bad\.example\/, shop\.example:8080 \(not host names\)/,
  );
  assert.match(notices, /Exclude CSS classes: left out 9lives, bad"quote \(not CSS class names\)/);
  assert.ok(html.includes('bad&quot;quote') && !html.includes('bad"quote'), 'escaped');
  assert.equal(settings.website_key, guid);
  assert.equal(settings.sid, 'wp-autolink');
  // The page shows what is stored.
  assert.equal(await label('Auto-linking').isChecked(), true);
  assert.equal(
    await label('Excluded domains').inputValue(),
    'technova.example\nexcluded-shop.example',
  );
  assert.equal(await label('Exclude CSS classes').inputValue(), 'no-affiliate');
});

/** The data-* the script tag must have for the settings saved above, and `consent`. */
const expectedData = (consent?: 'manual') => ({
  api: `${wp.url}${PROXY_PATH}`,
  key: guid,
  sid: 'wp-autolink',
  scope: '[data-pubnet-autolink], .affiliate-box',
  exclude: [
    '.no-affiliate',
    ...hostSelectors('technova.example'),
    ...hostSelectors('excluded-shop.example'),
  ].join(', '),
  ...(consent ? { consent } : {}),
});

/** The page's one auto-linking script: in the body, deferred, with SRI; its data-*; loaded once. */
async function assertScript(opened: Opened, what: string, consent?: 'manual') {
  const tags = autolinkTags(opened.html);
  assert.equal(tags.length, 1, `${what}: one ${FILE} tag: ${tags.map((t) => t.text).join(' ')}`);
  const [tag] = tags;
  assert.ok(
    tag.index > opened.html.indexOf('</head>'),
    `${what}: in the body (footer): ${tag.text}`,
  );
  assert.equal(attribute(tag.text, 'integrity'), await sri(), `${what}: integrity`);
  assert.equal(attribute(tag.text, 'crossorigin'), 'anonymous', `${what}: crossorigin`);
  assert.equal(attribute(tag.text, 'defer'), '', `${what}: defer`);
  assert.match(
    attribute(tag.text, 'src') ?? '',
    /\/wp-content\/plugins\/pubnet-widgets\/assets\/pubnet-autolink\.min\.js\?ver=/,
  );
  const data = await opened.page.$eval(`script[src*="${FILE}"]`, (script) => ({
    ...(script as HTMLScriptElement).dataset,
  }));
  assert.deepEqual(data, expectedData(consent), `${what}: data-*`);
  assert.equal(
    opened.requests.filter((url) => url.includes(FILE)).length,
    1,
    `${what}: loaded once`,
  );
}

/** The marks in the page source: the post's and the comment's outside links, and no others. */
function assertMarks(html: string, what: string) {
  const marked = startTags(html, 'a')
    .filter((tag) => attribute(tag.text, 'data-pubnet-autolink') !== undefined)
    .map(
      (tag) =>
        `${attribute(tag.text, 'id') ?? attribute(tag.text, 'href')}=${attribute(tag.text, 'data-pubnet-autolink')}`,
    );
  assert.deepEqual(
    marked.sort(),
    [
      'comment-excluded=comment',
      'comment-link=comment',
      'content-link=content',
      'excluded-class=content',
      'excluded-domain=content',
    ],
    `${what}: the links of post content and comment text are marked, no others (own, author, footer)`,
  );
}

/** The rewritten link: to the emulator's click host, rel sponsored, its original kept. */
function assertTracking(
  link: { href: string; original: string | null; rel: string },
  what: string,
) {
  assert.ok(link.href.startsWith(new URL('/click/', api.url).href), `${what}: ${link.href}`);
  assert.equal(link.original, merchant, `${what}: data-pubnet-href`);
  assert.ok(link.rel.split(/\s+/).includes('sponsored'), `${what}: rel="${link.rel}"`);
}

/** What must stay as written after the others were rewritten: excluded and out of scope. */
async function assertNever(opened: Opened, what: string) {
  for (const selector of [...NEVER, AUTHOR_LINK])
    assert.equal(await isRewritten(opened.page, selector), false, `${what}: ${selector} untouched`);
  assert.deepEqual(
    detects(opened, 'technova.example'),
    [],
    `${what}: the excluded domain is never asked about`,
  );
  assert.deepEqual(opened.problems.pageErrors, [], what);
  assert.deepEqual(opened.failed, [], `${what}: failed requests`);
  assert.deepEqual(opened.problems.consoleErrors, [], what);
  assert.deepEqual(opened.problems.consoleWarnings, [], what);
}

for (const theme of THEMES)
  test(`${theme}, on with the TCF consent mode: nothing before the reader's consent; after it the post's and the comment's merchant links are tracking links; excluded and outside links are not`, async () => {
    await wp.setTheme(theme);
    const opened = await open(withCmp, post);
    const { page } = opened;
    await assertScript(opened, theme);
    assertMarks(opened.html, theme);
    assert.doesNotMatch(opened.html, /Pubnet\.autolink\.consent/, 'no consent call in TCF mode');
    // The excluded and outside links first: had they been candidates, their work would start first.
    await intend(page, [...NEVER, AUTHOR_LINK, '#content-link', '#comment-link', '#included-link']);
    for (const link of ['#content-link', '#comment-link', '#included-link'])
      assert.equal(await isRewritten(page, link), false, `${link} before consent`);
    assert.deepEqual(detects(opened), [], 'no request before consent');

    await page.evaluate(() => (window as unknown as { __grant(): void }).__grant());
    await page.focus('#own-link'); // leave the links, to focus them again
    await intend(page, [...NEVER, AUTHOR_LINK]);
    assertTracking(await rewritten(page, '#content-link'), `${theme}: the post's link`);
    assertTracking(await rewritten(page, '#comment-link'), `${theme}: the comment's link`);
    assertTracking(await rewritten(page, '#included-link'), `${theme}: the include class's link`);
    await assertNever(opened, theme);
    await page.close();
  });

for (const theme of THEMES)
  test(`${theme}, on with the consent mode "always": rewritten though the page's CMP never answers`, async () => {
    await saveSettings(wp, { autolink_consent: 'always' });
    await wp.setTheme(theme);
    const opened = await open(withCmp, post);
    const { page } = opened;
    await assertScript(opened, theme, 'manual');
    assertMarks(opened.html, theme);
    const inline = startTags(opened.html, 'script').find(
      (tag) => tag.index > autolinkTags(opened.html)[0]!.index,
    );
    assert.ok(
      inline && attribute(inline.text, 'src') === undefined,
      'an inline script after the file',
    );
    assert.match(
      opened.html.slice(inline.index, opened.html.indexOf('</script>', inline.index)),
      /Pubnet\.autolink\.consent\(true\)/,
    );
    await intend(page, [...NEVER, AUTHOR_LINK]);
    assertTracking(await rewritten(page, '#content-link'), `${theme}: the post's link`);
    assertTracking(await rewritten(page, '#comment-link'), `${theme}: the comment's link`);
    await assertNever(opened, theme);
    await page.close();
  });

test('without the exclusions, the same links are rewritten: the exclusions were what kept them', async () => {
  await saveSettings(wp, { autolink_exclude_domains: [], autolink_exclude_classes: [] });
  const opened = await open(plain, post);
  const data = await opened.page.$eval(`script[src*="${FILE}"]`, (s) => ({
    ...(s as HTMLScriptElement).dataset,
  }));
  assert.equal(data.exclude, undefined, 'no data-exclude');
  const domain = await rewritten(opened.page, '#excluded-domain');
  assert.ok(domain.href.startsWith(new URL('/click/', api.url).href), domain.href);
  assert.equal(domain.original, otherMerchant);
  assertTracking(await rewritten(opened.page, '#excluded-class'), 'the class no longer excluded');
  await opened.page.close();
});

test('the sanitize callback: flags, lists as arrays or text, an invalid consent mode kept, and idempotent', async () => {
  const sanitize = async (input: Record<string, unknown>) =>
    JSON.parse(
      await wp.php(
        `require_once ABSPATH . 'wp-admin/includes/template.php'; wp_set_current_user(1);` +
          `$once = pubnet_widgets_sanitize(json_decode(${phpString(JSON.stringify(input))}, true));` +
          `$errors = wp_list_pluck(get_settings_errors('${OPTION}'), 'code');` +
          `$twice = pubnet_widgets_sanitize($once); unset($once['token'], $twice['token']);` +
          `echo wp_json_encode(array('once' => $once, 'twice' => $twice, 'errors' => $errors));`,
      ),
    ) as { once: Record<string, unknown>; twice: Record<string, unknown>; errors: string[] };
  const result = await sanitize({
    autolink: '0',
    autolink_comments: 'yes',
    autolink_exclude_domains: ['Shop.Example', 'a b', 'x_y.example'],
    autolink_include_classes: 'one,two\n.three  -4bad',
    autolink_consent: 'sometimes',
  });
  assert.equal(result.once.autolink, false);
  assert.equal(result.once.autolink_comments, true);
  assert.deepEqual(result.once.autolink_exclude_domains, ['shop.example', 'a', 'b']);
  assert.deepEqual(result.once.autolink_include_classes, ['one', 'two', 'three']);
  assert.equal(result.once.autolink_consent, 'always', 'the stored mode is kept');
  assert.deepEqual(result.errors.sort(), [
    'pubnet_widgets_autolink_consent',
    'pubnet_widgets_autolink_exclude_domains',
    'pubnet_widgets_autolink_include_classes',
  ]);
  assert.deepEqual(result.twice, result.once, 'idempotent');
});

test('on with nowhere to work (no place ticked, no include class): nothing on the page, and the settings page says so', async () => {
  await saveSettings(wp, {
    autolink_content: false,
    autolink_comments: false,
    autolink_include_classes: [],
  });
  const html = await (await fetch(post)).text();
  assert.deepEqual(traces(html), []);
  assert.match(
    await wp.php(`pubnet_widgets_page_notices();`),
    /Auto-linking is on, but with nowhere to work/,
  );
  await saveSettings(wp, { autolink_content: true, autolink_comments: true });
  assert.doesNotMatch(await wp.php(`pubnet_widgets_page_notices();`), /nowhere to work/);
});

test('turned off on the settings page: nothing of it on the page again, in either theme', async () => {
  await admin.goto(`${wp.url}${SETTINGS}`);
  await admin.getByLabel('Auto-linking', { exact: true }).uncheck();
  await Promise.all([
    admin.waitForNavigation({ url: /settings-updated=true/ }),
    admin.locator('form[action$="options.php"] [type="submit"]').click(),
  ]);
  assert.equal((await stored()).autolink, false);
  for (const theme of THEMES) {
    await wp.setTheme(theme);
    const html = await (await fetch(post)).text();
    assert.deepEqual(traces(html), [], `${theme}: nothing of auto-linking`);
    assert.match(html, /id="comment-link"/, `${theme}: the comment is on the page`);
  }
});

test("debug.log holds no PHP error, warning or notice from the plugin's files", () =>
  noPluginErrors(wp));
