// The plugin's built-in proxy faces the internet and holds the token, as the
// Node proxy does (api-contract §12): bodies over 16 KiB and JSON deeper than
// 32 levels are refused before anything goes upstream, the website key is
// pinned, reads are cached by what the answer depends on (not by a query
// parameter the route drops), and an API that cannot be reached gives a short 502. And what the
// settings change in the elements: an external pubnet-proxy as their api, the
// site's language as their lang.
import { after, before, test } from 'node:test';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import {
  TOKEN,
  known,
  leakIn,
  pluginZip,
  rawRequest,
  startApi,
  type Api,
} from './support/pubnet.js';
import { startWordPress, type WordPress } from './support/wordpress.js';
import { startTogether } from '../support/start-together.js';

const PROXY = '/wp-json/pubnet/v1/api';
const SEARCH = `${PROXY}/publisher/products/`;
const guid = known.website.guid;

let wp: WordPress;
let api: Api;

/** `value` as a single-quoted PHP string. */
const phpString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Saves the plugin's settings directly (the settings page has its own test). */
const settings = (values: Record<string, string>) =>
  wp.php(
    `$old = get_option('pubnet_widgets_settings') ?: array();` +
      `update_option('pubnet_widgets_settings', array_merge($old, json_decode(${phpString(JSON.stringify(values))}, true)));`,
  );

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
  // WordPress takes only a language it has files for; an empty catalogue is enough for its name.
  await mkdir(join(wp.contentDir, 'languages'), { recursive: true });
  await writeFile(join(wp.contentDir, 'languages', 'pl_PL.mo'), '');
  await wp.php(`update_option('WPLANG', 'pl_PL');`);
  try {
    const page = await wp.createPost('Polski', `[pubnet_products query="ekspres" limit="2"]`);
    const html = await (await fetch(page)).text();
    const element = /<pubnet-product-grid\b[^>]*>/.exec(html)?.[0] ?? '';
    assert.match(element, / lang="pl-PL"/);
  } finally {
    await wp.php(`update_option('WPLANG', '');`);
  }
});
