// The plugin's admin in Polish (issue 36, "In Polish"): on a site whose language is Polish
// (WPLANG pl_PL; WordPress's own catalogue left empty, so its words stay English), the plugin
// loads its own translations from the zip's languages/: the plugins list shows its
// description in Polish, the settings page (Settings → Pubnet Widgets) its labels, notes and
// notices, the block inserter its five blocks by their Polish titles, and the block's sidebar
// its fields. In Chromium, logged in. The files themselves are test/wordpress/i18n.test.ts's.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { within } from '../e2e/support/widgets.js';
import { parsePo } from '../../scripts/build/wordpress-i18n.mjs';
import {
  TOKEN,
  pluginZip,
  saveSettings,
  startApi,
  type Api,
  speakPolish,
} from './support/pubnet.js';
import { startWordPress, type WordPress } from './support/wordpress.js';
import { startTogether } from '../support/start-together.js';

let wp: WordPress;
let api: Api;
let browser: Browser;
let admin: Page;
const errors: string[] = [];

/** The Polish catalogue: msgid to its translation. */
const polish = new Map(
  parsePo(
    readFileSync(
      fileURLToPath(new URL('../../wordpress/languages/pubnet-widgets-pl_PL.po', import.meta.url)),
      'utf8',
    ),
  )
    .filter((entry) => entry.msgid !== '' && entry.msgctxt === undefined)
    .map((entry) => [entry.msgid, entry.msgstr[0]]),
);
/** The Polish of `msgid`, which must be in the catalogue. */
const pl = (msgid: string) => {
  const text = polish.get(msgid);
  assert.ok(text, `"${msgid}" in the catalogue`);
  return text;
};

before(async () => {
  [api, wp, browser] = await startTogether(
    startApi(),
    startWordPress({ pluginZip: pluginZip(), activate: 'php' }),
    launchBrowser(),
  );
  // No website key yet: the settings page warns about it.
  await saveSettings(wp, { token: TOKEN, api_base: api.url, proxy: 'builtin' });
  await speakPolish(wp);
  admin = await wp.adminPage(browser);
  admin.on('pageerror', (error) => errors.push(error.message));
});

after(() => Promise.allSettled([browser?.close(), api?.close(), wp?.close()]));

/** The settings page's own part (not WordPress's menus), its text as a reader sees it. */
const settingsText = async () => {
  const wrap = admin.locator('.wrap');
  // The save button is WordPress's ("Save Changes"), left out.
  return (await wrap.innerText()).replace(/Save Changes/g, '');
};

test('the site is in Polish, and the plugins list shows the plugin’s description in Polish', async () => {
  assert.equal((await wp.php('echo get_locale();')).trim(), 'pl_PL');
  await admin.goto(`${wp.url}/wp-admin/plugins.php`);
  const row = admin.locator('tr[data-plugin="pubnet-widgets/pubnet-widgets.php"]');
  assert.match(await row.innerText(), /Widżety afiliacyjne Convertiser: miejsca reklamowe/);
  assert.equal(await row.getByRole('link', { name: 'Ustawienia', exact: true }).count(), 1);
});

test('the settings page reads in Polish: its labels, notes and the missing website key’s notice', async () => {
  await admin.goto(`${wp.url}/wp-admin/options-general.php?page=pubnet-widgets`);
  const text = await settingsText();
  for (const msgid of [
    'API token',
    'Website key',
    'API base URL',
    'Deep-link hosts',
    'Auto-linking',
    'Excluded domains',
    'Consent',
    'Clear the stored token',
    "Built-in (this site's REST API)",
    "The page's TCF consent platform (CMP)",
  ])
    assert.ok(text.includes(pl(msgid)), `"${pl(msgid)}" (${msgid}) on the page`);
  assert.ok(
    text.includes(
      pl(
        "No Website key is set: the built-in proxy refuses (403) every request that names a website (product searches, tracking links, statistics, token pages) until it is. Enter the website's guid below.",
      ),
    ),
    'the notice of the missing website key, in Polish',
  );
  assert.equal(await admin.getByLabel(pl('Website key'), { exact: true }).count(), 1);
  // None of the English of a string whose Polish differs is left (whole words, case kept).
  const english = [...polish]
    .filter(([msgid, text]) => text !== msgid && !/%/.test(msgid))
    .map(([msgid]) => msgid)
    .filter((msgid) =>
      new RegExp(
        `(^|[^\\p{L}])${msgid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`,
        'u',
      ).test(text),
    );
  assert.deepEqual(english, [], 'English left on the settings page');
});

test('a settings error reads in Polish, the field named by its Polish label', async () => {
  await admin.fill('#pubnet_widgets_website_key', 'not-a-guid');
  await Promise.all([admin.waitForNavigation(), admin.locator('#submit').click()]);
  const notices = await admin.locator('#wpbody-content .notice').allInnerTexts();
  const expected = pl('%s: invalid value, the previous one is kept.').replace(
    '%s',
    pl('Website key'),
  );
  assert.ok(
    notices.some((notice) => notice.includes(expected)),
    `"${expected}" among ${JSON.stringify(notices)}`,
  );
  // Nothing was saved: the missing website key's notice is still there.
  assert.ok((await settingsText()).includes(pl('The website guid: the public website key.')));
  assert.equal(
    (await wp.php(`echo get_option('pubnet_widgets_settings')['website_key'] ?? '';`)).trim(),
    '',
  );
});

test('the block inserter lists the five blocks by their Polish titles', async () => {
  await admin.goto(`${wp.url}/wp-admin/post-new.php`);
  const titles = await within(
    'the block editor',
    admin.waitForFunction(() => {
      const blocks = (
        window as unknown as {
          wp?: { blocks?: { getBlockTypes(): { name: string; title: string }[] } };
        }
      ).wp?.blocks;
      const ours = blocks?.getBlockTypes().filter((type) => type.name.startsWith('pubnet/'));
      return ours?.length === 5 && Object.fromEntries(ours.map((type) => [type.name, type.title]));
    }),
  );
  const expected = {
    'pubnet/adslot': 'Pubnet: miejsce reklamowe',
    'pubnet/products': 'Pubnet: produkty',
    'pubnet/offer-link': 'Pubnet: link do oferty',
    'pubnet/price-comparison': 'Pubnet: porównywarka cen',
    'pubnet/loan-offers': 'Pubnet: oferty pożyczek',
  };
  assert.deepEqual(await titles.jsonValue(), expected);
  const guide = admin.getByRole('dialog');
  if (await guide.isVisible()) {
    await admin.keyboard.press('Escape');
    await guide.waitFor({ state: 'hidden' });
  }
  await admin.getByRole('button', { name: 'Toggle block inserter' }).click();
  const search = admin.getByRole('searchbox', { name: 'Search for blocks and patterns' });
  await search.fill('Pubnet');
  const options = admin.locator('.block-editor-block-types-list__item');
  await within('the inserter’s results for "Pubnet"', options.first().waitFor());
  const listed = await options.allInnerTexts();
  for (const title of Object.values(expected))
    assert.ok(listed.includes(title), `"${title}" in the inserter: ${JSON.stringify(listed)}`);
  // And found by a keyword's translation.
  await search.fill('afiliacja');
  await within('the inserter’s results for "afiliacja"', options.first().waitFor());
  assert.ok((await options.allInnerTexts()).includes(expected['pubnet/adslot']));
  await admin.getByRole('button', { name: 'Toggle block inserter' }).click();
  await search.waitFor({ state: 'hidden' });
  assert.deepEqual(errors, []);
});

test('a block’s sidebar and placeholder read in Polish (the editor script’s translations)', async () => {
  await admin.evaluate(() => {
    const { wp } = window as unknown as {
      wp: {
        blocks: { createBlock(name: string, attributes: object): unknown };
        data: { dispatch(store: string): { insertBlocks(block: unknown): void } };
      };
    };
    // Inserted, it is the selected block: the sidebar shows its fields. No ad slot yet: the
    // placeholder, not a preview.
    wp.data.dispatch('core/block-editor').insertBlocks(wp.blocks.createBlock('pubnet/adslot', {}));
  });
  const field = admin.getByLabel(pl('Ad slot id'), { exact: true });
  if (!(await field.isVisible()))
    await admin.getByRole('button', { name: 'Settings', exact: true }).click();
  await within('the ad slot’s field, labelled in Polish', field.waitFor());
  assert.equal(await admin.getByLabel('Ad slot id', { exact: true }).count(), 0);
  const sidebar = await admin.locator('.block-editor-block-inspector').innerText();
  assert.ok(sidebar.includes(pl('Optional; default from the settings.')), sidebar);
  for (const frame of admin.frames()) {
    const placeholder = await frame.$('.components-placeholder');
    if (placeholder) {
      assert.match(await placeholder.innerText(), /Uzupełnij pola w ustawieniach bloku\./);
      return;
    }
  }
  assert.fail('the ad slot’s placeholder');
});

test('the products block’s choices are labelled in Polish, their values the element’s', async () => {
  await admin.evaluate(() => {
    const { wp } = window as unknown as {
      wp: {
        blocks: { createBlock(name: string, attributes: object): unknown };
        data: { dispatch(store: string): { insertBlocks(block: unknown): void } };
      };
    };
    wp.data
      .dispatch('core/block-editor')
      .insertBlocks(wp.blocks.createBlock('pubnet/products', { query: 'słuchawki' }));
  });
  const order = admin.getByLabel(pl('Order'), { exact: true });
  await within('the products block’s order, labelled in Polish', order.waitFor());
  const options = await order
    .locator('option')
    .evaluateAll((all) => all.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
  assert.deepEqual(options, [
    ['', pl('Default')],
    ['-score', pl('Best match')],
    ['price', pl('Price, lowest first')],
    ['-price', pl('Price, highest first')],
    ['-discount', pl('Biggest discount first')],
    ['-updated_at', pl('Recently updated first')],
    ['title', pl('Title (A–Z)')],
  ]);
  const layout = await admin
    .getByLabel(pl('Layout'), { exact: true })
    .locator('option')
    .allInnerTexts();
  assert.deepEqual(layout, [pl('Default'), 'Siatka', 'Lista']);
  assert.deepEqual(errors, []);
});
