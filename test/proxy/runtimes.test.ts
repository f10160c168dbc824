// The proxy in real runtimes: the deployment recipes of examples/proxy/ run as they are, in
// workerd (Cloudflare Workers' runtime), Deno and Bun, all devDependencies from npm, each on
// its own loopback port in front of its own emulator. Each must answer every widget route as
// the Node proxy does, refuse private routes and path tricks without calling upstream, never
// show the token, and answer a repeat read from its cache.
//
// The recipes import `pubnet-widgets/proxy`. Here that name is the build's dist/proxy/edge.js
// (what the `workerd` and `worker` conditions give) with the dist/vendor/tldts.js it imports,
// laid out as a user's install holds them: <scratch>/node_modules/pubnet-widgets/dist/. How
// each runtime gets it, and starts, is scripts/test/runtimes.mjs (shared with
// `npm run load:proxy`, which bundles src/ itself).
//
// A runtime that cannot start fails its test with one line naming it; nothing is skipped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startEmulator } from '../../src/emulator/index.js';
import { readLexicon } from '../../src/intext/lexicon.js';
import { widgetRoutes, type WidgetRouteKey } from '../../src/proxy/policy/allow-list.js';
import { defaultCacheName } from '../../src/proxy/read/web-cache-store.js';
import {
  prepare,
  runtimes as allRuntimes,
  start as startIn,
  stop,
  stopAll,
  type Runtime,
  type Scratch,
} from '../../scripts/test/runtimes.mjs';
import { TOKEN, known, startStack } from './support/stack.js';
import { startWorkerdCache } from './support/workerd-cache.js';

/** The recipes (Node's own is the rest of test/proxy). */
const runtimes = ['workerd', 'deno', 'bun'].map((name) =>
  allRuntimes.find((runtime) => runtime.name === name)!,
);

let scratch: Scratch | undefined;
const closers: (() => Promise<void>)[] = [];

before(async () => {
  // The build's own edge file, as the package ships it (npm test builds first).
  scratch = await prepare({ prefix: 'pubnet-runtimes-', built: true });
});

after(async () => {
  await stopAll();
  await Promise.all(closers.splice(0).map((close) => close()));
  scratch?.remove();
});

/**
 * Starts a recipe (on `port`, else a free port) and waits until its port answers; fails with
 * one line naming the runtime. Keeps all it prints, for the token check.
 */
function start(runtime: Runtime, vars: Record<string, string>, port?: number, cacheApi?: string) {
  assert.ok(scratch, 'the scratch install is prepared');
  return startIn(runtime, vars, scratch, { port, wholeOutput: true, cacheApi });
}

interface Answer {
  status: number;
  /** Every header line as received. */
  headers: string[];
  header(name: string): string | undefined;
  text: string;
}

/**
 * One HTTP request with the path sent exactly as written (fetch() would resolve `..` and
 * `%2e%2e` before sending), on a fresh connection.
 */
/** The body as text, decoded as its `Content-Encoding` says. */
function decode(bytes: Buffer, encoding: string | undefined): string {
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  assert.equal(encoding, undefined, 'a known encoding');
  return bytes.toString('utf8');
}

function send(
  port: number,
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          Connection: 'close',
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
          ...extra,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          const headers: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            headers.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          const header = (name: string) => {
            const value = res.headers[name.toLowerCase()];
            return Array.isArray(value) ? value.join(', ') : value;
          };
          done({
            status: res.statusCode ?? 0,
            headers,
            header,
            text: decode(Buffer.concat(chunks), header('content-encoding')),
          });
        });
      },
    );
    // A hang guard: a loaded machine's first answer from a runtime may take seconds.
    req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${path}: no answer in 60 s`)));
    req.on('error', fail);
    req.end(payload);
  });
}

const guid = known.website.guid;
const offer = known.offers[0];
const search = { filters: [{ brand: { lookup: 'contains', value: 'Sony' } }], page_size: 2 };

/** One request per widget route, as the widgets make them. */
const widgetRequests: { key: WidgetRouteKey; method: string; path: string; body?: unknown }[] = [
  {
    key: 'adslots.get',
    method: 'GET',
    path: `/publisher/adslots/${known.filterAdslot}/?key=${guid}`,
  },
  {
    key: 'products.search',
    method: 'POST',
    path: `/publisher/products/?key=${guid}`,
    body: search,
  },
  {
    key: 'products.searchV2',
    method: 'POST',
    path: `/publisher/products/v2/?key=${guid}`,
    body: search,
  },
  {
    key: 'products.trackingLink',
    method: 'PUT',
    path: `/publisher/products/${known.product}/tracking_link/`,
    body: { website: guid, sid: 'runtime' },
  },
  {
    key: 'offers.trackingLink',
    method: 'PUT',
    path: `/publisher/offers/${offer}/tracking_link/`,
    body: { website: guid, sid: 'runtime' },
  },
  {
    key: 'offers.detect',
    method: 'GET',
    path: `/publisher/offers/detect/?url=${encodeURIComponent(known.merchantUrl)}`,
  },
  { key: 'offers.get', method: 'GET', path: `/publisher/offers/${offer}/` },
  {
    key: 'products.createStats',
    method: 'POST',
    path: '/publisher/products/stats/',
    body: { event: 'view', products: [known.product], website: guid },
  },
  { key: 'promo.getBlackFriday', method: 'GET', path: `/publisher/black-friday/${guid}` },
  {
    key: 'promo.getBlackFridayLegacy',
    method: 'GET',
    path: `/publisher/black-friday-legacy/${guid}`,
  },
  { key: 'promo.getPaydayLoans', method: 'GET', path: `/publisher/payday-loans/${guid}` },
];

/** Routes the token could reach but pages must not, and paths that try to get there. */
/** Requests the proxy refuses, with the status: 405 where the path is served with another method. */
const refused: [method: string, path: string, status?: 405][] = [
  ['GET', '/publisher/my/'],
  ['GET', '/publisher/conversions/'],
  ['GET', '/publisher/adslots/find/'],
  ['PATCH', `/publisher/adslots/${known.filterAdslot}/`, 405],
  ['DELETE', `/publisher/adslots/${known.filterAdslot}/`, 405],
  ['GET', '/publisher/adslots/../my/'],
  ['GET', '/publisher/adslots/%2e%2e/my/'],
  ['GET', '/publisher/adslots/%2E%2E%2Fmy%2F/'],
  ['GET', `/publisher/offers/${offer}/../../my/password/`],
  ['GET', '/publisher/offers/..%2F..%2Fmy%2F/'],
  ['GET', '//publisher/my/'],
  ['GET', '/publisher//my/'],
  ['GET', `/publisher//adslots/${known.filterAdslot}/`],
];

/** The statuses the Node proxy gives for `widgetRequests` (against its own emulator). */
let nodeStatuses: Promise<number[]> | undefined;
function statusesOfNode(vars: Record<string, string>): Promise<number[]> {
  nodeStatuses ??= (async () => {
    const stack = await startStack({ websites: [vars.PUBNET_WEBSITES] });
    const port = Number(new URL(stack.proxy).port);
    const statuses: number[] = [];
    for (const r of widgetRequests)
      statuses.push((await send(port, r.method, r.path, r.body)).status);
    return statuses;
  })();
  return nodeStatuses;
}

/** The Node proxy's lexicon (api-contract §15) from its own emulator: the same seed, the same text. */
let nodeLexicon: Promise<string> | undefined;
function lexiconOfNode(): Promise<string> {
  nodeLexicon ??= (async () => {
    const stack = await startStack();
    return (await send(Number(new URL(stack.proxy).port), 'GET', '/lexicon/')).text;
  })();
  return nodeLexicon;
}

test('the requests cover every widget route', () => {
  assert.deepEqual(widgetRequests.map((r) => r.key).sort(), Object.keys(widgetRoutes).sort());
});

for (const runtime of runtimes) {
  test(`${runtime.name}: the recipe serves the widget routes and nothing else`, async (t) => {
    const upstream = await startEmulator({ port: 0, host: '127.0.0.1', token: TOKEN });
    closers.push(() => upstream.close());
    const calls = () => upstream.emulator.requests.length;
    const vars = { PUBNET_TOKEN: TOKEN, PUBNET_UPSTREAM: upstream.url, PUBNET_WEBSITES: guid };
    const expected = await statusesOfNode(vars);
    const { port, output } = await start(runtime, vars);

    const answers: Answer[] = [];
    const ask = async (method: string, path: string, body?: unknown) => {
      const answer = await send(port, method, path, body);
      answers.push(answer);
      return answer;
    };

    await t.test('every widget route answers as on Node', async () => {
      const statuses: number[] = [];
      const bodies: unknown[] = [];
      for (const r of widgetRequests) {
        const answer = await ask(r.method, r.path, r.body);
        statuses.push(answer.status);
        assert.equal(answer.header('content-type'), 'application/json', `${r.key}: JSON`);
        bodies.push(JSON.parse(answer.text));
      }
      assert.deepEqual(
        Object.fromEntries(widgetRequests.map((r, i) => [r.key, statuses[i]])),
        Object.fromEntries(widgetRequests.map((r, i) => [r.key, expected[i]])),
      );
      assert.ok(
        statuses.every((status) => status >= 200 && status < 300),
        `all 2xx: ${statuses.join()}`,
      );
      const slot = bodies[0] as { _embedded?: { products?: { results?: unknown[] } } };
      assert.ok(slot._embedded?.products?.results?.length, 'the ad slot came composed');
      assert.ok(calls() >= widgetRequests.length, 'the emulator answered them');
    });

    await t.test(
      'private routes and path tricks are 404 (405) without an upstream call',
      async () => {
        const before = calls();
        for (const [method, path, status = 404] of refused) {
          const answer = await ask(method, path);
          assert.equal(answer.status, status, `${method} ${path}: ${answer.text}`);
          const detail = status === 404 ? 'Not found.' : 'Method not allowed.';
          assert.deepEqual(JSON.parse(answer.text), { detail }, "the proxy's own refusal");
          if (status === 405) assert.equal(answer.header('allow'), 'GET, HEAD');
        }
        assert.equal(calls(), before, 'upstream never called');
      },
    );

    await t.test('HEAD as GET without a body; gzip when accepted, the same JSON', async () => {
      const path = `/publisher/adslots/${known.filterAdslot}/?key=${guid}`;
      const plain = await ask('GET', path);
      assert.ok(plain.text.length > 1024, 'a composed slot is worth compressing');
      const head = await ask('HEAD', path);
      assert.deepEqual([head.status, head.text], [200, '']);
      assert.equal(head.header('etag'), plain.header('etag'));
      const gzip = await send(port, 'GET', path, undefined, { 'Accept-Encoding': 'gzip' });
      answers.push(gzip);
      assert.equal(gzip.header('content-encoding'), 'gzip');
      assert.equal(gzip.header('vary'), 'Accept-Encoding');
      assert.equal(gzip.text, plain.text);
      assert.notEqual(gzip.header('etag'), plain.header('etag'), 'an ETag per encoding');
    });

    await t.test('a repeat read is answered from the cache', async () => {
      const before = calls();
      for (const path of [widgetRequests[0].path, `/publisher/offers/${offer}/`]) {
        const answer = await ask('GET', path);
        assert.equal(answer.status, 200);
        assert.equal(answer.header('x-cache'), 'HIT', path);
      }
      assert.equal(calls(), before, 'no upstream call');
    });

    await t.test('the lexicon is the one Node publishes, public for an hour', async () => {
      const answer = await ask('GET', '/lexicon/');
      assert.equal(answer.status, 200, answer.text.slice(0, 300));
      assert.equal(answer.header('content-type'), 'application/json');
      assert.equal(answer.header('cache-control'), 'public, max-age=3600');
      assert.match(answer.header('etag') ?? '', /^"[\w-]+"$/);
      assert.equal(answer.text, await lexiconOfNode());
      assert.ok(
        readLexicon(JSON.parse(answer.text))?.entries.some((entry) => entry.names[0] === 'Kaktus'),
      );
    });

    // The public suffix list is dist/vendor/tldts.js, a module of its own that the proxy
    // imports (as the package ships it): here it loads and answers in this runtime.
    await t.test("a deep link: the offer's site passes, another is 400, not sent", async () => {
      const path = `/publisher/offers/${offer}/tracking_link/`;
      const before = calls();
      const own = await ask('PUT', path, { deep_link: 'https://shop.mediapoint.example/x' });
      assert.equal(own.status, 200, own.text);
      for (const deep of ['https://evil.example/', 'https://evil.github.io/']) {
        const answer = await ask('PUT', path, { deep_link: deep });
        assert.equal(answer.status, 200, `${deep}: ${answer.text}`);
        assert.equal(answer.header('x-pubnet-status'), '400', deep);
        assert.ok((JSON.parse(answer.text) as Record<string, unknown>).deep_link, answer.text);
      }
      const puts = upstream.emulator.requests.slice(before).filter((r) => r.method === 'PUT');
      assert.equal(puts.length, 1, 'only the link on its site reached the API');
    });

    await t.test('an ad slot renders as HTML (Lit SSR) with its product links', async () => {
      const path = `/publisher/adslots/${known.filterAdslot}/?key=${guid}`;
      const composed = JSON.parse((await ask('GET', path)).text) as {
        _embedded: { products: { results: { link: string }[] } };
      };
      const links = composed._embedded.products.results.map((product) => product.link);
      assert.ok(links.length > 0);
      const answer = await ask('GET', `/render/adslots/${known.filterAdslot}/?key=${guid}`);
      assert.equal(answer.status, 200, answer.text.slice(0, 500));
      assert.equal(answer.header('content-type'), 'text/html; charset=utf-8');
      assert.equal(answer.header('x-pubnet-render'), 'ready');
      assert.ok(answer.text.startsWith('<pubnet-adslot '), answer.text.slice(0, 200));
      assert.match(answer.text, /<template [^>]*shadowrootmode="open"/);
      const hrefs = [...answer.text.matchAll(/<a\b[^>]*?\bhref="([^"]*)"/g)].map((m) => m[1]);
      assert.deepEqual(hrefs, links, 'one link per product, in order');
    });

    await t.test('the token is in no answer, header or output', () => {
      assert.ok(answers.length > widgetRequests.length + refused.length);
      for (const answer of answers) {
        const all = `${answer.status}\n${answer.headers.join('\n')}\n\n${answer.text}`;
        assert.ok(!all.includes(TOKEN), `the token leaked:\n${all}`);
      }
      assert.ok(!output().includes(TOKEN), 'the token is not in the runtime output');
      // …while the emulator did receive it: the proxy added it upstream.
      assert.ok(upstream.emulator.requests.length > 0);
    });
  });
}

// Deno has the Web Cache API, so the recipe's proxy keeps reads there as well as in memory
// (on disk, in DENO_DIR): a restarted process, whose memory is empty, still answers a read
// the previous one cached. Same port, so the same public base and hence the same cache key.
test('deno: a restarted recipe answers a repeat read from the Web Cache API', async () => {
  const deno = runtimes.find((runtime) => runtime.name === 'deno')!;
  const upstream = await startEmulator({ port: 0, host: '127.0.0.1', token: TOKEN });
  closers.push(() => upstream.close());
  const vars = { PUBNET_TOKEN: TOKEN, PUBNET_UPSTREAM: upstream.url, PUBNET_WEBSITES: guid };
  const path = `/publisher/offers/${offer}/`;
  const first = await start(deno, vars);
  const miss = await send(first.port, 'GET', path);
  assert.equal(miss.header('x-cache'), 'MISS');
  const calls = upstream.emulator.requests.length;
  await stop(first.child);

  const second = await start(deno, vars, first.port);
  const hit = await send(second.port, 'GET', path);
  assert.equal(hit.header('x-cache'), 'HIT', 'not from memory: this process has not read it');
  assert.equal(hit.text, miss.text);
  assert.equal(hit.header('etag'), miss.header('etag'));
  assert.equal(upstream.emulator.requests.length, calls, 'no upstream call');
});

// Plain workerd's `caches` keeps nothing; on Cloudflare the data-centre cache keeps it. Here
// that part is played by a cache outside workerd (support/workerd-cache.ts, the Worker's
// `cacheApiOutbound`), so a restarted workerd, a new isolate with empty memory, still answers
// a read the previous one cached, through `caches.open`. With `cache: { store: 'memory' }` in
// the recipe, the second read is a MISS and upstream is called again.
test('workerd: a restarted recipe answers a repeat read from the Web Cache API', async () => {
  const workerd = runtimes.find((runtime) => runtime.name === 'workerd')!;
  const upstream = await startEmulator({ port: 0, host: '127.0.0.1', token: TOKEN });
  closers.push(() => upstream.close());
  const cache = await startWorkerdCache();
  closers.push(() => cache.close());
  const vars = { PUBNET_TOKEN: TOKEN, PUBNET_UPSTREAM: upstream.url, PUBNET_WEBSITES: guid };
  const path = `/publisher/offers/${offer}/`;
  const first = await start(workerd, vars, undefined, cache.address);
  const miss = await send(first.port, 'GET', path);
  assert.equal(miss.status, 200);
  assert.equal(miss.header('x-cache'), 'MISS');
  const calls = upstream.emulator.requests.length;
  // The default cache name: from upstream and token, without either in it.
  const namespace = await defaultCacheName(new URL(upstream.url), TOKEN);
  assert.ok(!namespace.includes(TOKEN));
  // The write is handed to ctx.waitUntil: it may arrive after the answer.
  await cache.call(
    (call) => call.outcome === 'STORED' && call.namespace === namespace,
    'the read was put in the cache',
  );
  await stop(first.child);

  const second = await start(workerd, vars, first.port, cache.address);
  const before = cache.calls.length;
  const hit = await send(second.port, 'GET', path);
  assert.equal(hit.header('x-cache'), 'HIT', 'not from memory: this process has not read it');
  assert.equal(hit.text, miss.text);
  assert.equal(hit.header('etag'), miss.header('etag'));
  assert.equal(upstream.emulator.requests.length, calls, 'no upstream call');
  assert.ok(
    cache.calls
      .slice(before)
      .some(
        (call) => call.method === 'GET' && call.namespace === namespace && call.outcome === 'HIT',
      ),
    `the hit came from the cache: ${JSON.stringify(cache.calls.slice(before))}`,
  );
});
