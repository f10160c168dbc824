// The abuse vectors of api-contract §13 (test/proxy/abuse-vectors.json, the ones the Node
// proxy's runner replays) against the plugin's built-in proxy in a real WordPress: each
// request sent raw from its vector's client address (a 127.x address the socket binds; `php -S`
// gives it to WordPress as REMOTE_ADDR), the API behind it the emulator, every call it got kept.
// What the plugin stores is measured in MariaDB (wp_options' rows and option_value bytes).
// The per-client budget's clock is held still by a must-use plugin (the filter
// `pubnet_widgets_now`), so the counts are exact and no test waits for time to pass.
//
// Then: a hostile render endpoint whose script and event handlers reach neither the page nor
// the block editor's preview; the proxy's routes under `php -n`, with only the extensions
// WordPress requires; and, with a persistent object cache (a drop-in keeping the plugin's group
// in files, shared by `php -S`'s worker processes), the budget and the cache kept there and not
// in wp_options.
import { after, before, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { known, startEmulator } from '../../dist/emulator/index.js';
import type { RequestLogEntry } from '../../src/emulator/types.js';
import {
  abuseVectors,
  address,
  assertUpstream,
  fill,
  keepCalls,
  pool,
  send as sendTo,
  sendVector,
  type AbuseVector,
  type Answer,
  type VectorRequest,
} from '../support/abuse-vectors.js';
import { TOKEN, pluginZip, rawRequest, saveSettings } from './support/pubnet.js';
import { run as runCommand } from './support/process.js';
import { WORDPRESS } from './support/requirements.js';
import { phpString, startWordPress, type WordPress } from './support/wordpress.js';
import { startTogether } from '../support/start-together.js';
import { installClock, setClock as setWordPressClock } from './support/checks.js';

const { setup, vectors } = abuseVectors;

const PROXY = '/wp-json/pubnet/v1/api';
/** What 5,000 anonymous distinct requests may add to wp_options (api-contract §13). */
const OPTIONS_GROWTH_MAX = 1_000_000;
/**
 * The storage vector's repetitions in `npm test`: enough that the answers it makes the plugin
 * keep outnumber its store's entries (so a store without its bound keeps more than the bound,
 * and fails), at a tenth of the vector's time. `npm run bench` (its `storage` group) replays
 * all 5,000 requests, with PUBNET_STORAGE_REPLAY=full.
 */
const STORAGE_REPEAT = process.env.PUBNET_STORAGE_REPLAY === 'full' ? undefined : 125;
/** Requests in flight at once in a vector that is not about the budget (`php -S` runs 4 workers). */
const IN_FLIGHT = 8;
/** The clock the plugin's budget reads (seconds), held still unless a test moves it. */
const CLOCK = 1_700_000_000;

let wp: WordPress;
let api: Awaited<ReturnType<typeof startEmulator>>;
/** Every call the API got (its own log keeps the last 10,000). */
const calls: RequestLogEntry[] = [];

/** Saves the plugin's settings directly (the settings page has its own tests). */
const settings = (values: Record<string, unknown>) => saveSettings(wp, values);

/** Sets the plugin's clock (seconds). */
const setClock = (seconds: number) => setWordPressClock(wp, seconds);

/**
 * Each of the plugin's stores: its entries and bytes now, and its bounds
 * (includes/common/store.php).
 */
async function stores() {
  const out = await wp.php(`$all = array();
foreach (PUBNET_WIDGETS_STORES as $name => $bounds) {
  $entries = pubnet_widgets_option_read($bounds['option']);
  $bytes = 0;
  foreach ($entries as $key => $entry) $bytes += pubnet_widgets_entry_bytes((string) $key, $entry);
  $all[$name] = array('entries' => count($entries), 'bytes' => $bytes, 'maxEntries' => $bounds['entries'], 'maxBytes' => $bounds['bytes']);
}
echo wp_json_encode($all);`);
  return JSON.parse(out) as Record<
    string,
    { entries: number; bytes: number; maxEntries: number; maxBytes: number }
  >;
}

/** wp_options as MariaDB holds it: rows, the bytes of option_value, and the plugin's rows. */
async function options() {
  const out = await wp.php(`global $wpdb;
$all = $wpdb->get_row("SELECT COUNT(*) AS n, COALESCE(SUM(LENGTH(option_value)), 0) AS bytes FROM {$wpdb->options}");
$ours = $wpdb->get_results("SELECT option_name AS name, LENGTH(option_value) AS bytes FROM {$wpdb->options} WHERE option_name LIKE 'pubnet\\\\_%' OR option_name LIKE '\\\\_transient%pubnet%'");
echo wp_json_encode(array('rows' => (int) $all->n, 'bytes' => (int) $all->bytes, 'ours' => $ours));`);
  return JSON.parse(out) as {
    rows: number;
    bytes: number;
    ours: { name: string; bytes: string }[];
  };
}

before(async () => {
  [api, wp] = await startTogether(
    startEmulator({
      port: 0,
      host: '127.0.0.1',
      token: TOKEN,
      onRequest: keepCalls(calls),
    }),
    startWordPress({ pluginZip: pluginZip(), activate: 'php' }),
  );
  await installClock(wp);
  await setClock(CLOCK);
  await settings({
    token: TOKEN,
    website_key: setup.websites[0],
    api_base: api.url,
    proxy: 'builtin',
    deep_link_hosts: setup.deepLinkHosts,
  });
});

after(() => Promise.allSettled([api?.close(), wp?.close()]));

test("the set-up is the vectors': the plugin serves their website, with their deep-link hosts", async () => {
  assert.equal(setup.websites.length, 1, 'the plugin serves one website');
  assert.equal(setup.websites[0], known.website.guid);
  assert.deepEqual(setup.rateLimit, { rate: 5, burst: 100 }, 'the plugin’s fixed budget');
  const stored = JSON.parse(
    await wp.php(`echo wp_json_encode(pubnet_widgets_settings()['deep_link_hosts']);`),
  );
  assert.deepEqual(stored, setup.deepLinkHosts);
});

/** Sends one request of a vector, as repetition `i`, from `from`, to the site at `site`. */
const send = (request: VectorRequest, i: number | string, from: string, site = wp.url) =>
  sendTo(`${site}${PROXY}/`, request, i, from);

/**
 * What is wrong with `answer` as an expected outcome (api-contract §14), if anything: a request
 * stating `outcome` is answered 200 with `X-Pubnet-Status: <outcome>` and `Cache-Control:
 * no-store`; an answer that is not 200 (a real failure, a refusal) never has X-Pubnet-Status.
 */
function outcomeProblem(request: VectorRequest, answer: Answer): string | undefined {
  const header = answer.headers.get('x-pubnet-status');
  if (request.outcome === undefined)
    return answer.status !== 200 && header !== undefined
      ? `X-Pubnet-Status: ${header} on a ${answer.status}`
      : undefined;
  if (header !== String(request.outcome))
    return `X-Pubnet-Status: ${header ?? '(none)'}, not ${request.outcome}`;
  const cacheControl = answer.headers.get('cache-control') ?? '';
  if (!/(^|[\s,])no-store($|[\s,])/.test(cacheControl))
    return `Cache-Control: ${cacheControl || '(none)'}, not no-store`;
  return undefined;
}

/**
 * Runs `vector` and checks every outcome it states. The clock stands still: a `limited`
 * vector's first `burst` answers pass, all the others are 429.
 */
async function replay(t: TestContext, vector: AbuseVector): Promise<void> {
  const seen = calls.length;
  // The budget's vectors one request at a time: the first `burst` must all pass.
  const results = await sendVector(`${wp.url}${PROXY}/`, vector, vector.limited ? 1 : IN_FLIGHT);
  const made = calls.slice(seen);

  let passed = 0;
  const wrong: string[] = [];
  for (const { request, i, answer } of results) {
    const what = `${request.method} ${fill(request.path, i)} #${i}`;
    if (vector.limited && answer.status === 429) {
      assert.match(answer.headers.get('retry-after') ?? '', /^[1-9]\d*$/, `${what}: Retry-After`);
      continue;
    }
    passed += 1;
    const problem = outcomeProblem(request, answer);
    if (answer.status !== request.status)
      wrong.push(`${what}: ${answer.status} ${answer.body.slice(0, 200)}`);
    else if (problem) wrong.push(`${what}: ${problem}`);
    else if (request.bodyHas) {
      const json = JSON.parse(answer.body) as Record<string, unknown>;
      for (const field of request.bodyHas)
        if (!(field in json)) wrong.push(`${what}: no ${field} in ${answer.body.slice(0, 200)}`);
    }
  }
  assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} answers were not as stated`);
  if (vector.limited) {
    assert.equal(passed, vector.limited.burst, 'exactly the burst passes while the clock stands');
    assert.equal(made.length, passed, 'a 429 sends nothing upstream');
    t.diagnostic(`${passed} of ${results.length} passed; then 429 with Retry-After`);
  }
  assertUpstream(vector, made);
}

describe('the abuse vectors against the built-in proxy', () => {
  for (const vector of vectors)
    // 5,000 requests through WordPress on a shared machine: minutes, not seconds.
    test(
      vector.bounded && STORAGE_REPEAT
        ? `${vector.name} (${STORAGE_REPEAT * vector.requests.length} of them)`
        : vector.name,
      { timeout: vector.bounded ? 900_000 : 120_000 },
      async (t) => {
        if (!vector.bounded) {
          await replay(t, vector);
          if (vector.limited) {
            // The address stays refused while the clock stands, and another is served meanwhile.
            const from = address(vector.from, 0);
            const again = await send(vector.requests[0], 'again', from);
            assert.equal(again.status, 429, again.body);
            const other = await send(vector.requests[0], 'other', '127.0.9.1');
            assert.equal(other.status, vector.requests[0].status, other.body);
            // A second later, `rate` more pass, and no more.
            await setClock(CLOCK + 1);
            try {
              const later = [];
              for (let n = 0; n <= vector.limited.rate; n++)
                later.push((await send(vector.requests[0], `later-${n}`, from)).status);
              assert.deepEqual(
                later,
                [...Array(vector.limited.rate).fill(vector.requests[0].status), 429],
                'one second refills `rate` tokens',
              );
            } finally {
              await setClock(CLOCK);
            }
          }
          return;
        }
        // Loaded and warmed up first (one of each request), so growth is what the vector adds.
        for (const request of vector.requests) {
          const answer = await send(request, 'warm', '127.1.1.1');
          assert.equal(answer.status, request.status, answer.body);
          assert.equal(outcomeProblem(request, answer), undefined, answer.body);
        }
        const before = await options();
        const started = performance.now();
        const replayed = { ...vector, repeat: STORAGE_REPEAT ?? vector.repeat };
        await replay(t, replayed);
        const seconds = (performance.now() - started) / 1000;
        const held = await options();
        const kept = await stores();
        const grown = { rows: held.rows - before.rows, bytes: held.bytes - before.bytes };
        t.diagnostic(
          `${(replayed.repeat ?? 1) * vector.requests.length} requests in ${seconds.toFixed(0)} s; ` +
            `wp_options ${before.rows} → ${held.rows} rows (${grown.rows >= 0 ? '+' : ''}${grown.rows}), ` +
            `option_value ${before.bytes} → ${held.bytes} bytes (+${grown.bytes}); ` +
            `the plugin's: ${held.ours.map((o) => `${o.name} ${o.bytes}`).join(', ')}; ` +
            `stores: ${Object.entries(kept)
              .map(
                ([name, s]) =>
                  `${name} ${s.entries}/${s.maxEntries} entries ${s.bytes}/${s.maxBytes} bytes`,
              )
              .join(', ')}`,
        );
        for (const [name, store] of Object.entries(kept)) {
          assert.ok(
            store.entries <= store.maxEntries,
            `the ${name} store holds ${store.entries} entries`,
          );
          assert.ok(store.bytes <= store.maxBytes, `the ${name} store holds ${store.bytes} bytes`);
        }
        // The replay pressed the bound: without it, the store would hold more than it does.
        assert.ok(
          kept.api.entries === kept.api.maxEntries || kept.api.bytes > kept.api.maxBytes * 0.9,
          'the replay filled the API store to its bound',
        );
        assert.ok(grown.bytes <= OPTIONS_GROWTH_MAX, `wp_options grew by ${grown.bytes} bytes`);
        assert.ok(grown.rows <= 2, `wp_options grew by ${grown.rows} rows`);
        assert.deepEqual(
          held.ours.filter((o) => o.name.includes('transient')),
          [],
          'no transient',
        );
      },
    );
});

describe('requests the proxy takes only as sent', () => {
  const offerLink = `/publisher/offers/${known.offers[0]}/tracking_link/`;

  test('?_method=PUT does not turn a GET (an <img>) into a tracking link', async () => {
    const seen = calls.length;
    for (const target of [
      `${PROXY}${offerLink}?_method=PUT`,
      `/?rest_route=${PROXY.replace('/wp-json', '')}${offerLink}&_method=PUT`,
    ]) {
      const answer = await rawRequest(wp.url, target);
      assert.equal(answer.status, 405, `${target}: ${answer.text.slice(0, 200)}`);
    }
    assert.deepEqual(calls.slice(seen), [], 'nothing went upstream');
  });

  test('the upper-case route gets the same path check as the lower-case one', async () => {
    const seen = calls.length;
    for (const prefix of ['/wp-json/pubnet/v1/api', '/wp-json/PUBNET/V1/API']) {
      const ok = await rawRequest(wp.url, `${prefix}/publisher/offers/${known.offers[1]}/`);
      assert.equal(ok.status, 200, `${prefix}: ${ok.text.slice(0, 200)}`);
      for (const path of [
        `/publisher/offers/%2e%2e/`,
        `/publisher/offers/..%2F..%2Fwebsites/`,
        `/publisher/offers/%2F/`,
        `/publisher//offers/${known.offers[1]}/`,
      ]) {
        const answer = await rawRequest(wp.url, `${prefix}${path}`);
        assert.ok([400, 404].includes(answer.status), `${prefix}${path}: ${answer.status}`);
      }
    }
    assert.ok(
      calls.slice(seen).every((call) => call.path === `/publisher/offers/${known.offers[1]}/`),
      JSON.stringify(calls.slice(seen)),
    );
  });
});

describe('a hostile render endpoint', () => {
  let hostile: Server;
  let url: string;
  const HOSTILE = [
    `<img src=x onerror="alert('img')">`,
    `<script>alert('script')</script>`,
    `<a href="javascript:alert('href')">x</a>`,
    `<a href="&#106avascript:alert('entity')">y</a>`,
    `<iframe srcdoc="<script>alert('frame')</script>"></iframe>`,
    `<svg><style><img src=x onerror="alert('svg')"></style></svg>`,
    `<meta http-equiv="refresh" content="0;url=https://evil.example/">`,
    `<form action="https://evil.example/"><input name="card"></form>`,
    `<div onmouseover="alert('div')" style="position:fixed;inset:0">over</div>`,
  ].join('');
  const rendered = (tag: string, attributes: string) =>
    `<${tag} ${attributes} onclick="alert('host')" state="ready"><template shadowrootmode="open">` +
    `<span part="disclosure" class="disclosure">Ad</span>${HOSTILE}` +
    `<a part="title" href="https://www.mediapoint.example/p" rel="sponsored noopener" target="_blank">Kept</a>` +
    `</template>${HOSTILE}</${tag}>`;
  const FORBIDDEN =
    /<script|<svg|<meta|<form|<input|<iframe|onerror|onclick|onmouseover|javascript:|&#106|position:fixed|evil\.example/i;
  /** The rendered elements of a page or fragment (the widget's tag to its end tag). */
  const elements = (html: string) =>
    [...html.matchAll(/<(pubnet-adslot|pubnet-product-grid)\b[^]*?<\/\1>/g)].map((m) => m[0]);

  before(async () => {
    hostile = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const tag = path.startsWith('/render/adslots/') ? 'pubnet-adslot' : 'pubnet-product-grid';
      const own = tag === 'pubnet-adslot' ? `adslot="${path.split('/')[3]}"` : 'query="hostile"';
      response.writeHead(200, { 'content-type': 'text/html', 'x-pubnet-render': 'ready' });
      response.end(rendered(tag, own));
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const { port } = hostile.address() as { port: number };
    url = `http://127.0.0.1:${port}/`;
    await settings({ render_endpoint: url });
  });

  after(async () => {
    await settings({ render_endpoint: '' });
    await new Promise((resolve) => hostile.close(resolve));
  });

  test('its script, event handlers and foreign elements never reach the page', async () => {
    const link = await wp.createPost(
      'Hostile render',
      `[pubnet_adslot adslot="${known.filterAdslot}"]\n\n<!-- wp:pubnet/products {"query":"hostile"} /-->`,
    );
    const html = await (await fetch(link)).text();
    const found = elements(html);
    assert.equal(found.length, 2, 'both widgets are printed, server-rendered');
    for (const element of found) {
      assert.doesNotMatch(element, FORBIDDEN, element);
      assert.match(element, /<template shadowrootmode="open">/, 'the shadow root stays');
      assert.match(element, /<a part="title" href="https:\/\/www\.mediapoint\.example\/p"/);
    }
  });

  test("…nor the block editor's preview (the block renderer's answer)", async () => {
    const out = await wp.php(`
wp_set_current_user(1);
$previews = array();
foreach (array(
  array('pubnet/adslot', array('adslot' => '${known.manualAdslot}')),
  array('pubnet/products', array('query' => 'hostile preview')),
) as list($name, $attributes)) {
  $request = new WP_REST_Request('GET', '/wp/v2/block-renderer/' . $name);
  $request->set_query_params(array('context' => 'edit', 'attributes' => $attributes));
  $response = rest_do_request($request);
  $previews[] = array('status' => $response->get_status(), 'data' => $response->get_data());
}
echo wp_json_encode($previews);`);
    const previews = JSON.parse(out) as { status: number; data: { rendered?: string } }[];
    for (const preview of previews) {
      assert.equal(preview.status, 200, JSON.stringify(preview).slice(0, 300));
      const found = elements(preview.data.rendered ?? '');
      assert.equal(found.length, 1, preview.data.rendered);
      assert.doesNotMatch(found[0], FORBIDDEN, found[0]);
      assert.match(found[0], /<template shadowrootmode="open">/);
    }
  });
});

describe('the plugin under php -n: only the extensions WordPress requires', () => {
  const EXTENSIONS = ['mysqlnd', 'mysqli'];
  const args = ['-n', ...EXTENSIONS.flatMap((name) => ['-d', `extension=${name}`])];
  let base: string;

  before(async () => {
    base = await wp.serveWith(args);
  });

  test('no mbstring, intl, iconv or ctype is loaded', async () => {
    const modules = (await runCommand('php', [...args, '-m'])).toLowerCase();
    for (const name of ['mbstring', 'intl', 'iconv', 'ctype'])
      assert.doesNotMatch(modules, new RegExp(`^${name}$`, 'm'), name);
    assert.match(modules, /^mysqli$/m);
  });

  test('every kind of route works: reads with path parameters, searches, stats, tracking links with their deep-link check', async () => {
    const from = '127.0.8.1';
    const requests: (VectorRequest & { bodyLacks?: string })[] = [
      { method: 'GET', path: `/publisher/offers/${known.offers[1]}/`, status: 200 },
      { method: 'GET', path: `/publisher/adslots/${known.filterAdslot}/`, status: 200 },
      // An offer the API does not know: an expected outcome (api-contract §14).
      { method: 'GET', path: `/publisher/offers/%C3%A9/`, status: 200, outcome: 404 },
      { method: 'GET', path: `/publisher/offers/%FF/`, status: 404 },
      {
        method: 'POST',
        path: '/publisher/products/',
        query: 'page_size=100',
        body: { filters: [{ title: { lookup: 'contains', value: 'słuchawki' } }] },
        status: 200,
      },
      {
        method: 'POST',
        path: '/publisher/products/stats/',
        body: { event: 'view', products: ['p10001'] },
        status: 201,
      },
      {
        method: 'PUT',
        path: `/publisher/offers/${known.offers[0]}/tracking_link/`,
        body: { deep_link: 'https://outlet.mediapoint.example/' },
        status: 200,
        bodyHas: ['tracking_link'],
      },
      {
        method: 'PUT',
        path: `/publisher/offers/${known.offers[0]}/tracking_link/`,
        body: { deep_link: 'https://evil.example/' },
        // The deep link refused: no link, an expected outcome (api-contract §14).
        status: 200,
        outcome: 400,
        bodyHas: ['deep_link'],
      },
      {
        method: 'PUT',
        path: '/publisher/products/p10001/tracking_link/',
        body: { deep_link: 'https://www.mediapoint.example/p/x' },
        status: 200,
      },
      { method: 'GET', path: `/publisher/payday-loans/${known.website.guid}`, status: 200 },
    ];
    const wrong: string[] = [];
    for (const request of requests) {
      const answer = await send(request, 'n', from, base);
      const what = `${request.method} ${request.path}`;
      if (answer.status !== request.status)
        wrong.push(`${what}: ${answer.status} ${answer.body.slice(0, 300)}`);
      const problem = outcomeProblem(request, answer);
      if (problem) wrong.push(`${what}: ${problem}`);
      for (const field of request.bodyHas ?? [])
        if (!(field in (JSON.parse(answer.body) as object))) wrong.push(`${what}: no ${field}`);
    }
    assert.deepEqual(wrong, []);
    const log = (await wp.log())
      .split('\n')
      .filter((line) => /PHP (Fatal|Warning|Notice|Deprecated)/.test(line))
      .filter((line) => /pubnet-widgets\//.test(line));
    assert.deepEqual(log, [], 'no PHP error from the plugin');
  });
});

describe('with a persistent object cache', () => {
  const dropIn = () => join(wp.contentDir, 'object-cache.php');

  before(async () => {
    // WordPress's own cache, but the plugin's group kept in files: shared by the processes.
    const core = await readFile(join(WORDPRESS, 'wp-includes', 'cache.php'), 'utf8');
    const store = join(wp.contentDir, 'pubnet-object-cache');
    await writeFile(
      dropIn(),
      core.replace('new WP_Object_Cache()', 'new Pubnet_Test_Object_Cache()') +
        `
class Pubnet_Test_Object_Cache extends WP_Object_Cache {
  private function file($key) { return ${phpString(store)} . '/' . md5($key); }
  public function get($key, $group = 'default', $force = false, &$found = null) {
    if ('pubnet_widgets' !== $group) return parent::get($key, $group, $force, $found);
    $entry = is_readable($this->file($key)) ? unserialize(file_get_contents($this->file($key))) : null;
    $found = is_array($entry) && ($entry[0] === 0 || $entry[0] > time());
    return $found ? $entry[1] : false;
  }
  public function set($key, $data, $group = 'default', $expire = 0) {
    if ('pubnet_widgets' !== $group) return parent::set($key, $data, $group, $expire);
    is_dir(${phpString(store)}) || mkdir(${phpString(store)});
    return false !== file_put_contents($this->file($key), serialize(array($expire ? time() + $expire : 0, $data)), LOCK_EX);
  }
}
`,
    );
  });

  after(() => rm(dropIn(), { force: true }));

  test('the plugin uses it', async () => {
    assert.equal(await wp.php(`echo wp_using_ext_object_cache() ? 'yes' : 'no';`), 'yes');
  });

  test('a burst from one address gets 429 while another is served; wp_options does not grow', async (t) => {
    const before = await options();
    const vector = vectors.find((v) => v.limited && v.requests[0].path === '/publisher/products/')!;
    await replay(t, { ...vector, from: '127.0.5.1' });
    const other = await send(vector.requests[0], 'object-cache-other', '127.0.5.2');
    assert.equal(other.status, 200, other.body);
    // Distinct reads and their answers, from many addresses: kept in the object cache.
    const search = vectors.find((v) => v.name.startsWith('page_size'))!.requests[0];
    const brand = (value: string) => ({
      ...search,
      body: { filters: [{ brand: { lookup: 'contains', value } }] },
    });
    const jobs = Array.from(
      { length: 200 },
      (_, i) => () => send(brand(`oc-${i}`), i, `127.0.6.${1 + (i % 50)}`),
    );
    const answers = await pool(jobs, IN_FLIGHT);
    assert.deepEqual(
      answers.filter((a) => a.status !== 200),
      [],
    );
    const seen = calls.length;
    assert.equal((await send(brand('oc-7'), 'again', '127.0.6.99')).status, 200);
    assert.equal(calls.length, seen, 'a kept answer is served from the object cache');
    const after = await options();
    t.diagnostic(
      `wp_options ${before.rows} → ${after.rows} rows, ${before.bytes} → ${after.bytes} bytes`,
    );
    assert.equal(after.rows, before.rows, 'no row added');
    assert.deepEqual(after.ours.map((o) => o.name).sort(), before.ours.map((o) => o.name).sort());
    assert.ok(after.bytes - before.bytes <= 1024, `${after.bytes - before.bytes} bytes more`);
  });
});
