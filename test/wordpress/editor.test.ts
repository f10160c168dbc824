// The blocks in WordPress's own block editor: the plugin's editor script (no
// build step) registers the three blocks, and a block inserted into a new post
// previews through server-side rendering: the server's element, with its
// attributes escaped, rendered by the plugin's bundle. In Chromium, logged in.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { within } from '../e2e/support/widgets.js';
import { TOKEN, known, pluginZip, startApi, type Api } from './support/pubnet.js';
import { startWordPress, type WordPress } from './support/wordpress.js';
import { startTogether } from '../support/start-together.js';

let wp: WordPress;
let api: Api;
let browser: Browser;
let editor: Page;
const errors: string[] = [];

before(async () => {
  [api, wp, browser] = await startTogether(
    startApi(),
    startWordPress({ pluginZip: pluginZip() }),
    launchBrowser(),
  );
  await wp.php(
    `activate_plugin('pubnet-widgets/pubnet-widgets.php');` +
      `update_option('pubnet_widgets_settings', array('token' => '${TOKEN}', 'website_key' => '${known.website.guid}', 'api_base' => '${api.url}', 'proxy' => 'builtin'));`,
  );
  editor = await wp.adminPage(browser);
  editor.on('pageerror', (error) => errors.push(error.message));
});

after(() => Promise.allSettled([browser?.close(), api?.close(), wp?.close()]));

test('the editor script registers the three blocks, with no error', async () => {
  await editor.goto(`${wp.url}/wp-admin/post-new.php`);
  const names = await within(
    'the block editor',
    editor.waitForFunction(() => {
      const blocks = (
        window as unknown as { wp?: { blocks?: { getBlockTypes(): { name: string }[] } } }
      ).wp?.blocks;
      const ours = blocks?.getBlockTypes().filter((type) => type.name.startsWith('pubnet/'));
      return ours?.length === 3 && ours.map((type) => type.name).sort();
    }),
  );
  assert.deepEqual(await names.jsonValue(), [
    'pubnet/adslot',
    'pubnet/offer-link',
    'pubnet/products',
  ]);
  assert.deepEqual(errors, []);
});

test('a products block previews through server-side rendering, escaped', async () => {
  await editor.evaluate(() => {
    const { wp } = window as unknown as {
      wp: {
        blocks: { createBlock(name: string, attributes: object): unknown };
        data: { dispatch(store: string): { insertBlocks(block: unknown): void } };
      };
    };
    wp.data
      .dispatch('core/block-editor')
      .insertBlocks(
        wp.blocks.createBlock('pubnet/products', { query: 'słuchawki "<b>"', limit: '2' }),
      );
  });
  // The preview is in the editor's canvas (an iframe in block themes, the page in others).
  const preview = await within(
    'the server-side rendered preview',
    (async () => {
      for (;;) {
        for (const frame of editor.frames()) {
          const grid = await frame.$('pubnet-product-grid');
          if (grid) return grid;
        }
        await editor.waitForEvent('requestfinished');
      }
    })(),
  );
  // Quotes kept (escaped), tags stripped as WordPress sanitises text: never markup.
  assert.equal(await preview.getAttribute('query'), 'słuchawki ""');
  assert.equal(await preview.getAttribute('limit'), '2');
  assert.equal(await preview.evaluate((grid) => grid.querySelector('b')), null);
  assert.deepEqual(errors, []);
});
