// `pubnet-widgets/render` in Node, against the emulator through the shipped
// proxy over real HTTP: what it renders, from which answer, in which state,
// with which styles; hostile data stays text; bad options throw, naming the option.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PubnetAdslot } from '../../src/components/adslot/adslot.js';
import {
  renderAdslot,
  renderPriceComparison,
  renderProductGrid,
  renderTags,
  stylesheetText,
  type RenderedWidget,
} from '../../src/render/index.js';
import { known, startStack } from '../proxy/support/stack.js';

const key = known.website.guid;
const stack = await startStack({ websites: [key] });
const api = stack.proxy;

/** The `<a>` tags of the shadow root, with their attributes. */
const links = (rendered: RenderedWidget) =>
  [...rendered.shadow.matchAll(/<a\b([^>]*)>/g)].map(([, attributes]) =>
    Object.fromEntries(
      [...attributes.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]),
    ),
  );

test('a filter slot: its products as links, with the label and lazy images, from the composed answer', async () => {
  const rendered = await renderAdslot({ adslot: known.filterAdslot, key, api });
  assert.equal(rendered.state, 'ready');
  assert.equal(rendered.reason, undefined);
  assert.match(rendered.html, /^<pubnet-adslot adslot="a1000000-[^"]*" key="[^"]*"/);
  assert.match(rendered.shadow, /^<template shadowroot="open" shadowrootmode="open"><style>/);
  assert.equal(rendered.attributes.state, 'ready');
  const answer = JSON.parse(rendered.attributes['data-answer']!);
  const products = answer._embedded.products.results as { link: string }[];
  const shown = links(rendered).filter((link) => link['data-i'] !== undefined);
  assert.equal(shown.length, 8);
  for (const [i, link] of shown.entries()) {
    assert.equal(link.href, products[i]!.link);
    assert.match(link.rel!, /\bsponsored\b/);
    assert.match(link.rel!, /\bnoopener\b/);
    assert.equal(link.target, '_blank');
  }
  assert.match(rendered.shadow, /<span part="disclosure" class="disclosure">(<!--[^>]*-->)*Ad/);
  const images = [...rendered.shadow.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
  assert.equal(images.length, 8);
  for (const image of images) {
    assert.match(image, /loading="lazy"/);
    assert.match(image, / width="\d+"/);
    assert.match(image, / height="\d+"/);
    assert.match(image, / alt="/);
  }
  // The whole element, and the same as a stream.
  assert.ok(rendered.html.endsWith(`>${rendered.shadow}</pubnet-adslot>`));
  assert.equal(await new Response(rendered.stream()).text(), rendered.html);
});

test('the answer the element is rendered from is the proxy’s composed answer', async () => {
  const rendered = await renderAdslot({ adslot: known.manualAdslot, key, sid: 'spring', api });
  assert.equal(rendered.state, 'ready');
  const direct = await fetch(
    `${api}publisher/adslots/${known.manualAdslot}/?key=${key}&sid=spring`,
  );
  assert.deepEqual(JSON.parse(rendered.attributes['data-answer']!), await direct.json());
  // The places of the placed widgets are attributes on the server (Lit SSR writes no properties).
  assert.match(
    rendered.shadow,
    /class="card placed"\s+style="left:\d+px;top:\d+px;width:\d+px;height:\d+px"/,
  );
  // A creative is in its sandboxed frame's srcdoc already: it shows without JavaScript.
  assert.match(
    rendered.shadow,
    /<iframe\s+srcdoc="&lt;base target=&quot;_blank&quot;&gt;[^"]+"\s+sandbox="allow-popups allow-popups-to-escape-sandbox"/,
  );
  assert.doesNotMatch(rendered.shadow, /style="[^"]*"\s+style=/, 'one style attribute');
});

test('a product grid for its attributes: the search the element itself runs, its columns as a class', async () => {
  const rendered = await renderProductGrid(
    { query: 'headphones', limit: '3', columns: '3', layout: 'grid', key, sid: 'x1' },
    { api },
  );
  assert.equal(rendered.state, 'ready');
  assert.deepEqual(
    Object.keys(rendered.attributes).filter((name) => name != 'data-answer'),
    ['query', 'limit', 'columns', 'layout', 'key', 'sid', 'data-room', 'state'],
  );
  assert.equal(rendered.attributes['data-room'], 'grid c3 u3');
  assert.equal(links(rendered).length, 3);
  assert.match(rendered.shadow, /<ul\s+role="list"\s+class="grid c3"/);
  const search = stack.emulator.requests.filter((r) => r.path == '/publisher/products/').at(-1)!;
  assert.deepEqual(search.body, {
    filters: [{ any: { lookup: 'contains', value: 'headphones' } }],
    ordering: '-score',
    page_size: 3,
  });
});

test('hostile products stay text, and only http(s) links and images are written', async () => {
  const rendered = await renderAdslot({ adslot: known.hostileAdslot, key, api });
  assert.equal(rendered.state, 'ready');
  assert.doesNotMatch(rendered.shadow, /<script|<img[^>]*onerror|javascript:|data:text/i);
  for (const link of links(rendered)) assert.match(link.href!, /^https?:\/\//);
  for (const [, src] of rendered.shadow.matchAll(/<img\b[^>]*src="([^"]*)"/g))
    assert.match(src!, /^https?:\/\//);
  // The answer travels as an attribute, whole: no quote in it ends it early,
  // no angle bracket opens a tag.
  const written = rendered.html.match(/ data-answer="([^"]*)"/)![1]!;
  assert.doesNotMatch(written, /[<>]/);
  assert.deepEqual(
    JSON.parse(
      written
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ),
    JSON.parse(rendered.attributes['data-answer']!),
  );
});

test('failing or empty: the fallback (or the collapsed element), with why, and no answer', async () => {
  const missing = await renderAdslot({
    adslot: 'a1000000-0000-4000-8000-0000000000ff',
    key,
    api,
    fallback: '<p>Our own offer</p>',
  });
  assert.equal(missing.state, 'fallback');
  assert.match(missing.reason!, /^NotFoundError: Request failed with status code 404/);
  assert.equal(missing.attributes['data-answer'], 'null');
  assert.equal(missing.attributes.state, 'fallback');
  assert.match(missing.shadow, /<slot name="fallback"><\/slot>/);
  assert.match(
    missing.html,
    /<\/template><div slot="fallback"><p>Our own offer<\/p><\/div><\/pubnet-adslot>$/,
  );

  const empty = await renderAdslot({ adslot: known.emptyFilterAdslot, key, api });
  assert.equal(empty.state, 'collapsed');
  assert.equal(empty.reason, 'nothing to show');
  assert.equal(empty.attributes.state, 'collapsed');

  const unreachable = await renderAdslot({
    adslot: known.filterAdslot,
    key,
    api: 'http://127.0.0.1:9/',
  });
  assert.equal(unreachable.state, 'collapsed');
  assert.match(unreachable.reason!, /^NetworkError/);
});

test('an element that shows its answer states its room (data-room, which pubnet.css reads); a failed one none', async () => {
  const room = (rendered: RenderedWidget) => rendered.attributes['data-room'];
  const slot = await renderAdslot({ adslot: known.filterAdslot, key, api });
  // Its config: 8 cards in 4 columns at most, with the label.
  assert.equal(room(slot), 'grid c4 u8');
  assert.match(slot.html, /^<pubnet-adslot [^>]* data-room="grid c4 u8"[ >]/);
  assert.equal(
    room(
      await renderAdslot({ adslot: known.filterAdslot, key, api, attributes: { disclosure: '' } }),
    ),
    'grid c4 u8 bare',
  );
  // A manual slot's canvas: no stylesheet knows it.
  assert.equal(room(await renderAdslot({ adslot: known.manualAdslot, key, api })), undefined);
  const grid = (attributes: Record<string, string>) =>
    renderProductGrid({ query: 'headphones', key, ...attributes }, { api }).then(room);
  // The list keeps `limit` places whatever it finds: the room is `limit`'s.
  assert.equal(await grid({}), 'grid c4 u8');
  assert.equal(await grid({ limit: '4' }), 'grid c4 u4');
  assert.equal(
    await grid({ limit: '12', columns: '2', layout: 'list', disclosure: '' }),
    'list c2 t1 u2 bare',
  );
  assert.equal(await grid({ limit: '48', columns: '6' }), 'grid c6 t4 u8');
  // Its rows, as many as it shows (no empty ones after them).
  const comparison = await renderPriceComparison(
    { gtin: known.comparison.gtin, limit: '10', key },
    { api },
  );
  const rows = JSON.parse(comparison.attributes['data-answer']!).results.length;
  assert.ok(rows > 1 && rows < 10, `${rows} rows`);
  assert.equal(room(comparison), `u${rows}`);
  const empty = await renderAdslot({ adslot: known.emptyFilterAdslot, key, api });
  assert.equal(empty.state, 'collapsed');
  assert.equal(room(empty), undefined);
  assert.doesNotMatch(empty.html, /data-room/);
});

test('an answer the composition left incomplete renders the skeleton, which the browser completes', async () => {
  // A proxy of its own: the search must not be in its cache already.
  const own = await startStack({ websites: [key] });
  own.emulator.setFaults([
    { path: '/publisher/products/', method: 'POST', kind: 'status', status: 503 },
  ]);
  const partial = await renderAdslot({ adslot: known.filterAdslot, key, api: own.proxy });
  assert.equal(partial.state, 'loading');
  assert.match(partial.reason!, /incomplete/);
  assert.equal((partial.shadow.match(/<li class="card skeleton"/g) ?? []).length, 8);
  assert.equal(JSON.parse(partial.attributes['data-answer']!)._embedded.products, undefined);
  // The skeleton has the cards' size: the same room.
  assert.equal(partial.attributes['data-room'], 'grid c4 u8');
  await own.close();
});

test('styles: inline by default, a nonce, or a link to the stylesheets', async () => {
  const css = stylesheetText(PubnetAdslot);
  assert.ok(css.includes('--pubnet-bg'));
  const nonce = await renderAdslot({
    adslot: known.filterAdslot,
    key,
    api,
    styles: { nonce: 'r4nd0m+/=' },
  });
  assert.ok(
    nonce.shadow.startsWith(
      `<template shadowroot="open" shadowrootmode="open"><style nonce="r4nd0m+/=">${css}</style>`,
    ),
  );
  const linked = await renderAdslot({
    adslot: known.filterAdslot,
    key,
    api,
    styles: { stylesheets: 'https://cdn.example/pubnet-widgets@1' },
  });
  const href = 'https://cdn.example/pubnet-widgets@1/pubnet-adslot.css';
  // Linked in the shadow root, and from a light-DOM child slotted first into it: a stylesheet
  // of the document, which WebKit and Chromium wait for (src/render/styles.ts).
  assert.ok(
    linked.shadow.startsWith(
      `<template shadowroot="open" shadowrootmode="open"><link rel="stylesheet" href="${href}"><slot name="pubnet-styles"></slot><!--lit-part`,
    ),
  );
  assert.ok(
    linked.shadow.endsWith(
      `</template><link slot="pubnet-styles" rel="stylesheet" href="${href}">`,
    ),
  );
  assert.ok(linked.html.includes(linked.shadow));
  assert.equal(linked.stylesheet, href);
  assert.equal(nonce.stylesheet, undefined);
  assert.doesNotMatch(linked.shadow, /<style/);
});

test('the stylesheets style the shadow tree alone: every rule is in its context, :host', () => {
  const css = stylesheetText(PubnetAdslot);
  const rules = [...css.matchAll(/(?:^|})\s*([^{}@]+)\{/g)].map(([, selectors]) => selectors!);
  assert.ok(rules.length > 20);
  for (const selectors of rules)
    for (const selector of selectors.split(/,(?![^(]*\))/))
      assert.match(selector.trim(), /^:host\b/, selector);
});

test('renderTags links the stylesheets of linked styles in <head> too, once each', async () => {
  const page = `<!doctype html><html><head><title>A</title><!-- </head> --></head><body>
<pubnet-adslot adslot="${known.filterAdslot}"></pubnet-adslot>
<pubnet-product-grid query="headphones" limit="4"></pubnet-product-grid>
<pubnet-product-grid query="headphones" limit="2"></pubnet-product-grid></body></html>`;
  const base = 'https://cdn.example/pubnet-widgets@1/';
  const { html, widgets } = await renderTags(page, { api, key, styles: { stylesheets: base } });
  assert.equal(widgets.length, 3);
  const head = html.slice(0, html.indexOf('<body>'));
  assert.equal(
    head,
    `<!doctype html><html><head><title>A</title><!-- </head> --><link rel="stylesheet" href="${base}pubnet-adslot.css"><link rel="stylesheet" href="${base}pubnet-product-grid.css"></head>`,
  );
  // Inline styles link nothing.
  const inline = await renderTags(page, { api, key });
  assert.equal(
    inline.html.slice(0, inline.html.indexOf('<body>')),
    page.slice(0, page.indexOf('<body>')),
  );
});

test('bad options throw a TypeError naming the option', async () => {
  const cases: [unknown, RegExp][] = [
    [{ adslot: '../x', api }, /adslot/],
    [{ adslot: known.filterAdslot, api: 'ftp://x' }, /api/],
    [{ adslot: known.filterAdslot, api, key: 'a b' }, /key/],
    [{ adslot: known.filterAdslot, api, sid: 'x'.repeat(33) }, /sid/],
    [{ adslot: known.filterAdslot, api, styles: { nonce: '"><script>' } }, /styles/],
    [{ adslot: known.filterAdslot, api, styles: { stylesheets: 'javascript:x' } }, /styles/],
    [{ adslot: known.filterAdslot, api, timeout: -1 }, /timeout/],
    [{ adslot: known.filterAdslot, api, attributes: { api: 1 } }, /attributes/],
    [{ adslot: known.filterAdslot, api, fallback: 1 }, /fallback/],
  ];
  for (const [options, name] of cases)
    await assert.rejects(renderAdslot(options as never), (error: Error) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, name);
      return true;
    });
  await assert.rejects(renderProductGrid({ colour: 'red' } as never, { api }), /colour/);
  await assert.rejects(renderProductGrid({ limit: 3 } as never, { api }), /limit/);
});

test('an aborted render rejects with the signal’s reason', async () => {
  const controller = new AbortController();
  controller.abort(new Error('page gone'));
  await assert.rejects(
    renderAdslot({ adslot: known.filterAdslot, key, api, signal: controller.signal }),
    /page gone/,
  );
});

test('invalid attribute values are ignored, as the element does, and returned as warnings, not logged', async () => {
  const rendered = await renderProductGrid({ query: 'headphones', limit: 'many', key }, { api });
  assert.equal(rendered.state, 'ready');
  assert.equal(links(rendered).length, 8, 'the default limit');
  assert.equal(rendered.warnings.length, 1);
  assert.match(rendered.warnings[0]!, /limit/);
  const clean = await renderAdslot({ adslot: known.filterAdslot, key, api });
  assert.deepEqual(clean.warnings, []);
});

test('LOAN_OFFERS_ATTRIBUTES are the element’s own attributes (but its state, eager, and lang)', async () => {
  const { PubnetLoanOffers } = await import('../../src/components/loan-offers/loan-offers.js');
  const { LOAN_OFFERS_ATTRIBUTES } = await import('../../src/render/index.js');
  assert.deepEqual(
    [...LOAN_OFFERS_ATTRIBUTES].sort(),
    PubnetLoanOffers.observedAttributes
      .filter((name) => !['state', 'eager', 'lang'].includes(name))
      .sort(),
  );
});

test('PRICE_COMPARISON_ATTRIBUTES are the element’s own attributes (but its state, eager, and lang)', async () => {
  const { PubnetPriceComparison } =
    await import('../../src/components/price-comparison/price-comparison.js');
  const { PRICE_COMPARISON_ATTRIBUTES } = await import('../../src/render/index.js');
  assert.deepEqual(
    [...PRICE_COMPARISON_ATTRIBUTES].sort(),
    PubnetPriceComparison.observedAttributes
      .filter((name) => !['state', 'eager', 'lang'].includes(name))
      .sort(),
  );
});

test('PRODUCT_GRID_ATTRIBUTES are the element’s own attributes (but its state, eager, and lang: an option of the render)', async () => {
  const { PubnetProductGrid } = await import('../../src/components/product-grid/product-grid.js');
  const { PRODUCT_GRID_ATTRIBUTES } = await import('../../src/render/index.js');
  assert.deepEqual(
    [...PRODUCT_GRID_ATTRIBUTES].sort(),
    PubnetProductGrid.observedAttributes
      .filter((name) => !['state', 'eager', 'lang'].includes(name))
      .sort(),
  );
});
