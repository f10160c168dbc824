// The blocks in WordPress's own block editor: the plugin's editor script (no
// build step) registers the five blocks, the inserter finds them, and a block
// inserted into a new post previews through server-side rendering: the
// server's element, with its attributes escaped, rendered by the plugin's
// bundle; the loan offers' sidebar fields (a select, a toggle) change it. In
// Chromium, logged in.
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

test('the editor script registers the five blocks, with no error', async () => {
  await editor.goto(`${wp.url}/wp-admin/post-new.php`);
  const names = await within(
    'the block editor',
    editor.waitForFunction(() => {
      const blocks = (
        window as unknown as { wp?: { blocks?: { getBlockTypes(): { name: string }[] } } }
      ).wp?.blocks;
      const ours = blocks?.getBlockTypes().filter((type) => type.name.startsWith('pubnet/'));
      return ours?.length === 5 && ours.map((type) => type.name).sort();
    }),
  );
  assert.deepEqual(await names.jsonValue(), [
    'pubnet/adslot',
    'pubnet/loan-offers',
    'pubnet/offer-link',
    'pubnet/price-comparison',
    'pubnet/products',
  ]);
  assert.deepEqual(errors, []);
});

test('the inserter finds each block by its title, the price comparison and the loan offers by Polish keywords', async () => {
  // The editor's welcome guide (a modal on a first visit) closes as a reader closes it.
  const guide = editor.getByRole('dialog');
  if (await guide.isVisible()) {
    await editor.keyboard.press('Escape');
    await guide.waitFor({ state: 'hidden' });
  }
  await editor.getByRole('button', { name: 'Toggle block inserter' }).click();
  const search = editor.getByRole('searchbox', { name: 'Search for blocks and patterns' });
  const found = async (words: string) => {
    await search.fill(words);
    const options = editor.locator('.block-editor-block-types-list__item');
    await within(`the inserter's results for "${words}"`, options.first().waitFor());
    return options.allInnerTexts();
  };
  for (const title of [
    'Pubnet ad slot',
    'Pubnet products',
    'Pubnet offer link',
    'Pubnet price comparison',
    'Pubnet loan offers',
  ])
    assert.ok((await found(title)).includes(title), `"${title}" in the inserter`);
  for (const [keyword, title] of [
    ['porównywarka', 'Pubnet price comparison'],
    ['pożyczki', 'Pubnet loan offers'],
    ['chwilówki', 'Pubnet loan offers'],
  ])
    assert.ok(
      (await found(keyword)).includes(title),
      `"${title}" found by its keyword "${keyword}"`,
    );
  await editor.getByRole('button', { name: 'Toggle block inserter' }).click();
  await search.waitFor({ state: 'hidden' });
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

test('a price comparison block previews through server-side rendering, its lead as a text child', async () => {
  await editor.evaluate(
    ({ mpn }) => {
      const { wp } = window as unknown as {
        wp: {
          blocks: { createBlock(name: string, attributes: object): unknown };
          data: { dispatch(store: string): { insertBlocks(block: unknown): void } };
        };
      };
      wp.data.dispatch('core/block-editor').insertBlocks(
        wp.blocks.createBlock('pubnet/price-comparison', {
          mpn,
          limit: '3',
          ordering: 'random',
          lead: 'Gdzie <b>kupić</b>:',
        }),
      );
    },
    { mpn: known.comparison.mpn },
  );
  const preview = await within(
    'the server-side rendered preview',
    (async () => {
      for (;;) {
        for (const frame of editor.frames()) {
          const comparison = await frame.$('pubnet-price-comparison');
          if (comparison) return comparison;
        }
        await editor.waitForEvent('requestfinished');
      }
    })(),
  );
  assert.equal(await preview.getAttribute('mpn'), known.comparison.mpn);
  assert.equal(await preview.getAttribute('limit'), '3');
  assert.equal(await preview.getAttribute('ordering'), null, 'an invalid ordering dropped');
  assert.equal(
    await preview.evaluate((el) =>
      [...el.children]
        .map(
          (child) => `${child.localName}[slot=${child.getAttribute('slot')}] ${child.textContent}`,
        )
        .join(', '),
    ),
    'p[slot=lead] Gdzie kupić:',
    'the lead as text',
  );
  assert.deepEqual(errors, []);
});

test("a loan offers block previews through server-side rendering; its sidebar's loan type and flags change it", async () => {
  await editor.evaluate(() => {
    const { wp } = window as unknown as {
      wp: {
        blocks: { createBlock(name: string, attributes: object): unknown };
        data: { dispatch(store: string): { insertBlocks(block: unknown): void } };
      };
    };
    // Inserted, it is the selected block: the sidebar shows its fields.
    wp.data.dispatch('core/block-editor').insertBlocks(
      wp.blocks.createBlock('pubnet/loan-offers', {
        type: 'long_term',
        limit: '4',
        layout: 'table',
        first_loan_free: true,
      }),
    );
  });
  /** The preview's element once `ready` holds of it (its attributes as the server printed them). */
  const preview = (what: string, ready: (attributes: Record<string, string>) => boolean) =>
    within(
      what,
      (async () => {
        for (;;) {
          for (const frame of editor.frames())
            for (const offers of await frame.$$('pubnet-loan-offers')) {
              const attributes = await offers.evaluate((el) =>
                Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
              );
              if (ready(attributes)) return attributes;
            }
          await editor.waitForEvent('requestfinished');
        }
      })(),
    );
  const first = await preview('the server-side rendered preview', () => true);
  assert.equal(first.type, 'long_term');
  assert.equal(first.limit, '4');
  assert.equal(first['first-loan-free'], '', 'a toggle on: a bare attribute');
  assert.equal(first.layout, undefined, 'an invalid layout dropped');
  assert.equal(first['no-bik'], undefined);

  const settings = editor.getByRole('button', { name: 'Settings', exact: true });
  const type = editor.getByLabel('Loan type');
  if (!(await type.isVisible())) await settings.click();
  assert.deepEqual(
    await type
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ['', 'short_term', 'long_term', 'short_term|long_term'],
    'the loan types, both among them',
  );
  assert.deepEqual(
    await editor
      .getByLabel('Order (highest first)')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    [
      '',
      'rating',
      'max_loan_amount',
      'max_loan_period',
      'first_loan_max_amount',
      'first_loan_max_period',
    ],
  );
  await type.selectOption('short_term|long_term');
  await editor.getByLabel('No credit register check (BIK)').check();
  await editor.getByLabel('Layout').selectOption('grid');
  const changed = await preview(
    'the preview with both types, no BIK and a grid',
    (attributes) => attributes.type === 'short_term|long_term' && 'no-bik' in attributes,
  );
  assert.equal(changed.layout, 'grid');
  assert.equal(changed['first-loan-free'], '');
  assert.deepEqual(errors, []);
});
