// The proxy's rendered HTML routes (api-contract §11), over real HTTP to a real emulator behind
// the real proxy. A render reads its data through the proxy itself, so it shows exactly the
// composed JSON answer, and is cached, coalesced, limited and pinned like the JSON reads; a
// render that fails is still a 200: the collapsed element, with `X-Pubnet-Render: fallback`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PubnetAdslot } from '../../../src/components/adslot/adslot.js';
import { PubnetProductGrid } from '../../../src/components/product-grid/product-grid.js';
import { STYLES_PATH } from '../../../src/proxy/render/paths.js';
import { stylesheetText } from '../../../src/render/styles.js';
import { TOKEN, call, known, startStack } from '../support/stack.js';
import {
  JSON_CACHE_CONTROL,
  SHORT,
  assertFallback,
  assertLinks,
  dataAnswer,
  guid,
  jsonUrl,
  renderUrl,
  tags,
  text,
  type Composed,
  type Product,
} from '../support/render.js';

test('a filter slot renders as its fragment, from the composed answer', async () => {
  const stack = await startStack({ websites: [guid] });
  const answer = await call(renderUrl(stack, known.filterAdslot));
  const json = await call(jsonUrl(stack, known.filterAdslot));
  const composed = json.json as Composed;
  const products = composed._embedded.products!.results;
  assert.ok(products.length > 1);

  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(answer.headers.get('x-pubnet-render'), 'ready');
  assert.equal(answer.headers.get('cache-control'), json.headers.get('cache-control'));
  assert.equal(answer.headers.get('cache-control'), JSON_CACHE_CONTROL);
  assert.equal(answer.headers.get('vary'), 'Accept-Encoding');
  assert.match(answer.headers.get('etag') ?? '', /^"[\w-]+"$/);
  const html = answer.text;
  assert.ok(html.startsWith('<pubnet-adslot '), html.slice(0, 100));
  assert.ok(html.endsWith('</pubnet-adslot>'));
  assert.match(html, /^<pubnet-adslot [^]*?><template [^>]*shadowrootmode="open"[^>]*>/);
  const [element] = tags(html, 'pubnet-adslot');
  assert.equal(element.adslot, known.filterAdslot);
  assert.equal(element.key, guid);
  assert.equal(element.api, undefined, "no public URL: the page's data-api applies");
  assert.deepEqual(
    dataAnswer(html),
    composed,
    'the composed JSON answer, as the JSON route has it',
  );

  assertLinks(
    html,
    products.map((product) => product.link),
  );
  assert.match(text(html), /<span part="disclosure" class="disclosure">Ad<\/span>/);
  const images = tags(html, 'img');
  assert.equal(images.length, products.length);
  for (const image of images) {
    assert.equal(image.loading, 'lazy');
    assert.match(image.width, /^\d+$/);
    assert.match(image.height, /^\d+$/);
    assert.ok(image.alt, 'alt text');
  }
  // In the shadow root, and slotted from the light DOM (a stylesheet of the document).
  assert.deepEqual(tags(html, 'link'), [
    {
      rel: 'stylesheet',
      href: `/${STYLES_PATH}pubnet-adslot.css`,
    },
    {
      slot: 'pubnet-styles',
      rel: 'stylesheet',
      href: `/${STYLES_PATH}pubnet-adslot.css`,
    },
  ]);
  assert.doesNotMatch(html, /<style/, 'no inline style: a page with style-src self accepts it');
  assert.doesNotMatch(html, /<script/i);
  assert.deepEqual(
    stack.logs.map((entry) => [entry.path, entry.status, entry.cache, entry.note]),
    [
      [`/render/adslots/${known.filterAdslot}/`, 200, 'miss', 'render ready'],
      [`/publisher/adslots/${known.filterAdslot}/`, 200, 'hit', undefined],
    ],
    'one log line per request; the JSON read after the render is a hit',
  );
});

test('a manual slot renders its placed items: links, sandboxed creatives, no script', async () => {
  const stack = await startStack({ websites: [guid] });
  const answer = await call(renderUrl(stack, known.manualAdslot));
  const composed = (await call(jsonUrl(stack, known.manualAdslot))).json as Composed;
  assert.equal(answer.headers.get('x-pubnet-render'), 'ready');
  const html = answer.text;
  assert.deepEqual(dataAnswer(html), composed);
  // A product placed without a URL links to its tracking link; an offer to its URL.
  const expected = composed.widgets.flatMap((widget, i) =>
    widget.item_type === 'product'
      ? [composed._embedded.widgets![i]!.tracking_link!]
      : widget.item_type === 'offer'
        ? [widget.url]
        : [],
  );
  assert.equal(expected.length, 2);
  assertLinks(html, expected);
  const frames = tags(html, 'iframe');
  assert.equal(frames.length, 2, 'the banner and the HTML creative');
  for (const frame of frames) {
    const sandbox = frame.sandbox.split(/\s+/);
    assert.ok(!sandbox.includes('allow-scripts') && !sandbox.includes('allow-same-origin'));
  }
  assert.doesNotMatch(html, /<script/i, "the creatives' HTML only travels escaped in data-answer");
  assert.match(text(html), /class="disclosure">Sponsored</);
});

test('the product grid route renders the attributes it is given, its limit included', async () => {
  const stack = await startStack({ websites: [guid] });
  const query = `?query=headphones&limit=3&columns=3&layout=list&key=${guid}&sid=grid_1`;
  const answer = await call(`${stack.proxy}render/product-grid/${query}`);
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get('x-pubnet-render'), 'ready');
  assert.equal(answer.headers.get('cache-control'), JSON_CACHE_CONTROL);
  const html = answer.text;
  assert.ok(html.startsWith('<pubnet-product-grid '));
  const [element] = tags(html, 'pubnet-product-grid');
  assert.deepEqual(
    [element.query, element.limit, element.columns, element.layout, element.key, element.sid],
    ['headphones', '3', '3', 'list', guid, 'grid_1'],
  );
  assert.equal(element.api, undefined);
  const page = dataAnswer(html) as { results: Product[] };
  assert.equal(page.results.length, 3);
  assertLinks(
    html,
    page.results.map((product) => product.link),
  );
  const searches = stack.upstreamCalls().filter((c) => c.method === 'POST');
  assert.equal(searches.length, 1);
  assert.equal(
    (searches[0].body as { page_size?: number }).page_size,
    3,
    'the limit went upstream',
  );
  assert.match(html, /render\/styles\/[^/]+\/pubnet-product-grid\.css"/);
});

test('the price comparison route: its rows and their shops’ logos in one answer, then no upstream call', async () => {
  const stack = await startStack({ websites: [guid] });
  const { comparison } = known;
  const url = `${stack.proxy}render/price-comparison/?gtin=${comparison.gtin}&limit=4&key=${guid}&lang=pl`;
  const answer = await call(url);
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get('x-pubnet-render'), 'ready');
  const html = answer.text;
  assert.ok(html.startsWith('<pubnet-price-comparison '));
  const [element] = tags(html, 'pubnet-price-comparison');
  assert.deepEqual([element.gtin, element.limit, element.lang], [comparison.gtin, '4', 'pl']);
  // The answer holds the rows alone (not the search's 48), and each shop's logo.
  const given = dataAnswer(html) as {
    results: (Product & { id: string })[];
    logos: Record<string, string>;
  };
  assert.deepEqual(
    given.results.map((product) => product.id),
    comparison.expected.slice(0, 4).map((row) => row.id),
  );
  assertLinks(
    html,
    given.results.map((product) => product.link),
  );
  assert.deepEqual(
    Object.keys(given.logos).sort(),
    comparison.expected
      .slice(0, 4)
      .map((row) => row.offer_id)
      .sort(),
  );
  for (const logo of Object.values(given.logos))
    assert.ok(html.includes(`src="${logo.replaceAll('&', '&amp;')}"`), logo);
  assert.match(html, /aria-label="Porównaj ceny"/);
  assert.match(html, /zł/);
  const calls = stack.upstreamCalls();
  assert.deepEqual(
    calls.map((c) => c.method),
    ['POST', 'GET', 'GET', 'GET', 'GET'],
    'one search, then one read per shop shown',
  );
  const again = await call(url);
  assert.equal(again.text, html);
  assert.equal(stack.upstreamCalls().length, calls.length, 'kept: no upstream call');
  // Without a product to compare: collapsed, without an upstream call.
  const bare = await call(`${stack.proxy}render/price-comparison/?limit=4&key=${guid}`);
  assertFallback(bare, 'pubnet-price-comparison', /gtin, mpn or query/);
  assert.equal(stack.upstreamCalls().length, calls.length);
});

test('the loan offers route: the offers shown, each with its representative example, from one read', async () => {
  const stack = await startStack({ websites: [guid] });
  const url = `${stack.proxy}render/loan-offers/?type=short_term%7Clong_term&loan-amount=3000&limit=3&key=${guid}&lang=pl`;
  const answer = await call(url);
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get('x-pubnet-render'), 'ready');
  const html = answer.text;
  assert.ok(html.startsWith('<pubnet-loan-offers '));
  // The answer holds the offers shown alone, in their order.
  const given = dataAnswer(html) as {
    domain: string;
    tracking_link: string;
    loan_simulation: string;
  }[];
  assert.deepEqual(
    given.map((offer) => offer.domain),
    ['pozyczkaplus.example', 'kasateraz.example', 'ratyrodzinne.example'],
  );
  assertLinks(
    html,
    given.map((offer) => offer.tracking_link),
  );
  for (const offer of given)
    assert.ok(
      html.includes(`<p part="example"><!--lit-part-->${offer.loan_simulation}`),
      offer.domain,
    );
  assert.match(html, /Kwota pożyczki/);
  assert.match(html, /3–48 miesięcy/);
  assert.deepEqual(
    stack.upstreamCalls().map((c) => `${c.method} ${c.path}`),
    [`GET /publisher/payday-loans/${guid}`],
  );
  // Without a website: collapsed, without an upstream call.
  const bare = await call(`${stack.proxy}render/loan-offers/?limit=3`);
  assertFallback(bare, 'pubnet-loan-offers', /key, a website guid/);
  assert.equal(stack.upstreamCalls().length, 1);
});

test('a repeat render costs no upstream call and no rendering; request headers change nothing', async () => {
  const stack = await startStack({ websites: [guid] });
  const url = renderUrl(stack, known.filterAdslot);
  const first = await call(url);
  const calls = stack.upstreamCalls().length;
  assert.equal(calls, 2, 'the slot and its search');
  const again = await call(url);
  assert.equal(again.text, first.text);
  assert.equal(again.headers.get('etag'), first.headers.get('etag'));
  assert.equal(again.headers.get('cache-control'), JSON_CACHE_CONTROL);
  assert.equal(again.headers.get('x-cache'), 'HIT');
  assert.equal(stack.logs.at(-1)!.note, 'render kept', 'the kept HTML, not rendered again');
  assert.equal(stack.upstreamCalls().length, calls, 'no upstream call');

  // A request header is no reason to render again: nothing the proxy renders depends on it.
  const german = await call(url, { headers: { 'Accept-Language': 'de', Host: 'evil.example' } });
  assert.equal(german.text, first.text);
  assert.equal(german.headers.get('x-cache'), 'HIT');
  assert.equal(stack.logs.at(-1)!.note, 'render kept');
  assert.equal(stack.upstreamCalls().length, calls, 'no upstream call');

  // The JSON read first: the render is made from its cache entry, without an upstream call.
  const json = await call(`${stack.proxy}publisher/adslots/${known.manualAdslot}/?key=${guid}`);
  assert.equal(json.status, 200);
  const before = stack.upstreamCalls().length;
  const rendered = await call(renderUrl(stack, known.manualAdslot));
  assert.equal(rendered.headers.get('x-pubnet-render'), 'ready');
  assert.equal(rendered.headers.get('x-cache'), 'HIT');
  assert.equal(stack.upstreamCalls().length, before);
});

test('ETag and If-None-Match: a bodiless 304; HEAD answers without rendering; 405 with Allow', async () => {
  const stack = await startStack({ websites: [guid] });
  const url = renderUrl(stack, known.filterAdslot);
  const answer = await call(url);
  const etag = answer.headers.get('etag')!;
  const unchanged = await call(url, { headers: { 'If-None-Match': `"other", ${etag}` } });
  assert.equal(unchanged.status, 304);
  assert.equal(unchanged.text, '');
  assert.equal(unchanged.headers.get('etag'), etag);
  assert.equal(unchanged.headers.get('cache-control'), JSON_CACHE_CONTROL);
  assert.equal(unchanged.headers.get('content-type'), null);
  const changed = await call(url, { headers: { 'If-None-Match': '"other"' } });
  assert.equal(changed.status, 200);
  assert.equal(changed.text, answer.text);

  // HEAD of a kept render: the headers of GET, from what is kept.
  const head = await call(url, { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.text, '');
  for (const name of ['content-type', 'etag', 'cache-control', 'x-pubnet-render', 'vary'])
    assert.equal(head.headers.get(name), answer.headers.get(name), name);
  // HEAD of one not kept: 200 without rendering it, nor reading for it.
  const calls = stack.upstreamCalls().length;
  const logged = stack.logs.length;
  const cold = await call(renderUrl(stack, known.manualAdslot), { method: 'HEAD' });
  assert.deepEqual([cold.status, cold.text], [200, '']);
  assert.equal(cold.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(cold.headers.get('cache-control'), 'no-cache');
  assert.equal(stack.upstreamCalls().length, calls, 'no read');
  assert.deepEqual(
    stack.logs.slice(logged).map((entry) => entry.note),
    ['head'],
    'one request, no render',
  );
  const failed = await call(`${stack.proxy}render/product-grid/?colour=red`, { method: 'HEAD' });
  assert.equal(failed.status, 200);
  assert.equal(failed.text, '');
  assert.match(
    failed.headers.get('x-pubnet-render') ?? '',
    /^fallback; reason="unknown parameter colour"$/,
  );
  const other = await call(`${stack.proxy}render/adslots/${known.filterAdslot}/`, {
    method: 'POST',
  });
  assert.equal(other.status, 405, 'only GET and HEAD');
  assert.equal(other.headers.get('allow'), 'GET, HEAD');
});

test('an unknown slot, and a key the proxy does not serve, render collapsed', async () => {
  const stack = await startStack({ websites: [guid] });
  const unknown = await call(renderUrl(stack, 'a1000000-0000-4000-8000-0000000000ff'));
  assertFallback(unknown, 'pubnet-adslot', /NotFoundError: Request failed with status code 404/);
  assert.equal(
    tags(unknown.text, 'pubnet-adslot')[0].adslot,
    'a1000000-0000-4000-8000-0000000000ff',
  );

  // What the JSON route answers (403) is what the render is made from.
  const calls = stack.upstreamCalls().length;
  const other = known.websites.secondActive.guid;
  const json = await call(`${stack.proxy}publisher/adslots/${known.filterAdslot}/?key=${other}`);
  assert.equal(json.status, 403);
  const pinned = await call(renderUrl(stack, known.filterAdslot, `?key=${other}`));
  assertFallback(pinned, 'pubnet-adslot', /status code 403/);
  assert.equal(stack.upstreamCalls().length, calls, 'refused without an upstream call');
  assert.match(stack.logs.at(-1)!.note ?? '', /^render collapsed: AuthError: /);
});

test('an upstream fault renders collapsed, then the slot renders again', async () => {
  const stack = await startStack({ websites: [guid] });
  stack.emulator.setFaults([{ path: '/publisher/adslots/*', kind: 'status', status: 500 }]);
  const url = renderUrl(stack, known.filterAdslot);
  const failed = await call(url);
  assertFallback(failed, 'pubnet-adslot', /status code 500/);
  assert.equal(stack.upstreamCalls().length, 1, 'the slot was asked for');
  stack.emulator.setFaults([]);
  const back = await call(url);
  assert.equal(back.headers.get('x-pubnet-render'), 'ready', 'a failure is never kept');
  assert.equal(back.headers.get('cache-control'), JSON_CACHE_CONTROL);
});

test('a render from a stale read is ready but no-cache, and not kept', async () => {
  let now = 1_000_000;
  const stack = await startStack({
    websites: [guid],
    cache: { ttl: 10_000 },
    now: () => now,
    waitUntil: true,
  });
  const url = renderUrl(stack, known.filterAdslot);
  const fresh = await call(url);
  assert.equal(fresh.headers.get('cache-control'), 'public, max-age=10, stale-while-revalidate=60');
  now += 10_000; // both the JSON and the kept HTML expire
  // The search fails (the slot is revalidated in the background meanwhile).
  stack.emulator.setFaults([{ path: '/publisher/products/*', kind: 'status', status: 503 }]);
  const stale = await call(url);
  assert.equal(stale.headers.get('x-pubnet-render'), 'ready');
  assert.equal(stale.headers.get('x-cache'), 'STALE');
  assert.equal(stale.headers.get('cache-control'), 'no-cache', 'as the JSON route sends it');
  assert.equal(stale.text, fresh.text, 'made from the stored composed answer');
  stack.emulator.setFaults([]);
  await stack.settled();
  const again = await call(url);
  assert.equal(again.headers.get('x-cache'), 'MISS', 'the stale render was not kept');
  assert.equal(again.headers.get('cache-control'), 'public, max-age=10, stale-while-revalidate=60');
});

test('a composition with a part missing renders the skeleton: partial, short cache', async () => {
  const stack = await startStack({ websites: [guid] });
  stack.emulator.setFaults([
    { method: 'POST', path: '/publisher/products/', kind: 'status', status: 500 },
  ]);
  const answer = await call(renderUrl(stack, known.filterAdslot));
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get('x-pubnet-render') ?? '', /^partial; reason="[^"]+"$/);
  assert.equal(answer.headers.get('cache-control'), SHORT);
  const answered = dataAnswer(answer.text) as Composed;
  assert.equal(answered._embedded.products, undefined, 'the browser loads the products itself');
  assert.deepEqual(tags(answer.text, 'a'), []);
  stack.emulator.setFaults([]);
  const whole = await call(renderUrl(stack, known.filterAdslot));
  assert.equal(whole.headers.get('x-pubnet-render'), 'ready', 'a partial render is never kept');
});

test('bad parameters render collapsed, escaped, without an upstream call', async () => {
  const stack = await startStack({ websites: [guid] });
  const grid = `${stack.proxy}render/product-grid/`;
  const cases: [url: string, tag: string, reason: RegExp][] = [
    [`${grid}?colour=red`, 'pubnet-product-grid', /reason="unknown parameter colour"/],
    [`${grid}?api=https://evil.example/`, 'pubnet-product-grid', /unknown parameter api/],
    [`${grid}?limit=2&limit=3`, 'pubnet-product-grid', /parameter limit given twice/],
    [`${grid}?key=not%20a%20guid`, 'pubnet-product-grid', /status code 403/],
    [renderUrl(stack, known.filterAdslot, '?key=not%20a%20guid'), 'pubnet-adslot', /key must be/],
    [
      renderUrl(stack, known.filterAdslot, '?sid=far-too-long-' + 'x'.repeat(40)),
      'pubnet-adslot',
      /sid must be/,
    ],
    [
      renderUrl(stack, known.filterAdslot, `?key=${guid}&page=2`),
      'pubnet-adslot',
      /unknown parameter page/,
    ],
    [
      renderUrl(stack, '%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E'),
      'pubnet-adslot',
      /adslot must be/,
    ],
  ];
  for (const [url, tag, reason] of cases) {
    const answer = await call(url);
    assertFallback(answer, tag, reason);
    assert.equal(tags(answer.text, tag)[0].api, undefined);
  }
  const escaped = await call(renderUrl(stack, '%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E'));
  assert.equal(tags(escaped.text, 'pubnet-adslot')[0].adslot, '"><script>alert(1)</script>');
  assert.equal(stack.upstreamCalls().length, 0);
});

test("the rate limit counts a render's reads for the client that asked", async () => {
  const stack = await startStack({
    websites: [guid],
    now: () => 0, // no refill
    rateLimit: { rate: 1, burst: 2, ipHeader: 'x-client-ip' },
  });
  const as = (ip: string) => ({ headers: { 'X-Client-IP': ip } });
  const first = await call(renderUrl(stack, known.filterAdslot), as('198.51.100.1'));
  assert.equal(first.headers.get('x-pubnet-render'), 'ready', 'the slot and its search: 2 calls');
  const limited = await call(renderUrl(stack, known.manualAdslot), as('198.51.100.1'));
  assertFallback(limited, 'pubnet-adslot', /RateLimitError|status code 429/, 'no-store');
  const other = await call(renderUrl(stack, known.manualAdslot), as('198.51.100.2'));
  assert.equal(other.headers.get('x-pubnet-render'), 'ready', 'another client has its own bucket');
  const cached = await call(renderUrl(stack, known.filterAdslot), as('198.51.100.1'));
  assert.equal(cached.headers.get('x-pubnet-render'), 'ready', 'what is cached costs nothing');
});

test('the styles route: each element CSS, cached for a year; 404 for another tag or version', async () => {
  const stack = await startStack({ websites: [guid] });
  const slot = await call(renderUrl(stack, known.filterAdslot));
  const href = new URL(tags(slot.text, 'link')[0].href, stack.proxy).href;
  const base = href.slice(0, href.lastIndexOf('/') + 1);
  assert.ok(base.startsWith(`${stack.proxy}render/styles/`));
  const sheets: [string, Parameters<typeof stylesheetText>[0]][] = [
    ['pubnet-adslot', PubnetAdslot],
    ['pubnet-product-grid', PubnetProductGrid],
  ];
  for (const [tag, element] of sheets) {
    const css = await call(`${base}${tag}.css`);
    assert.equal(css.status, 200);
    assert.equal(css.headers.get('content-type'), 'text/css; charset=utf-8');
    assert.equal(css.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(css.text, stylesheetText(element));
    assert.ok(css.text.length > 100);
    const etag = css.headers.get('etag')!;
    assert.match(etag, /^"[\w-]+"$/);
    const unchanged = await call(`${base}${tag}.css`, { headers: { 'If-None-Match': etag } });
    assert.deepEqual([unchanged.status, unchanged.text], [304, '']);
    const head = await call(`${base}${tag}.css`, { method: 'HEAD' });
    assert.deepEqual([head.status, head.text, head.headers.get('etag')], [200, '', etag]);
  }
  assert.notEqual(
    (await call(`${base}pubnet-adslot.css`)).text,
    (await call(`${base}pubnet-product-grid.css`)).text,
  );
  for (const url of [
    `${base}pubnet-offer-link.css`,
    `${base}pubnet-nothing.css`,
    `${stack.proxy}render/styles/0.0.0-other/pubnet-adslot.css`,
    `${base}pubnet-adslot.js`,
    `${stack.proxy}render/elsewhere/`,
  ]) {
    const answer = await call(url);
    assert.equal(answer.status, 404, url);
    assert.deepEqual(answer.json, { detail: 'Not found.' });
  }
});

test('CORS as for the other routes, and the token nowhere', async () => {
  const origin = 'https://shop.example';
  const stack = await startStack({ websites: [guid], allowOrigins: [origin] });
  const answer = await call(renderUrl(stack, known.filterAdslot), { headers: { Origin: origin } });
  assert.equal(answer.headers.get('access-control-allow-origin'), origin);
  assert.match(answer.headers.get('access-control-expose-headers') ?? '', /X-Pubnet-Render/);
  assert.equal(answer.headers.get('vary'), 'Origin, Accept-Encoding');
  const preflight = await fetch(renderUrl(stack, known.filterAdslot), {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
  });
  assert.equal(preflight.status, 204);
  const sheet = new URL(tags(answer.text, 'link')[0].href, stack.proxy).href;
  const css = await call(sheet, { headers: { Origin: origin } });
  assert.equal(css.headers.get('access-control-allow-origin'), origin);
  // Every answer of this file went through `call`, which fails on the token; the log too.
  assert.ok(!JSON.stringify(stack.logs).includes(TOKEN));
  assert.ok(answer.text.includes(known.filterAdslot) && !answer.text.includes(TOKEN));
});

test('behind a public URL, the fragment points there and its reads stay in the process', async () => {
  const publicUrl = 'https://shop.example/pubnet/';
  const stack = await startStack({ websites: [guid], basePath: '/api/', publicUrl });
  assert.ok(stack.proxy.endsWith('/api/'));
  const answer = await call(renderUrl(stack, known.filterAdslot));
  assert.equal(answer.headers.get('x-pubnet-render'), 'ready');
  const [element] = tags(answer.text, 'pubnet-adslot');
  assert.equal(element.api, publicUrl);
  assert.ok(tags(answer.text, 'link')[0].href.startsWith(`${publicUrl}render/styles/`));
  const composed = dataAnswer(answer.text) as { _embedded: { products: { next: string } } };
  assert.ok(composed._embedded.products.next.startsWith(`${publicUrl}publisher/products/`));
  assert.equal(
    stack.upstreamCalls().length,
    2,
    'read through this proxy, not through its public URL',
  );
});
