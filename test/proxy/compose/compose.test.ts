// The composed ad slot answer (api-contract §10): what `_embedded` holds, compared with what
// the same proxy answers for the requests a widget would make itself; pinning; HTTP caching.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adslotProductSearch, placedProductSearch } from '../../../src/client/product-search.js';
import type { Adslot, AdslotEmbedded, Paginated, Product } from '../../../src/client/types.js';
import { TOKEN, call, jsonInit, known, startStack, type Stack } from '../support/stack.js';

const guid = known.website.guid;
const slotPath = (id: string, query = '') => `publisher/adslots/${id}/${query}`;
type Composed = Adslot & { _embedded?: AdslotEmbedded };

/** The ad slot as the emulator answers it, without the proxy. */
async function rawSlot(stack: Stack, id: string): Promise<Adslot> {
  const response = await fetch(stack.upstream + slotPath(id), {
    headers: { Authorization: `Token ${TOKEN}` },
  });
  return (await response.json()) as Adslot;
}

test('filter slot: _embedded.products is what the widget’s own search answers, from one cache', async () => {
  const stack = await startStack({ websites: [guid] });
  const composed = await call(stack.proxy + slotPath(known.filterAdslot, `?key=${guid}`));
  assert.equal(composed.status, 200);
  const { _embedded, ...slot } = composed.json as Composed;
  assert.deepEqual(slot, await rawSlot(stack, known.filterAdslot), 'the slot itself, unchanged');
  const calls = stack.upstreamCalls().length;

  const search = await call(
    `${stack.proxy}publisher/products/?key=${guid}`,
    jsonInit('POST', adslotProductSearch(slot)),
  );
  assert.equal(search.status, 200);
  assert.deepEqual(_embedded?.products, search.json);
  assert.ok((search.json as Paginated<Product>).results.length > 0, 'the slot finds products');
  assert.equal(search.headers.get('x-cache'), 'HIT', 'the widget’s search is the same entry');
  assert.equal(stack.upstreamCalls().length, calls);
});

test('manual slot: one entry per widget, with tracking links, products and offers', async () => {
  const stack = await startStack({ websites: [guid] });
  const composed = await call(stack.proxy + slotPath(known.manualAdslot, `?key=${guid}&sid=nav_1`));
  assert.equal(composed.status, 200);
  const { _embedded, ...slot } = composed.json as Composed;
  const widgets = slot.widgets!;
  const entries = _embedded!.widgets!;
  assert.equal(entries.length, widgets.length);
  assert.deepEqual(
    widgets.map((w) => w.item_type),
    ['product', 'offer', 'banner', 'html'],
  );
  const calls = stack.upstreamCalls().length;

  // The product placed without a URL: its link is what the widget's own PUT answers (cached).
  const [product, offer, banner, html] = entries;
  const put = await call(
    `${stack.proxy}publisher/products/${widgets[0].token}/tracking_link/`,
    jsonInit('PUT', { website: guid, sid: 'nav_1' }),
  );
  assert.equal(put.headers.get('x-cache'), 'HIT');
  assert.equal(product?.tracking_link, (put.json as { tracking_link: string }).tracking_link);
  assert.match(product!.tracking_link!, /sid=nav_1/);

  // Its product: from the one search for all placed products, with the fields a widget shows.
  const placed = await call(
    `${stack.proxy}publisher/products/?key=${guid}`,
    jsonInit('POST', placedProductSearch(widgets)),
  );
  assert.equal(placed.headers.get('x-cache'), 'HIT');
  const found = (placed.json as Paginated<Product>).results.find((p) => p.id === known.product)!;
  const fields = ['id', 'title', 'brand', 'images', 'price', 'sale_price', 'discount', 'link'];
  assert.deepEqual(
    product?.product,
    Object.fromEntries(fields.map((field) => [field, found[field as keyof Product]])),
  );
  assert.equal(product?.product?.id, widgets[0].token);
  assert.match(product?.product?.link ?? '', /\/click\//, 'attributed to the key');

  // The offer: it has a URL of its own, so no tracking link; its id, title and logo.
  const own = await call(`${stack.proxy}publisher/offers/${widgets[1].token}/`);
  assert.equal(own.headers.get('x-cache'), 'HIT');
  const { id, title, logo_thumbnail } = own.json as Record<string, unknown>;
  assert.deepEqual(offer, { offer: { id, title, logo_thumbnail } });
  assert.deepEqual([banner, html], [null, null], 'creatives need nothing');
  assert.equal(stack.upstreamCalls().length, calls, 'every part was in the cache already');
});

test('manual slot: offers without a URL get a link; what the API has not is null', async () => {
  const stack = await startStack();
  const created = await fetch(`${stack.upstream}publisher/adslots/`, {
    ...jsonInit('POST', {
      title: 'Composition cases',
      website: known.website.id,
      type: 'manual',
      widgets: [
        { item_type: 'offer', token: known.offers[2], url: '' },
        { item_type: 'product', token: 'no-such-product', url: null },
        {
          item_type: 'offer',
          token: '0f1e2d3c-0000-4000-8000-000000000000',
          url: 'https://x.example/',
        },
        { item_type: 'product', token: null, url: '' },
      ],
    }),
    headers: { 'Content-Type': 'application/json', Authorization: `Token ${TOKEN}` },
  });
  const { id } = (await created.json()) as { id: string };
  const composed = await call(stack.proxy + slotPath(id, `?key=${guid}`));
  const entries = (composed.json as Composed)._embedded!.widgets!;
  const link = await call(
    `${stack.proxy}publisher/offers/${known.offers[2]}/tracking_link/`,
    jsonInit('PUT', { website: guid }),
  );
  assert.equal(link.headers.get('x-cache'), 'HIT', 'the same body a widget sends: no sid');
  assert.equal(entries[0]?.tracking_link, (link.json as { tracking_link: string }).tracking_link);
  assert.equal(entries[0]?.offer?.id, known.offers[2]);
  assert.equal(entries[1]?.product, null, 'the search answered, without it');
  assert.equal(entries[1]?.tracking_link, null, 'the API answered 404');
  assert.deepEqual(entries[2], { offer: null }, 'a 404 offer');
  assert.equal(entries[3], null, 'a product without a token has nothing to show');
  assert.equal(composed.headers.get('x-cache'), 'MISS');
  assert.match(composed.headers.get('cache-control') ?? '', /^public/, 'a whole answer');
});

test('key pinning, sid check, and the slot’s own website when no key is given', async () => {
  const stack = await startStack({ websites: [guid] });
  const refused = await call(
    stack.proxy + slotPath(known.filterAdslot, `?key=${known.websites.secondActive.guid}`),
  );
  assert.equal(refused.status, 403);
  const badSid = await call(stack.proxy + slotPath(known.filterAdslot, `?key=${guid}&sid=a+b`));
  assert.equal(badSid.status, 400);
  assert.deepEqual(Object.keys(badSid.json as object), ['sid']);
  assert.equal(stack.upstreamCalls().length, 0, 'refused before any upstream call');

  const keyless = await call(stack.proxy + slotPath(known.filterAdslot));
  assert.ok((keyless.json as Composed)._embedded?.products, 'composed');
  assert.equal(stack.upstreamCalls().at(-1)?.search, `?key=${guid}`, 'for the slot’s website');
  // Neither key nor sid is forwarded with the slot: one upstream slot for every key and sid.
  assert.equal(stack.upstreamCalls()[0].search, '');

  // A slot of a website this proxy does not serve, asked for without a key: the slot alone.
  const calls = stack.upstreamCalls().length;
  const foreign = await call(stack.proxy + slotPath(known.secondSiteAdslot));
  assert.equal(foreign.status, 200);
  assert.equal((foreign.json as Composed)._embedded, undefined);
  assert.equal(stack.upstreamCalls().length, calls + 1);
});

test('HTTP caching: Cache-Control, ETag → 304, Vary; key and sid are in the cache key', async () => {
  const stack = await startStack({
    websites: [guid],
    allowOrigins: ['https://shop.example'],
    cache: { ttl: 30_000, staleWhileRevalidate: 45_000 },
  });
  const url = stack.proxy + slotPath(known.manualAdslot, `?key=${guid}&sid=a`);
  const headers = { Origin: 'https://shop.example' };
  const first = await call(url, { headers });
  assert.equal(first.headers.get('cache-control'), 'public, max-age=30, stale-while-revalidate=45');
  assert.equal(first.headers.get('vary'), 'Origin, Accept-Encoding');
  const etag = first.headers.get('etag')!;
  assert.match(etag, /^"[\w-]+"$/);
  const again = await call(url, { headers: { ...headers, 'If-None-Match': etag } });
  assert.deepEqual([again.status, again.text, again.headers.get('etag')], [304, '', etag]);
  assert.equal(again.headers.get('x-cache'), 'HIT');

  // Another sid: another answer, made of the cached slot, search and offer plus one new link.
  const calls = stack.upstreamCalls().length;
  const other = await call(stack.proxy + slotPath(known.manualAdslot, `?key=${guid}&sid=b`));
  assert.equal(other.headers.get('x-cache'), 'MISS');
  assert.notEqual(other.headers.get('etag'), etag);
  assert.deepEqual(
    stack
      .upstreamCalls()
      .slice(calls)
      .map((c) => `${c.method} ${c.path}`),
    [`PUT /publisher/products/${known.product}/tracking_link/`],
  );
  // A CDN may keep the directive out: staleWhileRevalidate 0.
  const plain = await startStack({ cache: { ttl: 30_000, staleWhileRevalidate: 0 } });
  const answer = await call(plain.proxy + slotPath(known.filterAdslot));
  assert.equal(answer.headers.get('cache-control'), 'public, max-age=30');
  assert.equal(answer.headers.get('vary'), 'Accept-Encoding', 'no origin list: no Vary: Origin');
});

test('the token never reaches a composed answer, even when upstream puts it in a part', async () => {
  const stack = await startStack({
    websites: [guid],
    // An API that echoes the token inside a product: the composition must scrub it too.
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).includes('/publisher/products/')) return response;
      const text = (await response.text()).replace(/"title":"/g, `"title":"${TOKEN} `);
      return new Response(text, { status: response.status, headers: response.headers });
    },
  });
  for (const id of [known.filterAdslot, known.manualAdslot]) {
    // call() fails on the token in the status line, any header or the body.
    const composed = await call(stack.proxy + slotPath(id, `?key=${guid}&sid=t`));
    assert.equal(composed.status, 200);
    assert.match(composed.text, /\[redacted\] /, 'the echoed token was replaced');
  }
  assert.ok(!JSON.stringify(stack.logs).includes(TOKEN));
});
