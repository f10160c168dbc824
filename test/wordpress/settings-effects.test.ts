// The plugin's built-in proxy faces the internet and holds the token, as the
// Node proxy does (api-contract §12): bodies over 16 KiB and JSON deeper than
// 32 levels are refused before anything goes upstream, the website key is
// pinned, reads are cached by what the answer depends on (not by a query
// parameter the route drops), and an API that cannot be reached gives a short 502. And what the
// settings change in the elements: an external pubnet-proxy as their api, the
// site's language as their lang.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  TOKEN,
  known,
  leakIn,
  pluginZip,
  rawRequest,
  saveSettings,
  startApi,
  type Api,
  speakPolish,
} from './support/pubnet.js';
import { phpString, startWordPress, type WordPress } from './support/wordpress.js';
import { startTogether } from '../support/start-together.js';

const PROXY = '/wp-json/pubnet/v1/api';
const SEARCH = `${PROXY}/publisher/products/`;
const guid = known.website.guid;

let wp: WordPress;
let api: Api;

/** Saves the plugin's settings directly (the settings page has its own test). */
const settings = (values: Record<string, string>) => saveSettings(wp, values);

/** The API requests the emulator got for `path` since `from`. */
const upstream = (from: number, path = '/publisher/products/') =>
  api.emulator.requests.slice(from).filter((entry) => entry.path === path);

before(async () => {
  [api, wp] = await startTogether(startApi(), startWordPress({ pluginZip: pluginZip() }));
  await wp.php(`activate_plugin('pubnet-widgets/pubnet-widgets.php');`);
  await settings({ token: TOKEN, website_key: guid, api_base: api.url, proxy: 'builtin' });
});

after(() => Promise.allSettled([api?.close(), wp?.close()]));

test('a body over 16 KiB is refused with 413, and nothing goes upstream', async () => {
  const from = api.emulator.requests.length;
  const answer = await rawRequest(wp.url, `${SEARCH}?key=${guid}`, 'POST', {
    filters: [{ any: { lookup: 'contains', value: 'x'.repeat(17 * 1024) } }],
  });
  assert.equal(answer.status, 413, answer.text.slice(0, 200));
  assert.deepEqual(upstream(from), []);
});

test('JSON nested deeper than 32 levels is refused with 400, and nothing goes upstream', async () => {
  const from = api.emulator.requests.length;
  let deep: unknown = 'x';
  for (let i = 0; i < 40; i++) deep = [deep];
  const answer = await rawRequest(wp.url, `${SEARCH}?key=${guid}`, 'POST', { filters: deep });
  assert.equal(answer.status, 400, answer.text.slice(0, 200));
  assert.deepEqual(upstream(from), []);
});

test('the website key is pinned: another one is 403, none is the configured one', async () => {
  const other = known.websites.secondActive.guid;
  const from = api.emulator.requests.length;
  const body = { filters: [{ any: { lookup: 'contains', value: 'pinned' } }] };
  assert.equal((await rawRequest(wp.url, `${SEARCH}?key=${other}`, 'POST', body)).status, 403);
  const tracking = await rawRequest(
    wp.url,
    `${PROXY}/publisher/offers/${known.offers[0]}/tracking_link/`,
    'PUT',
    { website: other },
  );
  assert.equal(tracking.status, 403);
  assert.deepEqual(upstream(from), [], 'nothing forwarded for another website');
  const keyless = await rawRequest(wp.url, SEARCH, 'POST', body);
  assert.equal(keyless.status, 200, keyless.text.slice(0, 200));
  assert.deepEqual(
    upstream(from).map((entry) => entry.search),
    [`?key=${guid}`],
  );
});

test('reads are cached by what the answer depends on: a query parameter the route drops does not split them', async () => {
  const from = api.emulator.requests.length;
  const body = { filters: [{ any: { lookup: 'contains', value: 'cached-once' } }] };
  const target = `${SEARCH}?key=${guid}`;
  const first = await rawRequest(wp.url, target, 'POST', body);
  assert.equal(first.status, 200);
  for (const language of ['pl-PL', 'de', 'en-US']) {
    const again = await rawRequest(wp.url, `${target}&utm_source=${language}`, 'POST', body);
    assert.equal(again.text, first.text);
  }
  assert.equal(upstream(from).length, 1, 'one upstream search for four identical reads');
  // Another body is another answer: asked for.
  await rawRequest(wp.url, target, 'POST', {
    filters: [{ any: { lookup: 'contains', value: 'y' } }],
  });
  assert.equal(upstream(from).length, 2);
});

test('an API that cannot be reached gives a short 502 without the token', async () => {
  await settings({ api_base: 'http://127.0.0.1:9/' });
  try {
    const answer = await rawRequest(wp.url, `${PROXY}/publisher/offers/${known.offers[1]}/`);
    assert.equal(answer.status, 502, answer.text.slice(0, 200));
    assert.equal(leakIn(answer.text), undefined);
    assert.ok(answer.text.length < 300, answer.text);
  } finally {
    await settings({ api_base: api.url });
  }
});

test('with Proxy set to an external pubnet-proxy, the widgets get its URL as api', async () => {
  const external = 'https://proxy.publisher.example/pubnet-api/';
  await settings({ proxy: 'external', proxy_url: external });
  try {
    const page = await wp.createPost('External proxy', `[pubnet_products query="x" limit="2"]`);
    const html = await (await fetch(page)).text();
    const element = /<pubnet-product-grid\b[^>]*>/.exec(html)?.[0] ?? '';
    assert.match(element, new RegExp(` api="${external.replace(/[./]/g, '\\$&')}"`));
    assert.doesNotMatch(html, /wp-json\/pubnet/);
  } finally {
    await settings({ proxy: 'builtin', proxy_url: '' });
  }
});

test("the elements carry the site's language: a Polish site's are pl-PL", async () => {
  await speakPolish(wp);
  try {
    const page = await wp.createPost('Polski', `[pubnet_products query="ekspres" limit="2"]`);
    const html = await (await fetch(page)).text();
    const element = /<pubnet-product-grid\b[^>]*>/.exec(html)?.[0] ?? '';
    assert.match(element, / lang="pl-PL"/);
  } finally {
    await wp.php(`update_option('WPLANG', '');`);
  }
});

test('without a Website key, routes that name a website are 403 and the settings page says why', async () => {
  await settings({ website_key: '' });
  try {
    const from = api.emulator.requests.length;
    const body = { filters: [{ any: { lookup: 'contains', value: 'no-key' } }] };
    for (const [method, path, sent] of [
      ['POST', SEARCH, body],
      ['PUT', `${PROXY}/publisher/offers/${known.offers[0]}/tracking_link/`, { sid: 'x' }],
      ['POST', `${PROXY}/publisher/products/stats/`, { event: 'view', products: ['p10001'] }],
      ['GET', `${PROXY}/publisher/payday-loans/${guid}`, undefined],
      ['GET', `${PROXY}/publisher/adslots/${known.filterAdslot}/?key=${guid}`, undefined],
    ] as const) {
      const answer = await rawRequest(wp.url, path, method, sent);
      assert.equal(answer.status, 403, `${method} ${path}: ${answer.text.slice(0, 200)}`);
      assert.match(answer.text, /Website key is not set/);
    }
    assert.deepEqual(api.emulator.requests.slice(from), [], 'nothing forwarded');
    // A route that names no website is still served.
    const offer = await rawRequest(wp.url, `${PROXY}/publisher/offers/${known.offers[2]}/`);
    assert.equal(offer.status, 200, offer.text.slice(0, 200));
    const notices = await wp.php(`pubnet_widgets_page_notices();`);
    assert.match(notices, /No Website key is set: the built-in proxy refuses \(403\)/);
  } finally {
    await settings({ website_key: guid });
  }
  assert.doesNotMatch(await wp.php(`pubnet_widgets_page_notices();`), /No Website key/);
});

/** What pubnet_widgets_sanitize() keeps of `input` for user `user` (0: none, from the CLI). */
const sanitized = async (user: number, input: Record<string, unknown>) =>
  JSON.parse(
    await wp.php(
      `require_once ABSPATH . 'wp-admin/includes/template.php'; wp_set_current_user(${user});` +
        `$out = pubnet_widgets_sanitize(json_decode(${phpString(JSON.stringify(input))}, true));` +
        `unset($out['token']); echo wp_json_encode(array('out' => $out, 'errors' => wp_list_pluck(get_settings_errors('pubnet_widgets_settings'), 'code')));`,
    ),
  ) as { out: Record<string, unknown>; errors: string[] };

test('the URLs the server fetches are https (http only on loopback) and set only by a user who may post unfiltered HTML', async () => {
  const admin = await sanitized(1, {
    api_base: 'http://api.publisher.example/',
    render_endpoint: 'https://render.publisher.example/',
    proxy_url: 'http://localhost:8787/pubnet/',
  });
  assert.equal(admin.out.api_base, api.url.replace(/\/?$/, '/'), 'plain http elsewhere is refused');
  assert.deepEqual(admin.errors, ['pubnet_widgets_api_base']);
  assert.equal(admin.out.render_endpoint, 'https://render.publisher.example/');
  assert.equal(admin.out.proxy_url, 'http://localhost:8787/pubnet/', 'loopback http is fine');

  // An administrator who may not post unfiltered HTML (a multisite's site admin): read-only.
  const id = Number(
    await wp.php(
      `$id = wp_insert_user(array('user_login' => 'siteadmin', 'user_pass' => wp_generate_password(), 'role' => 'administrator'));` +
        `(new WP_User($id))->add_cap('unfiltered_html', false); echo $id;`,
    ),
  );
  const limited = await sanitized(id, {
    api_base: 'https://evil.example/',
    render_endpoint: 'https://evil.example/render/',
    proxy_url: 'https://evil.example/proxy/',
    sid: 'still-saved',
  });
  assert.equal(limited.out.api_base, api.url.replace(/\/?$/, '/'));
  assert.equal(limited.out.render_endpoint, '');
  assert.equal(limited.out.proxy_url, '');
  assert.equal(limited.out.sid, 'still-saved', 'the other fields are saved');
  const fields = await wp.php(
    `wp_set_current_user(${id}); foreach (array('api_base', 'proxy', 'render_endpoint') as $key) { pubnet_widgets_render_field(array('key' => $key)); } pubnet_widgets_page_notices();`,
  );
  assert.equal(fields.match(/<input type="url"[^>]* readonly>/g)?.length, 3, fields);
  assert.match(fields, /can be changed only by a user who may post unfiltered HTML/);
});

test('the Deep-link hosts setting takes host names, one per line (or separated by spaces or commas)', async () => {
  const ok = await sanitized(1, {
    deep_link_hosts: 'Partner.Example\nwww.partner.example., shop.example',
  });
  assert.deepEqual(ok.out.deep_link_hosts, [
    'partner.example',
    'www.partner.example',
    'shop.example',
  ]);
  for (const bad of ['https://partner.example/', 'partner.example:8080', 'part ner!.example'])
    assert.deepEqual((await sanitized(1, { deep_link_hosts: bad })).errors, [
      'pubnet_widgets_deep_link_hosts',
    ]);
});
