// In-text links in a real WordPress (Settings → Pubnet Widgets → In-text links; embed contract,
// "In-text links setting"; api-contract §15), on a Polish site, against the emulator of the API:
// the built-in proxy's /lexicon/ (built from the API's active offers, public an hour with an
// ETag, rebuilt at most once an hour whatever visitors ask, the last one kept when the API
// fails), the setting saved through the settings page, and posts and comments rendered under
// the block theme and the classic one with their mentions linked in the page source, the
// disclosure once, auto-linking's mark on the links (and, in Chromium, the tracking link it makes
// of one). What the matcher did is counted by the plugin's action `pubnet_widgets_intext_matched`
// (a must-use plugin writes each call to a file): a render that finds its links kept does no
// matching. The mentions are written from the lexicon the plugin built (a name of an entry and
// its Polish forms, src/intext/forms.ts), not from today's emulator titles. The plugin's clock is
// held by a must-use plugin (`pubnet_widgets_now`), so no test waits for an hour to pass.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { nextFrame, until } from '../e2e/support/widgets.js';
import { formsOf } from '../../src/intext/forms.js';
import { readLexicon, type Lexicon, type LexiconEntry } from '../../src/intext/index.js';
import {
  TOKEN,
  THEMES,
  known,
  pluginZip,
  rawRequest,
  saveSettings,
  speakPolish,
  startApi,
  type Api,
} from './support/pubnet.js';
import { installClock, noPluginErrors, setClock } from './support/checks.js';
import { phpString, startWordPress, type WordPress } from './support/wordpress.js';
import { startTogether } from '../support/start-together.js';
import { pl } from './support/polish.js';

const SETTINGS = '/wp-admin/options-general.php?page=pubnet-widgets';
const LEXICON = '/wp-json/pubnet/v1/api/lexicon/';
const guid = known.website.guid;
/** The plugin's clock (seconds), moved by the tests. */
const T0 = 1_800_000_000;
const HOUR = 3600;

let wp: WordPress;
let api: Api;
let browser: Browser;
let admin: Page;

const matchedFile = () => join(wp.contentDir, 'pubnet-test-matched');
/** What the matcher ran over so far (`post:<id>` or `comment:<id>`, one a run). */
const matched = async () =>
  (await readFile(matchedFile(), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ')[0]!);
/** The plugin's listings of the API's offers since `from` (its log's length then). */
const listings = (from: number) =>
  api.emulator.requests
    .slice(from)
    .filter((entry) => entry.path === '/publisher/offers/' && /[?&]page=/.test(entry.search))
    .length;
const log = () => api.emulator.requests.length;
const settings = (values: Record<string, unknown>) => saveSettings(wp, values);
const clock = (seconds: number) => setClock(wp, seconds);

/** `/lexicon/`'s answer, with `headers` sent. */
async function getLexicon(headers: Record<string, string> = {}, method = 'GET') {
  const answer = await fetch(`${wp.url}${LEXICON}`, { method, headers });
  const text = await answer.text();
  return { status: answer.status, headers: answer.headers, text };
}

/** The lexicon the plugin serves now. */
async function lexicon(): Promise<Lexicon> {
  const answer = await getLexicon();
  assert.equal(answer.status, 200, answer.text.slice(0, 300));
  return JSON.parse(answer.text) as Lexicon;
}

/** `value` as an attribute's value is written: `&` and `"` as entities. */
const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The page source of `url`. */
async function source(url: string): Promise<string> {
  const answer = await fetch(url);
  assert.equal(answer.status, 200, url);
  return answer.text();
}

/** The in-text links of a page source (the plugin's `rel`), as `href text`. */
const intextLinks = (html: string) =>
  [
    ...html.matchAll(
      /<a (?:data-pubnet-autolink="(?:content|comment)" )?href="([^"]*)" rel="sponsored noopener">([^<]*)<\/a>/g,
    ),
  ].map(([, href, text]) => `${href} ${text}`);

/** The disclosure paragraphs of a page source. */
const disclosures = (html: string) =>
  html.match(/<p class="pubnet-intext-disclosure">[^<]*<\/p>/g) ?? [];

/** An entry of `lexicon` whose first name is a word that inflects, other than `not`. */
function inflecting(lexicon: Lexicon, ...not: LexiconEntry[]): LexiconEntry & { form: string } {
  const entry = lexicon.entries.find(
    (e) => !not.some((n) => n.offer === e.offer) && formsOf(e.names[0]!).length > 1,
  );
  assert.ok(entry, 'the lexicon has a merchant whose name inflects');
  const forms = formsOf(entry.names[0]!);
  return { ...entry, form: forms[forms.length - 1]! };
}

/** The plugin's settings as stored (the token left out). */
const stored = async () =>
  JSON.parse(
    await wp.php(`$s = pubnet_widgets_settings(); unset($s['token']); echo wp_json_encode($s);`),
  ) as Record<string, unknown>;

/** Filler: `count` Polish words with no merchant's name. */
const filler = (count: number) =>
  Array.from({ length: count }, (_, i) => ['kawa', 'herbata', 'dzisiaj', 'bardzo'][i % 4]).join(
    ' ',
  );

before(async () => {
  [api, wp, browser] = await startTogether(
    startApi(),
    startWordPress({ pluginZip: pluginZip(), activate: 'php' }),
    launchBrowser(),
  );
  await installClock(wp);
  await clock(T0);
  await writeFile(
    join(wp.contentDir, 'mu-plugins', 'pubnet-test-intext-matched.php'),
    `<?php
// Each run of the in-text matcher, one line in a file the test reads.
add_action('pubnet_widgets_intext_matched', static function ($what, $links) {
  file_put_contents(WP_CONTENT_DIR . '/pubnet-test-matched', "$what $links\\n", FILE_APPEND);
}, 10, 2);
`,
  );
  await speakPolish(wp);
  await wp.php(`update_option('show_avatars', 0);`);
  await settings({ token: TOKEN, website_key: guid, api_base: api.url, proxy: 'builtin' });
  admin = await wp.adminPage(browser);
});

after(() => Promise.allSettled([browser?.close(), api?.close(), wp?.close()]));

let post: string;
let postId: number;

test('off by default: the settings page says so, a post is left as written, and nothing reads the API', async () => {
  const from = log();
  await admin.goto(`${wp.url}${SETTINGS}`);
  const label = (text: string) => admin.getByLabel(text, { exact: true });
  assert.equal(await admin.locator('h2', { hasText: pl('In-text links') }).count(), 1);
  assert.equal(await label(pl('In-text links')).isChecked(), false);
  assert.equal(await label(pl('Posts and pages')).isChecked(), true);
  assert.equal(await label(pl('Comments on them')).isChecked(), false);
  assert.equal(await label(pl('Links a post')).inputValue(), '8');
  assert.equal(
    await label(pl('Disclosure')).inputValue(),
    'Wpis zawiera linki afiliacyjne.',
    'the default disclosure, in Polish',
  );
  assert.match(await admin.locator('.wrap').innerText(), new RegExp(pl('Rebuild lexicon')));
  post = await wp.createPost('Wyłączone', '<p>Kupiłem to w MediaPoincie i w TechNovie.</p>');
  const html = await source(post);
  assert.deepEqual(intextLinks(html), []);
  assert.deepEqual(disclosures(html), []);
  assert.equal(listings(from), 0, 'no lexicon was read');
});

test('/lexicon/: the active offers by their plain titles and domains, public for an hour with an ETag, 304, CORS as the other routes', async () => {
  const from = log();
  const origin = 'https://reader.example';
  const answer = await getLexicon({ origin });
  assert.equal(answer.status, 200, answer.text.slice(0, 300));
  assert.equal(listings(from), 1, 'one listing');
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(answer.headers.get('cache-control'), 'public, max-age=3600');
  const body = JSON.parse(answer.text) as Lexicon;
  assert.equal(answer.headers.get('etag'), `"${body.version}"`);
  // As the Node proxy writes JSON: slashes and Unicode as they are.
  assert.equal(answer.text, JSON.stringify(body));
  // CORS as for a proxy route.
  const route = await fetch(
    `${wp.url}/wp-json/pubnet/v1/api/publisher/offers/${known.offers[0]}/`,
    {
      headers: { origin },
    },
  );
  assert.equal(answer.headers.get('access-control-allow-origin'), origin);
  assert.equal(
    answer.headers.get('access-control-allow-origin'),
    route.headers.get('access-control-allow-origin'),
  );
  // The API's offers: every active one with a page, by its title and its domain; no other.
  const offers = (await (
    await fetch(new URL('/publisher/offers/?page_size=100', api.url), {
      headers: { authorization: `Token ${TOKEN}` },
    })
  ).json()) as { results: { id: string; title: string; status: string; preview_url: string }[] };
  const active = offers.results.filter((o) => o.status === 'active' && o.preview_url);
  assert.ok(offers.results.length > active.length, 'the API has offers that are not active');
  assert.ok(
    active.some((o) => /[<>]/.test(o.title)),
    'the API has an active offer whose title holds markup',
  );
  assert.deepEqual(
    body.entries.map((e) => e.offer),
    active.map((o) => o.id),
  );
  for (const [i, entry] of body.entries.entries()) {
    const offer = active[i]!;
    assert.equal(entry.url, new URL(offer.preview_url).href);
    const domain = new URL(offer.preview_url).hostname.replace(/^www\./, '');
    // A plain name (api-contract §15): text only (no markup), at most 40 characters, a letter.
    const plain =
      offer.title.length <= 40 && /\p{L}/u.test(offer.title) && !/[<>&]/.test(offer.title);
    const title = plain ? [offer.title] : [];
    assert.deepEqual(entry.names, [...new Set([...title, domain])], offer.title);
  }
  // What every reader of a lexicon takes as it is: within §15's bounds.
  assert.deepEqual(readLexicon(body), body);
  assert.ok(Buffer.byteLength(answer.text) <= 256 * 1024);
  // 304 to its ETag (also among others, or weak); none to another.
  for (const tag of [`"${body.version}"`, `"x", W/"${body.version}"`, '*']) {
    const again = await getLexicon({ 'if-none-match': tag });
    assert.equal(again.status, 304, tag);
    assert.equal(again.text, '');
    assert.equal(again.headers.get('etag'), `"${body.version}"`);
    assert.equal(again.headers.get('cache-control'), 'public, max-age=3600');
  }
  assert.equal((await getLexicon({ 'if-none-match': '"other"' })).status, 200);
  const head = await getLexicon({}, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.text, '');
  const posted = await rawRequest(wp.url, LEXICON, 'POST', {});
  assert.equal(posted.status, 405);
  assert.equal(posted.headers['allow'], 'GET, HEAD');
  assert.equal(listings(from), 1, 'all of that from the one listing');
});

test('rebuilt at most once an hour whatever visitors ask; when the API fails, the last lexicon stays', async () => {
  const first = await lexicon();
  const from = log();
  for (let i = 0; i < 10; i++) await lexicon();
  await clock(T0 + HOUR - 1);
  await lexicon();
  assert.equal(listings(from), 0, 'none within the hour');
  // An hour on: the lexicon is served, and read again after the answer.
  await clock(T0 + HOUR);
  assert.deepEqual(await lexicon(), first);
  assert.equal(listings(from), 1, 'one listing an hour');
  for (let i = 0; i < 5; i++) await lexicon();
  assert.equal(listings(from), 1);
  // The API refuses the token: the listing fails, once an hour, and the lexicon stays.
  await settings({ token: 'tok-refused' });
  try {
    await clock(T0 + 2 * HOUR);
    assert.deepEqual(await lexicon(), first, 'the last lexicon served');
    assert.equal(listings(from), 2, 'the failed listing');
    for (let i = 0; i < 5; i++) assert.deepEqual(await lexicon(), first);
    assert.equal(listings(from), 2, 'not tried again within the hour');
    await clock(T0 + 3 * HOUR);
    assert.deepEqual(await lexicon(), first);
    assert.equal(listings(from), 3, 'tried again an hour later');
  } finally {
    await settings({ token: TOKEN });
  }
  await clock(T0 + 4 * HOUR);
  assert.deepEqual(await lexicon(), first);
  assert.equal(listings(from), 4);
  const state = JSON.parse(
    await wp.php(`echo wp_json_encode(get_option('pubnet_widgets_lexicon_state'));`),
  ) as { built: number; tried: number };
  assert.deepEqual([state.built, state.tried], [T0 + 4 * HOUR, T0 + 4 * HOUR]);
});

let a: LexiconEntry & { form: string };
let b: LexiconEntry & { form: string };
let c: LexiconEntry & { form: string };
let excluded: LexiconEntry;

test('the settings page saves In-text links: on, where, links a post, aliases (a bad line named), merchants never linked; the lexicon follows with no API call', async () => {
  const before = await lexicon();
  a = inflecting(before);
  b = inflecting(before, a);
  c = inflecting(before, a, b);
  excluded = before.entries.find((e) => ![a, b, c].some((n) => n.offer === e.offer))!;
  const domain = (entry: LexiconEntry) => new URL(entry.url).hostname.replace(/^www\./, '');
  await admin.goto(`${wp.url}${SETTINGS}`);
  const label = (text: string) => admin.getByLabel(text, { exact: true });
  await label(pl('In-text links')).check();
  await label(pl('Links a post')).fill('3');
  await label(pl('Aliases')).fill(`${domain(a)}: Punkt Mediów, Punkcik\nto nie jest wiersz`);
  await label(pl('Never linked')).fill(domain(excluded));
  const from = log();
  const [response] = await Promise.all([
    admin.waitForNavigation({ url: /settings-updated=true/ }),
    admin.locator('form[action$="options.php"] [type="submit"]').click(),
  ]);
  assert.equal(response?.status(), 200);
  const saved = await stored();
  assert.equal(saved.intext, true);
  assert.equal(saved.intext_content, true);
  assert.equal(saved.intext_comments, false);
  assert.equal(saved.intext_max, 3);
  assert.deepEqual(saved.intext_aliases, { [domain(a)]: ['Punkt Mediów', 'Punkcik'] });
  assert.deepEqual(saved.intext_exclude, [domain(excluded)]);
  assert.equal(saved.intext_disclosure, 'Wpis zawiera linki afiliacyjne.');
  const notices = (await admin.locator('.notice-warning').allInnerTexts()).join('\n');
  assert.ok(
    notices.includes(
      pl(
        'Aliases: left out %s (each line is a domain or an offer id, a colon, and names of at most 64 characters separated by commas); the others are saved.',
      ).replace('%s', 'to nie jest wiersz'),
    ),
    notices,
  );
  assert.equal(
    await label(pl('Aliases')).inputValue(),
    `${domain(a)}: Punkt Mediów, Punkcik`,
    'the page shows what is stored',
  );
  const after = await lexicon();
  assert.notEqual(after.version, before.version);
  assert.deepEqual(after.entries.find((e) => e.offer === a.offer)?.names, [
    ...a.names,
    'Punkt Mediów',
    'Punkcik',
  ]);
  assert.equal(
    after.entries.find((e) => e.offer === excluded.offer),
    undefined,
  );
  assert.equal(after.entries.length, before.entries.length - 1);
  assert.equal(listings(from), 0, 'made from the offers kept');
});

test('the Rebuild lexicon button reads the API now, within the hour, and says how many merchants it names', async () => {
  const from = log();
  await admin.goto(`${wp.url}${SETTINGS}`);
  await Promise.all([
    admin.waitForNavigation({ url: /pubnet-lexicon=rebuilt/ }),
    admin.locator('#pubnet-widgets-rebuild-lexicon').click(),
  ]);
  assert.equal(listings(from), 1);
  const count = (await lexicon()).entries.length;
  const notice = await admin.locator('.notice-success').innerText();
  assert.ok(
    notice.includes(
      pl('The lexicon was rebuilt: it names %d merchant.', 2).replace('%d', String(count)),
    ),
    notice,
  );
});

/** A post naming a, then b after 150 words, with what must never be linked between. */
const content = () => `<!-- wp:paragraph -->
<p>Kupiłem słuchawki w ${a.form}, a kabel w ${b.form}; potem znowu w ${a.form}.</p>
<!-- /wp:paragraph -->

<!-- wp:heading -->
<h2>${b.names[0]} w nagłówku</h2>
<!-- /wp:heading -->

<!-- wp:paragraph -->
<p>${filler(150)}</p>
<!-- /wp:paragraph -->

<!-- wp:paragraph -->
<p>Na koniec <code>${b.names[0]}</code> w kodzie i ${b.form} w tekście.</p>
<!-- /wp:paragraph -->`;

test('a post with Polish mentions: created', async () => {
  post = await wp.createPost('Zakupy', content());
  postId = Number(await wp.php(`echo url_to_postid(${phpString(post)});`));
  assert.ok(postId > 0);
  await writeFile(matchedFile(), '');
});

for (const theme of THEMES)
  test(`${theme}: the mentions are links in the page source, marked for auto-linking, each merchant once, one a paragraph, never in a heading or code; the disclosure once`, async () => {
    await wp.setTheme(theme);
    await settings({ autolink: true, autolink_consent: 'always' });
    const html = await source(post);
    assert.deepEqual(intextLinks(html), [`${attr(a.url)} ${a.form}`, `${attr(b.url)} ${b.form}`]);
    for (const entry of [a, b])
      assert.ok(
        html.includes(
          `<a data-pubnet-autolink="content" href="${attr(entry.url)}" rel="sponsored noopener">${entry.form}</a>`,
        ),
        `${entry.form}: marked for auto-linking`,
      );
    assert.ok(
      html.includes(`<h2 class="wp-block-heading">${b.names[0]} w nagłówku</h2>`) ||
        html.includes(`<h2>${b.names[0]} w nagłówku</h2>`),
      'the heading as written',
    );
    assert.ok(html.includes(`<code>${b.names[0]}</code>`));
    assert.deepEqual(disclosures(html), [
      '<p class="pubnet-intext-disclosure">Wpis zawiera linki afiliacyjne.</p>',
    ]);
    assert.ok(
      html.indexOf(disclosures(html)[0]!) > html.indexOf(`${b.form}</a>`),
      'after the post',
    );
    assert.deepEqual(await matched(), [`post:${postId}`], 'matched once, for both themes');
  });

test('in Chromium, auto-linking makes an in-text link a tracking link', async () => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(post);
    // The link is found by its text (its href changes when it is rewritten).
    const selector = '#intext-a';
    await page.evaluate(
      ({ url, text }) => {
        const link = [...document.querySelectorAll('a[rel="sponsored noopener"]')].find(
          (a) => a.getAttribute('href') === url && a.textContent === text,
        );
        if (link) link.id = 'intext-a';
      },
      { url: a.url, text: a.form },
    );
    await page.focus(selector);
    await until(
      'the in-text link rewritten',
      () => page.$eval(selector, (link) => link.hasAttribute('data-pubnet-href')),
      () => nextFrame(page),
    );
    const link = await page.$eval(selector, (l) => ({
      href: (l as HTMLAnchorElement).href,
      original: l.getAttribute('data-pubnet-href'),
    }));
    assert.ok(link.href.startsWith(new URL('/click/', api.url).href), link.href);
    assert.equal(link.original, a.url);
  } finally {
    await context.close();
    await settings({ autolink: false });
  }
});

test('kept: another render does no matching; a new revision, or a new lexicon, is matched again', async () => {
  const first = await source(post);
  assert.deepEqual(await matched(), [`post:${postId}`]);
  for (let i = 0; i < 3; i++) assert.equal(await source(post), first);
  assert.deepEqual(await matched(), [`post:${postId}`], 'no matching on a kept render');
  // A new revision: matched again (its links as the text now says).
  await wp.php(
    `wp_set_current_user(1); wp_update_post(wp_slash(array('ID' => ${postId}, 'post_content' => ${phpString(`${content()}\n<p>Dopisane.</p>`)})));`,
  );
  const revised = await source(post);
  assert.deepEqual(await matched(), [`post:${postId}`, `post:${postId}`]);
  assert.deepEqual(intextLinks(revised), intextLinks(first));
  await source(post);
  assert.equal((await matched()).length, 2);
  // A new lexicon (the aliases changed): matched again.
  await settings({
    intext_aliases: { [new URL(a.url).hostname.replace(/^www\./, '')]: ['Punkt'] },
  });
  // No one asked /lexicon/ for it: the render makes it from the offers kept.
  const from = log();
  await source(post);
  assert.equal((await matched()).length, 3);
  assert.equal(listings(from), 0);
  assert.ok((await lexicon()).entries.some((e) => e.names.includes('Punkt')));
  await source(post);
  assert.equal((await matched()).length, 3);
});

test('off: no links, no disclosure, no matching', async () => {
  await settings({ intext: false });
  try {
    const html = await source(post);
    assert.deepEqual(intextLinks(html), []);
    assert.deepEqual(disclosures(html), []);
    assert.equal((await matched()).length, 3);
  } finally {
    await settings({ intext: true });
  }
});

test('comments only when chosen; the post and its comments are one page to the limits, the disclosure once', async () => {
  const comment = (text: string) =>
    wp.php(
      `echo wp_insert_comment(array('comment_post_ID' => ${postId}, 'comment_author' => 'Ada', 'comment_author_email' => 'ada@example.com', 'comment_content' => ${phpString(text)}, 'comment_approved' => 1));`,
    );
  // a is linked in the post already; c comes 150 words after the post's last link.
  await comment(`Też byłam w ${a.form}.`);
  await comment(`${filler(150)} A potem w ${c.form}.`);
  let html = await source(post);
  assert.deepEqual(intextLinks(html).length, 2, 'comments not chosen: the post only');
  await settings({ intext_comments: true });
  html = await source(post);
  assert.deepEqual(intextLinks(html), [
    `${attr(a.url)} ${a.form}`,
    `${attr(b.url)} ${b.form}`,
    `${attr(c.url)} ${c.form}`,
  ]);
  assert.equal(disclosures(html).length, 1, 'the disclosure once, after the post');
  // Three links a post: a fourth merchant in a comment is not linked.
  const d = inflecting(await lexicon(), a, b, c, excluded);
  await comment(`${filler(150)} I jeszcze w ${d.form}.`);
  html = await source(post);
  assert.equal(intextLinks(html).length, 3);
  // A post whose content has no mention: its comment's link, and the disclosure after it.
  const other = await wp.createPost('Bez sklepów', '<p>Nic tu nie ma.</p>');
  const otherId = Number(await wp.php(`echo url_to_postid(${phpString(other)});`));
  await wp.php(
    `wp_insert_comment(array('comment_post_ID' => ${otherId}, 'comment_author' => 'Ada', 'comment_author_email' => 'ada@example.com', 'comment_content' => ${phpString(`Polecam ${a.form}.`)}, 'comment_approved' => 1));`,
  );
  html = await source(other);
  assert.deepEqual(intextLinks(html), [`${attr(a.url)} ${a.form}`]);
  assert.equal(disclosures(html).length, 1);
  assert.ok(html.indexOf(disclosures(html)[0]!) > html.indexOf(`${a.form}</a>`));
  await settings({ intext_comments: false });
});

test('not in feeds, REST answers or excerpts', async () => {
  const feed = await source(`${wp.url}/feed/`);
  assert.ok(feed.includes(a.form), 'the post is in the feed');
  assert.deepEqual(
    intextLinks(
      feed
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"'),
    ),
    [],
  );
  assert.ok(!feed.includes('pubnet-intext-disclosure'));
  const rest = (await (await fetch(`${wp.url}/wp-json/wp/v2/posts/${postId}`)).json()) as {
    content: { rendered: string };
  };
  assert.ok(rest.content.rendered.includes(a.form));
  assert.deepEqual(intextLinks(rest.content.rendered), []);
  const excerpt = await wp.php(
    `$GLOBALS['post'] = get_post(${postId}); setup_postdata($GLOBALS['post']); echo get_the_excerpt(${postId});`,
  );
  assert.ok(excerpt.includes('Kupiłem'), excerpt);
  assert.ok(!excerpt.includes('Wpis zawiera'), excerpt);
  // The page itself still has them.
  assert.equal(intextLinks(await source(post)).length, 2);
});

test("debug.log holds no PHP error, warning or notice from the plugin's files", () =>
  noPluginErrors(wp));
