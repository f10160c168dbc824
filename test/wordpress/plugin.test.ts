// The WordPress plugin (dist/wordpress/pubnet-widgets.zip), installed into a real
// WordPress (Debian's package) and used as a publisher would: activated on the
// Plugins screen, configured on its settings page, its shortcodes and blocks in
// posts read in Chromium under the block theme and the classic theme, against
// the emulator of the API through the plugin's own REST proxy, then with a
// render endpoint (a TS proxy's /render/ routes), then uninstalled. One
// WordPress, one browser, one emulator for the whole file; the steps run in
// order and build on each other.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import type { AllowListVector } from '../proxy/policy/allow-list-vectors.test.js';
import {
  PLUGIN_FILE,
  TOKEN,
  attribute,
  excerpt,
  known,
  leakIn,
  pluginZip,
  rawRequest,
  recordWidgets,
  startApi,
  startRenderProxy,
  startTags,
  visit,
  type Api,
  THEMES,
  PROXY_PATH,
} from './support/pubnet.js';
import { assertCdnScript, assertLinks, noPluginErrors, none, phpFiles } from './support/checks.js';
import { startWordPress, type WordPress } from './support/wordpress.js';
import { startTogether } from '../support/start-together.js';

const SETTINGS = '/wp-admin/options-general.php?page=pubnet-widgets';
const OPTION = 'pubnet_widgets_settings';
const guid = known.website.guid;
const deepLink = known.merchantUrl;

let wp: WordPress;
let api: Api;
let render: Awaited<ReturnType<typeof startRenderProxy>>;
let browser: Browser;
let admin: Page;
let reader: Page;
/** Everything the site answered, searched for the token at the end. */
const answers: { what: string; text: string }[] = [];

before(async () => {
  const zip = pluginZip();
  [api, wp, browser] = await startTogether(
    startApi(),
    startWordPress({ pluginZip: zip }),
    launchBrowser(),
  );
  render = await startRenderProxy(api.url);
  admin = await wp.adminPage(browser);
  reader = await (await browser.newContext()).newPage();
  await recordWidgets(reader);
});

after(async () => {
  await Promise.allSettled([browser?.close(), render?.close(), api?.close(), wp?.close()]);
});

/** The emulator's product images (its stand-in for the merchants' image hosts). */
const images = () => new URL('/images/', api.url).href;

const plugin = () => join(wp.contentDir, 'plugins', 'pubnet-widgets');

test('the zip holds the plugin folder with its generated routes, element table, public suffix list and CDN files; php -l passes on every PHP file', async () => {
  for (const file of [
    'pubnet-widgets.php',
    'uninstall.php',
    'includes/proxy/routes.php',
    'includes/elements/element-table.php',
    'includes/proxy/public-suffix-list.php',
    'assets/pubnet.min.js',
    'assets/pubnet.min.js.sri',
    'assets/pubnet.css',
  ])
    assert.ok(
      await readFile(join(plugin(), file)).then(
        () => true,
        () => false,
      ),
      `pubnet-widgets/${file} is in the zip`,
    );
  const files = await phpFiles(plugin());
  assert.ok(files.length >= 3, `${files.length} PHP files`);
  const { run } = await import('./support/process.js');
  const failures: string[] = [];
  await Promise.all(
    files.map((file) => run('php', ['-l', file]).catch((e: Error) => failures.push(e.message))),
  );
  none(failures);
});

test('the plugin is activated on the Plugins screen', async () => {
  await admin.goto(`${wp.url}/wp-admin/plugins.php`);
  const row = admin.locator(`tr[data-plugin="${PLUGIN_FILE}"]`);
  await Promise.all([
    admin.waitForURL(/plugins\.php\?activate=true/),
    row.locator('.activate a').click(),
  ]);
  assert.equal((await row.getAttribute('class'))?.split(/\s+/).includes('active'), true);
  assert.equal(
    await wp.php(`echo is_plugin_active('${PLUGIN_FILE}') ? 'yes' : 'no';`),
    'yes',
    'active',
  );
});

/** Fills the settings page as a publisher would and saves; the raw HTML of the page after saving. */
async function saveSettings(fields: {
  token?: string;
  websiteKey?: string;
  sid?: string;
  apiBase?: string;
  proxy?: 'builtin' | 'external';
  renderEndpoint?: string;
}): Promise<string> {
  await admin.goto(`${wp.url}${SETTINGS}`);
  const label = (text: string) => admin.getByLabel(text, { exact: true });
  if (fields.token !== undefined) await label('API token').fill(fields.token);
  if (fields.websiteKey !== undefined) await label('Website key').fill(fields.websiteKey);
  if (fields.sid !== undefined) await label('SubID').fill(fields.sid);
  if (fields.apiBase !== undefined) await label('API base URL').fill(fields.apiBase);
  if (fields.proxy)
    await admin.check(`input[type="radio"][name="${OPTION}[proxy]"][value="${fields.proxy}"]`);
  if (fields.renderEndpoint !== undefined)
    await label('Render endpoint').fill(fields.renderEndpoint);
  const [response] = await Promise.all([
    admin.waitForNavigation({ url: /settings-updated=true/ }),
    admin.locator('form[action$="options.php"] [type="submit"]').click(),
  ]);
  const html = (await response?.text()) ?? '';
  answers.push({ what: 'the settings page after saving', text: html });
  return html;
}

const stored = async () =>
  JSON.parse(
    await wp.php(
      `$s = get_option('${OPTION}'); if (is_array($s) && isset($s['token'])) { $s['token'] = $s['token'] === '' ? '' : hash('sha256', $s['token']); } echo wp_json_encode($s);`,
    ),
  ) as Record<string, string> | false;

const sha256 = async (text: string) =>
  (await import('node:crypto')).createHash('sha256').update(text).digest('hex');

test('settings are saved through the settings page; the page says the token is set and never shows it', async () => {
  const html = await saveSettings({
    token: TOKEN,
    websiteKey: guid,
    sid: 'wp-test',
    apiBase: api.url,
    proxy: 'builtin',
    renderEndpoint: '',
  });
  assert.equal(leakIn(html), undefined, 'no form of the token in the settings page');
  assert.doesNotMatch(html, /notice-error|error settings-error/, 'no settings error');
  const tokenInput = startTags(html, 'input').find(
    (t) => attribute(t.text, 'name') === `${OPTION}[token]`,
  );
  assert.ok(tokenInput, 'the token field is on the page');
  assert.equal(attribute(tokenInput.text, 'value') ?? '', '', 'the token field is empty');
  const row = admin.locator('tr', { has: admin.getByLabel('API token', { exact: true }) });
  const rowText = (await row.innerText()).replace(/\s+/g, ' ');
  assert.match(rowText, /\bset\b/, rowText);
  assert.doesNotMatch(rowText, /not set/, rowText);

  const settings = await stored();
  assert.ok(settings);
  assert.equal(settings.token, await sha256(TOKEN), 'the token as typed is stored');
  assert.equal(settings.website_key, guid);
  assert.equal(settings.sid, 'wp-test');
  assert.equal(settings.api_base, api.url.replace(/\/?$/, '/'));
  assert.equal(settings.proxy, 'builtin');
  assert.equal(settings.render_endpoint, '');

  // Saving again with the token field empty keeps the stored token.
  await saveSettings({ sid: 'wp-test' });
  assert.equal(((await stored()) || { token: '' }).token, await sha256(TOKEN));
});

const vectors = JSON.parse(
  await readFile(new URL('../proxy/policy/allow-list-vectors.json', import.meta.url), 'utf8'),
) as AllowListVector[];

/** Runs every shared vector against the plugin's proxy; what went otherwise. */
async function runVectors(url: (vector: AllowListVector) => string): Promise<string[]> {
  const wrong: string[] = [];
  for (const vector of vectors) {
    const before = api.emulator.requests.length;
    const target = url(vector);
    const answer = await rawRequest(wp.url, target, vector.method, vector.body);
    answers.push({ what: `${vector.method} ${target}`, text: answer.text });
    const forwarded = api.emulator.requests.slice(before);
    const upstream = forwarded.map((r) => `${r.method} ${r.path}`).join(', ');
    const label = `${vector.method} ${target} (${vector.why})`;
    if (vector.allowed && forwarded.length === 0)
      wrong.push(`${label}: not forwarded, ${answer.status} ${answer.text.slice(0, 200)}`);
    if (!vector.allowed && forwarded.length > 0) wrong.push(`${label}: forwarded as ${upstream}`);
    if (!vector.allowed && ![400, 403, 404, 405].includes(answer.status))
      wrong.push(`${label}: answered ${answer.status} ${answer.text.slice(0, 120)}`);
  }
  return wrong;
}

test('the built-in REST proxy forwards exactly the allow-list (the shared vectors)', async () => {
  none(await runVectors((v) => `${PROXY_PATH}${v.path}${v.query ?? ''}`));
});

test('…and so through ?rest_route=, which every WordPress answers, pretty permalinks or not', async () => {
  // Cached answers would hide whether a request is forwarded: a fresh cache.
  await wp.php(`delete_option('pubnet_widgets_api_cache'); wp_cache_flush();`);
  none(
    await runVectors(
      (v) => `/?rest_route=/pubnet/v1/api${v.path}${(v.query ?? '').replace('?', '&')}`,
    ),
  );
});

test('private routes are refused with 404 or 405', async () => {
  for (const path of ['/publisher/websites/', '/publisher/adslots/find/', '/my/']) {
    const answer = await rawRequest(wp.url, `${PROXY_PATH}${path}`);
    assert.ok([404, 405].includes(answer.status), `${path}: ${answer.status}`);
  }
});

/** The posts of the widget test: each shortcode and each block, alone in a post. */
const posts = {
  'adslot shortcode': `[pubnet_adslot adslot="${known.filterAdslot}"]`,
  'products shortcode': `[pubnet_products query="headphones" limit="4" sale="1"]`,
  'offer link shortcode': `[pubnet_offer_link offer="${known.offers[0]}" deep_link="${deepLink}"]Shop[/pubnet_offer_link]`,
  'adslot block': `<!-- wp:pubnet/adslot {"adslot":"${known.filterAdslot}"} /-->`,
  'products block': `<!-- wp:pubnet/products {"query":"headphones","limit":"4","sale":true} /-->`,
  'offer link block': `<!-- wp:pubnet/offer-link {"offer":"${known.offers[0]}","deep_link":"${deepLink}","text":"Shop"} /-->`,
};
/** All six in one post: still one CDN script. */
const allSix = Object.values(posts).join('\n\n');
const links = new Map<string, string>();

for (const theme of THEMES)
  test(`${theme}: each shortcode and block renders through the built-in proxy`, async () => {
    await wp.setTheme(theme);
    const sri = (await readFile(join(plugin(), 'assets/pubnet.min.js.sri'), 'utf8')).trim();
    const failures: string[] = [];
    for (const [name, content] of [...Object.entries(posts), ['all six', allSix]]) {
      const what = `${theme}, ${name}`;
      let link = links.get(name);
      if (!link) links.set(name, (link = await wp.createPost(`Pubnet ${name}`, content)));
      try {
        const page = await visit(reader, link);
        answers.push({ what, text: page.html });
        assert.equal(page.status, 200, what);
        assert.ok(
          page.widgets.length >= (name === 'all six' ? 6 : 1),
          `${what}: a widget on the page: ${excerpt(page.html, page.html.indexOf('<main'), 600)}`,
        );
        for (const widget of page.widgets)
          assert.ok(
            widget.loaded,
            `${what}: ${widget.tag} ${JSON.stringify(widget)} fired pubnet-load`,
          );
        assertLinks(page, what);
        assertCdnScript(page, what, sri);
        for (const tag of startTags(page.html, 'pubnet-(?:adslot|product-grid|offer-link)')) {
          const lang = attribute(tag.text, 'lang');
          assert.equal(lang, 'en-US', `${what}: the site's language on ${tag.text}`);
          const base = attribute(tag.text, 'api');
          assert.equal(
            base && new URL(base, link).href,
            `${wp.url}${PROXY_PATH}/`,
            `${what}: the built-in proxy as api on ${tag.text}`,
          );
        }
        const apiCalls = page.requests.filter((r) =>
          new URL(r.url).pathname.startsWith(`${PROXY_PATH}/`),
        );
        assert.ok(apiCalls.length > 0, `${what}: the widgets called ${PROXY_PATH}/`);
        const elsewhere = page.requests.filter(
          (r) =>
            !r.url.startsWith(wp.url) && !r.url.startsWith(images()) && !r.url.startsWith('data:'),
        );
        assert.deepEqual(elsewhere, [], `${what}: every request goes to the site`);
        // The plugin's proxy may answer from its cache: what counts is that the answers are good.
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
  test(`${theme}: with a render endpoint, slots and grids arrive byte-identical to its answer and are taken over without an API request`, async () => {
    if (theme === THEMES[0]) await saveSettings({ renderEndpoint: render.url });
    await wp.setTheme(theme);
    const failures: string[] = [];
    for (const name of [
      'adslot shortcode',
      'products shortcode',
      'adslot block',
      'products block',
    ]) {
      const what = `${theme}, ${name}`;
      try {
        const asked = render.asked.length;
        // A fresh post: the plugin may keep a render in a transient per post or attributes.
        const link = await wp.createPost(
          `Rendered ${name} ${theme}`,
          posts[name as keyof typeof posts],
        );
        const raw = await fetch(link);
        const html = await raw.text();
        answers.push({ what, text: html });
        // The render URLs the plugin asked for this kind of element (now, or earlier: it may cache).
        const tag = name.startsWith('adslot') ? 'pubnet-adslot' : 'pubnet-product-grid';
        const route = tag === 'pubnet-adslot' ? '/render/adslots/' : '/render/product-grid/';
        const candidates = [
          ...new Set(render.asked.filter((u) => new URL(u).pathname.startsWith(route))),
        ];
        assert.ok(
          candidates.length > 0,
          `${what}: the plugin asked the render endpoint for ${route} (asked: ${render.asked.slice(asked).join(' ') || 'nothing'})`,
        );
        const rendered = await Promise.all(candidates.map(async (u) => (await fetch(u)).text()));
        const match = rendered.find((fragment) => html.includes(fragment));
        if (!match) {
          const start = html.indexOf(`<${tag}`);
          const fragment = rendered[rendered.length - 1];
          let i = 0;
          while (start >= 0 && i < fragment.length && html[start + i] === fragment[i]) i++;
          assert.fail(
            `${what}: the page does not hold the render endpoint's answer byte for byte; ` +
              (start < 0
                ? `no <${tag} in the page: ${excerpt(html, html.indexOf('<main'), 600)}`
                : `first difference at byte ${i} of the element: page ${JSON.stringify(html.slice(start + i - 60, start + i + 80))} vs render ${JSON.stringify(fragment.slice(i - 60, i + 80))}`),
          );
        }
        assert.match(match, /shadowrootmode="open"/, `${what}: a declarative shadow root`);

        const page = await visit(reader, link);
        assert.ok(page.widgets.length >= 1, `${what}: a widget on the page`);
        for (const widget of page.widgets)
          assert.ok(widget.loaded, `${what}: ${widget.tag} fired pubnet-load`);
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
        assertLinks(page, what);
      } catch (error) {
        failures.push(String((error as Error).message));
      }
    }
    none(failures);
  });

test("render requests name the site's website key and language (get_bloginfo('language'))", async () => {
  const lang = await wp.php(`echo get_bloginfo('language');`);
  assert.equal(lang, 'en-US');
  const asked = render.asked.filter((u) => new URL(u).pathname.startsWith('/render/'));
  assert.ok(asked.length > 0, 'the render endpoint was asked');
  const wrong = asked.filter((u) => {
    const search = new URL(u).searchParams;
    // Ad slots take `key`; the grid its element's attributes (`website-key`).
    return search.get('lang') !== lang || (search.get('key') ?? search.get('website-key')) !== guid;
  });
  none(wrong.map((u) => `${u}: lang or key missing or wrong`));
});

test('every element of the registry has its shortcode; one the plugin has no function for gets its own attributes, escaped, and the common ones', async () => {
  const table = JSON.parse(
    await wp.php(`echo wp_json_encode(pubnet_widgets_elements());`),
  ) as Record<string, { attributes: string[]; shortcode: string | null }>;
  const { ELEMENTS } = await import('../../dist/components/registry.js');
  assert.deepEqual(
    Object.keys(table),
    ELEMENTS.map(({ tag }: { tag: string }) => tag),
  );
  for (const [tag, { shortcode }] of Object.entries(table))
    assert.equal(
      await wp.php(`echo shortcode_exists(${JSON.stringify(shortcode)}) ? 'yes' : 'no';`),
      'yes',
      `${tag}: [${shortcode}]`,
    );
  // The generic path, as an element added to the registry without a function of its own takes it.
  const html = await wp.php(
    `echo pubnet_widgets_element_html('pubnet-product-grid', array('query' => '"><script>x</script>', 'min_price' => '5', 'onclick' => 'x', 'api' => 'https://evil.example/'), '<b>text</b>');`,
  );
  assert.match(html, /^<pubnet-product-grid /);
  assert.match(html, / query="&quot;&gt;x"| query="&quot;&gt;"/);
  assert.match(html, / min-price="5"/);
  // The plugin's own API and the site's language, never the shortcode's.
  assert.match(html, / api="[^"]+\/wp-json\/pubnet\/v1\/api\/"/);
  assert.match(html, / website-key="[\w-]+"/);
  assert.match(html, / lang="en-US"/);
  assert.doesNotMatch(html, /onclick|evil\.example|<script|<b>/);
  assert.match(html, />&lt;b&gt;text&lt;\/b&gt;<\/pubnet-product-grid>$/);
});

test('the token appears in no page, admin page, REST answer or debug.log', async () => {
  const extra = [
    `${PROXY_PATH}/publisher/adslots/${known.filterAdslot}/?key=${guid}`,
    `/wp-json/`,
    `/wp-json/pubnet/v1`,
    `/wp-json/wp/v2/settings`,
  ];
  for (const path of extra) {
    const answer = await rawRequest(wp.url, path);
    answers.push({ what: `GET ${path}`, text: answer.text + JSON.stringify(answer.headers) });
  }
  const settingsPage = await admin.goto(`${wp.url}${SETTINGS}`);
  answers.push({ what: 'the settings page', text: (await settingsPage?.text()) ?? '' });
  const pluginsPage = await admin.goto(`${wp.url}/wp-admin/plugins.php`);
  answers.push({ what: 'the Plugins screen', text: (await pluginsPage?.text()) ?? '' });
  answers.push({ what: 'debug.log', text: await wp.log() });
  const leaks = answers
    .map(({ what, text }) => ({ what, form: leakIn(text), at: text.indexOf(leakIn(text) ?? '\0') }))
    .filter((l) => l.form !== undefined)
    .map((l) => `${l.what}: "${l.form}" at ${l.at}`);
  none(leaks);
  assert.ok(answers.length > 40, `${answers.length} answers searched`);
});

test("debug.log holds no PHP error, warning or notice from the plugin's files", () =>
  noPluginErrors(wp));

test('uninstalling removes the option and the bounded stores', async () => {
  assert.notEqual(await stored(), false, 'the option is there before');
  const rows = `global $wpdb; echo $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE 'pubnet\\_widgets\\_%'");`;
  assert.ok(Number(await wp.php(rows)) >= 3, 'the settings, the proxy cache and the budgets');
  const out = await wp.php(`
deactivate_plugins('${PLUGIN_FILE}');
uninstall_plugin('${PLUGIN_FILE}');
wp_cache_flush();
echo get_option('${OPTION}', 'gone') === 'gone' ? 'gone' : 'kept';`);
  assert.equal(out.trim(), 'gone');
  assert.equal(await wp.php(rows), '0', 'no option of the plugin is left');
});
