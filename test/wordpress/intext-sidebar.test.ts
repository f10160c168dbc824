// The block editor's In-text links panel (issue 47; embed contract, "In-text links setting":
// "The block editor's sidebar shows which mentions of the post would be linked"), in a real
// WordPress on a Polish site, against the emulator of the API: its route
// (`POST /wp-json/pubnet/v1/intext/mentions`) for editors only, bounded, reading no API (no
// lexicon yet: it says so, and none is built), its answer the links the front end renders for the
// same post; and the panel in Chromium, logged in: every mention of the post in reading order
// with its merchant and, in Polish, whether it would be linked or why not, updated after the
// author types a new mention (once they pause: no request a keystroke).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { within } from '../e2e/support/widgets.js';
import { formsOf } from '../../src/intext/forms.js';
import type { Lexicon, LexiconEntry } from '../../src/intext/index.js';
import {
  TOKEN,
  known,
  pluginZip,
  saveSettings,
  speakPolish,
  startApi,
  type Api,
} from './support/pubnet.js';
import { noPluginErrors } from './support/checks.js';
import { phpString, startWordPress, type WordPress } from './support/wordpress.js';
import { startTogether } from '../support/start-together.js';
import { pl } from './support/polish.js';

const ROUTE = '/wp-json/pubnet/v1/intext/mentions';
const LEXICON = '/wp-json/pubnet/v1/api/lexicon/';

interface Mention {
  text: string;
  merchant: string;
  site: string;
  url: string;
  linked: boolean;
  reason: string;
  words: number | null;
}
interface Answer {
  on: boolean;
  off: string | null;
  lexicon: boolean;
  max: number;
  per_words: number;
  walked: boolean;
  links: number;
  mentions: Mention[];
  more: boolean;
}

let wp: WordPress;
let api: Api;
let browser: Browser;
let editor: Page;
const errors: string[] = [];

/** The plugin's listings of the API's offers since `from` (its log's length then). */
const listings = (from: number) =>
  api.emulator.requests
    .slice(from)
    .filter((entry) => entry.path === '/publisher/offers/' && /[?&]page=/.test(entry.search))
    .length;
const log = () => api.emulator.requests.length;

/**
 * The route asked from the editor's page (the administrator's cookie and REST nonce), with
 * `body`: its status and answer.
 */
async function ask(body: unknown): Promise<{ status: number; answer: Answer & { code?: string } }> {
  return editor.evaluate(
    async ({ route, body }) => {
      const nonce = await (await fetch('/wp-admin/admin-ajax.php?action=rest-nonce')).text();
      const response = await fetch(route, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: response.status, answer: await response.json() };
    },
    { route: ROUTE, body },
  );
}

/** The route asked in PHP as the user `login` (rest_do_request): its status. */
const askAs = (login: string, post: number) =>
  wp.php(
    `wp_set_current_user(get_user_by('login', ${phpString(login)})->ID);` +
      `$request = new WP_REST_Request('POST', '/pubnet/v1/intext/mentions');` +
      `$request->set_body_params(array('post' => ${post}, 'content' => '<p>x</p>'));` +
      `echo rest_do_request($request)->get_status();`,
  );

/** `value` as an attribute's value is written: `&` and `"` as entities. */
const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The in-text links of a page source (the plugin's `rel`), as `href text`. */
const intextLinks = (html: string) =>
  [
    ...html.matchAll(
      /<a (?:data-pubnet-autolink="(?:content|comment)" )?href="([^"]*)" rel="sponsored noopener">([^<]*)<\/a>/g,
    ),
  ].map(([, href, text]) => `${href} ${text}`);

/** Filler: `count` Polish words with no merchant's name. */
const filler = (count: number) =>
  Array.from({ length: count }, (_, i) => ['kawa', 'herbata', 'dzisiaj', 'bardzo'][i % 4]).join(
    ' ',
  );

/** An entry of `lexicon` whose first name is a word that inflects, other than `not`. */
function inflecting(lexicon: Lexicon, ...not: LexiconEntry[]): LexiconEntry & { form: string } {
  const entry = lexicon.entries.find(
    (e) =>
      !not.some((n) => n.offer === e.offer) &&
      formsOf(e.names[0]!).length > 1 &&
      /^\p{L}+$/u.test(e.names[0]!),
  );
  assert.ok(entry, 'the lexicon has a merchant whose one-word name inflects');
  const forms = formsOf(entry.names[0]!);
  return { ...entry, form: forms[forms.length - 1]! };
}

/** A paragraph block. */
const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;

/** The panel's list once `ready` holds of it: `text | merchant | reason` a mention. */
async function panelList(what: string, ready: (lines: string[]) => boolean): Promise<string[]> {
  let last: string[] = [];
  const read = () =>
    editor
      .locator('.pubnet-intext-mentions > li')
      .evaluateAll((items) =>
        items.map(
          (li) =>
            `${li.querySelector('.pubnet-intext-text')?.textContent} | ${li
              .querySelector('.pubnet-intext-merchant')
              ?.textContent?.replace(
                /^\(|\)$/g,
                '',
              )} | ${li.querySelector('.pubnet-intext-reason')?.textContent}`,
        ),
      );
  let done = false;
  try {
    return await within(
      what,
      (async () => {
        while (!done) {
          last = await read();
          if (ready(last)) return last;
          await editor.waitForTimeout(100);
        }
        return last;
      })(),
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; the panel lists:\n${last.join('\n')}`);
  } finally {
    done = true;
  }
}

/** Opens the post `id` in the block editor with the document sidebar and the panel open. */
async function openEditor(id: number) {
  await editor.goto(`${wp.url}/wp-admin/post.php?post=${id}&action=edit`);
  await within(
    'the block editor',
    editor.waitForFunction(() => {
      const w = window as unknown as { wp?: { data?: { select(store: string): unknown } } };
      return !!w.wp?.data?.select('core/editor');
    }),
  );
  const guide = editor.getByRole('dialog');
  if (await guide.isVisible()) {
    await editor.keyboard.press('Escape');
    await guide.waitFor({ state: 'hidden' });
  }
  await editor.evaluate(() => {
    const { wp } = window as unknown as {
      wp: {
        data: {
          select(store: string): { isEditorPanelOpened(name: string): boolean };
          dispatch(store: string): {
            openGeneralSidebar(name: string): void;
            toggleEditorPanelOpened(name: string): void;
          };
        };
      };
    };
    wp.data.dispatch('core/edit-post').openGeneralSidebar('edit-post/document');
    const name = 'pubnet-intext/pubnet-intext-mentions';
    if (!wp.data.select('core/edit-post').isEditorPanelOpened(name))
      wp.data.dispatch('core/edit-post').toggleEditorPanelOpened(name);
  });
  await within(
    'the In-text links panel',
    editor.locator('.pubnet-intext-panel').waitFor({ state: 'visible' }),
  );
}

before(async () => {
  [api, wp, browser] = await startTogether(
    startApi(),
    startWordPress({ pluginZip: pluginZip(), activate: 'php' }),
    launchBrowser(),
  );
  await speakPolish(wp);
  await saveSettings(wp, {
    token: TOKEN,
    website_key: known.website.guid,
    api_base: api.url,
    proxy: 'builtin',
  });
  await wp.php(
    `wp_insert_user(array('user_login' => 'czytelnik', 'user_pass' => 'x-1234567', 'role' => 'subscriber'));` +
      `wp_insert_user(array('user_login' => 'wspolpracownik', 'user_pass' => 'x-1234567', 'role' => 'contributor'));`,
  );
  editor = await wp.adminPage(browser);
  editor.on('pageerror', (error) => errors.push(error.message));
});

after(() => Promise.allSettled([browser?.close(), api?.close(), wp?.close()]));

let postId: number;
let permalink: string;
let a: LexiconEntry & { form: string };
let b: LexiconEntry & { form: string };
let c: LexiconEntry & { form: string };
let d: LexiconEntry & { form: string };

test('no lexicon yet: the route says so and builds none (no API call), and the panel says it plainly', async () => {
  permalink = await wp.createPost('Szkic', paragraph('Kupiłem to w sklepie.'));
  postId = Number(await wp.php(`echo url_to_postid(${phpString(permalink)});`));
  const from = log();
  await openEditor(postId);
  const { status, answer } = await ask({ post: postId, content: paragraph('W sklepie.') });
  assert.equal(status, 200);
  assert.equal(answer.lexicon, false);
  assert.deepEqual(answer.mentions, []);
  assert.equal(answer.on, false);
  assert.equal(answer.off, 'off');
  await within(
    'the note that there is no lexicon',
    editor.locator('.pubnet-intext-note[data-note="no-lexicon"]').waitFor(),
  );
  assert.equal(
    await editor.locator('.pubnet-intext-note[data-note="no-lexicon"]').innerText(),
    pl(
      "There is no lexicon yet: the network's merchants are listed once the plugin has read them (Settings → Pubnet Widgets → In-text links).",
    ),
  );
  assert.equal(listings(from), 0, 'no listing of the API');
  assert.equal(
    await wp.php(`echo get_option('pubnet_widgets_lexicon_state') ? 'kept' : 'none';`),
    'none',
  );
});

test('editors only: a visitor gets 401, a subscriber 403, a contributor 403 for the post of another; content past 512 KiB 413; no content 400', async () => {
  const visitor = await fetch(`${wp.url}${ROUTE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ post: postId, content: '<p>x</p>' }),
  });
  assert.equal(visitor.status, 401);
  const noPost = await fetch(`${wp.url}${ROUTE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content: '<p>x</p>' }),
  });
  assert.equal(noPost.status, 401);
  assert.equal(await askAs('czytelnik', postId), '403');
  assert.equal(await askAs('czytelnik', 0), '403');
  assert.equal(await askAs('wspolpracownik', postId), '403', "another's published post");
  assert.equal(await askAs('admin', postId), '200');
  const big = await ask({ post: postId, content: `<p>${'a'.repeat(512 * 1024)}</p>` });
  assert.equal(big.status, 413);
  assert.equal(big.answer.code, 'pubnet_widgets_intext_too_large');
  const fits = await ask({ post: postId, content: 'a'.repeat(512 * 1024) });
  assert.equal(fits.status, 200);
  const none = await ask({ post: postId });
  assert.equal(none.status, 400);
  const bad = await ask({ post: postId, content: ['<p>x</p>'] });
  assert.equal(bad.status, 400);
});

test("the panel lists the post's mentions in reading order, with their merchants and, in Polish, why each is or is not linked", async () => {
  await saveSettings(wp, { intext: true });
  const served = await fetch(`${wp.url}${LEXICON}`);
  assert.equal(served.status, 200);
  const lexicon = (await served.json()) as Lexicon;
  a = inflecting(lexicon);
  b = inflecting(lexicon, a);
  c = inflecting(lexicon, a, b);
  d = inflecting(lexicon, a, b, c);
  const content = [
    `<!-- wp:heading -->\n<h2>Gdzie kupić: ${a.names[0]}</h2>\n<!-- /wp:heading -->`,
    paragraph(`Kupiłem słuchawki w ${a.form}, a kabel też w ${a.form}.`),
    paragraph(`${filler(160)} Potem znowu ${a.names[0]}.`),
    paragraph(`Sklep ${b.names[0]} ma <a href="${attr(b.url)}">swoją stronę</a>.`),
    paragraph(`A w ${c.form} było taniej.`),
  ].join('\n\n');
  await wp.php(
    `wp_update_post(array('ID' => ${postId}, 'post_content' => ${phpString(content)}));`,
  );
  await openEditor(postId);
  const expected = [
    `${a.names[0]} | ${a.names[0]} | ${pl('Not linked: inside a link, heading, code or another place never linked')}`,
    `${a.form} | ${a.names[0]} | ${pl('Would be linked')}`,
    `${a.form} | ${a.names[0]} | ${pl('Not linked: its paragraph has a link already')}`,
    `${a.names[0]} | ${a.names[0]} | ${pl('Not linked: this merchant is linked earlier in the post')}`,
    `${b.names[0]} | ${b.names[0]} | ${pl('Not linked: the post links to this merchant already')}`,
    `${c.form} | ${c.names[0]} | ${pl('Would be linked')}`,
  ];
  const lines = await panelList('the six mentions', (found) => found.length === 6);
  assert.deepEqual(lines, expected);
  assert.deepEqual(
    await editor
      .locator('.pubnet-intext-mentions > li')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-reason'))),
    ['closed', 'linked', 'paragraph', 'repeat', 'site', 'linked'],
  );
  assert.equal(
    await editor.locator('.pubnet-intext-panel .components-panel__body-toggle').innerText(),
    pl('In-text links'),
  );
  assert.deepEqual(errors, []);
});

test('it updates after the author types a new mention, once they pause (no request a keystroke); with no mention left, it says so', async () => {
  const asked: string[] = [];
  const listen = (request: { url(): string }) => {
    if (decodeURIComponent(request.url()).includes('/pubnet/v1/intext/mentions'))
      asked.push(request.url());
  };
  editor.on('request', listen);
  try {
    // A new paragraph at the end, typed as the author types it.
    await editor.evaluate(() => {
      const { wp } = window as unknown as {
        wp: {
          blocks: { createBlock(name: string, attributes: object): unknown };
          data: { dispatch(store: string): { insertBlocks(block: unknown): void } };
        };
      };
      wp.data
        .dispatch('core/block-editor')
        .insertBlocks(wp.blocks.createBlock('core/paragraph', {}));
    });
    const typed = `I jeszcze ${d.form}.`;
    const canvas =
      editor.frames().find((frame) => frame.name() === 'editor-canvas') ?? editor.mainFrame();
    const block = canvas.locator('p[data-type="core/paragraph"], p.wp-block-paragraph').last();
    await block.click();
    // Selecting a block shows the block's tab of the sidebar; the author goes back to the post's
    // (the block stays selected, the caret in it) and types there.
    await editor.evaluate(() =>
      (
        window as unknown as {
          wp: { data: { dispatch(store: string): { openGeneralSidebar(name: string): void } } };
        }
      ).wp.data
        .dispatch('core/edit-post')
        .openGeneralSidebar('edit-post/document'),
    );
    await panelList('the panel again', (found) => found.length === 6);
    const before = asked.length;
    // As fast as the browser takes keys: a busy machine stretches no gap towards the pause.
    await editor.keyboard.type(typed);
    const lines = await panelList('the typed mention', (found) => found.length === 7).catch(
      async (error: Error) => {
        const content = await editor.evaluate(() =>
          (
            window as unknown as {
              wp: { data: { select(store: string): { getEditedPostContent(): string } } };
            }
          ).wp.data
            .select('core/editor')
            .getEditedPostContent()
            .slice(-300),
        );
        throw new Error(`${error.message}\nthe post ends: ${content}; ${asked.length} requests`);
      },
    );
    assert.equal(
      lines[6],
      `${d.form} | ${d.names[0]} | ${pl(
        'Not linked: %1$d words after the previous link (fewer than %2$d)',
      )
        .replace('%1$d', '5')
        .replace('%2$d', '150')}`,
    );
    assert.ok(
      asked.length - before <= 2,
      `${asked.length - before} requests for ${typed.length} keystrokes: one after the pause`,
    );
    // The author's text with no mention left: the panel says so.
    await editor.evaluate(() => {
      const { wp } = window as unknown as {
        wp: {
          blocks: { createBlock(name: string, attributes: object): unknown };
          data: { dispatch(store: string): { resetBlocks(blocks: unknown[]): void } };
        };
      };
      wp.data
        .dispatch('core/block-editor')
        .resetBlocks([wp.blocks.createBlock('core/paragraph', { content: 'Nic tu nie ma.' })]);
    });
    const none = editor.locator('.pubnet-intext-note[data-note="none"]');
    await within('the note that no mention is found', none.waitFor());
    assert.equal(
      await none.innerText(),
      pl("No mention of the network's merchants found in the post."),
    );
    assert.equal(await editor.locator('.pubnet-intext-mentions').count(), 0);
  } finally {
    editor.off('request', listen);
  }
  assert.deepEqual(errors, []);
});

test("the route's report agrees with the links the front end renders for the saved post", async () => {
  const saved = await wp.php(`echo get_post_field('post_content', ${postId});`);
  const { status, answer } = await ask({ post: postId, content: saved });
  assert.equal(status, 200);
  assert.equal(answer.on, true);
  assert.equal(answer.lexicon, true);
  const html = await (await fetch(permalink)).text();
  const links = intextLinks(html);
  assert.equal(links.length, 2);
  assert.deepEqual(
    answer.mentions.filter((m) => m.linked).map((m) => `${attr(m.url)} ${m.text}`),
    links,
  );
  assert.equal(answer.links, links.length);
  // Off: nothing would be linked, and the panel's answer says why.
  await saveSettings(wp, { intext: false });
  try {
    const off = await ask({ post: postId, content: saved });
    assert.equal(off.answer.on, false);
    assert.equal(off.answer.off, 'off');
    assert.deepEqual(
      off.answer.mentions.map((m) => m.reason),
      answer.mentions.map((m) => (m.linked ? 'off' : m.reason)),
    );
    assert.deepEqual(intextLinks(await (await fetch(permalink)).text()), []);
  } finally {
    await saveSettings(wp, { intext: true });
  }
});

test("debug.log holds no PHP error, warning or notice from the plugin's files", () =>
  noPluginErrors(wp));
