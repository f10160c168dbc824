// The Express recipe of examples/render/express, over real HTTP: its tiny app with the
// middleware, in front of a real proxy and emulator (startStack). The example imports
// `pubnet-widgets/render` as a publisher's app would; here that name resolves to src/render/
// (a resolve hook registered below), so the test runs the current source, not a build.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { register } from 'node:module';
import { serve, type Served } from '../../src/node-adapter/serve.js';
import { known, startStack, type Stack } from '../proxy/support/stack.js';

const source = new URL('../../src/render/index.ts', import.meta.url).href;
register(
  'data:text/javascript,' +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
  return next(specifier === 'pubnet-widgets/render' ? ${JSON.stringify(source)} : specifier, context);
}`),
);
const { createApp } = await import('../../examples/render/express/app.js');
const { renderTags } = await import('../../examples/render/express/pubnet-render.js');

const guid = known.website.guid;
const missingAdslot = 'a1000000-0000-4000-8000-0000000000ff';

let stack: Stack;
const servers: Server[] = [];
const skipped: string[] = [];
/** The example app (plain, or with a nonce CSP) on a free port: its base URL. */
let site = '';
let strictSite = '';
let app: ReturnType<typeof createApp>;

function listen(server: ReturnType<typeof createApp>): Promise<string> {
  return new Promise((done) => {
    const listening = server.listen(0, '127.0.0.1', () =>
      done(`http://127.0.0.1:${(listening.address() as AddressInfo).port}`),
    );
    servers.push(listening);
  });
}

before(async () => {
  stack = await startStack();
  const options = {
    api: stack.proxy,
    publicApi: stack.proxy,
    key: guid,
    adslot: known.filterAdslot,
  };
  app = createApp({ ...options, onSkip: (tag, reason) => skipped.push(`${tag}: ${reason}`) });
  // Routes a test needs besides the home page, behind the same middleware.
  app.get('/broken/', (_req, res) => {
    res.type('html').send(brokenPage);
  });
  app.get('/snippet.txt', (_req, res) => {
    res.type('text/plain').send(`<pubnet-adslot adslot="${known.filterAdslot}"></pubnet-adslot>`);
  });
  app.get('/data.json', (_req, res) => {
    res.json({ html: `<pubnet-adslot adslot="${known.filterAdslot}"></pubnet-adslot>` });
  });
  app.get('/pieces/', (_req, res) => {
    // Written in pieces, one cutting the tag in two, after an explicit writeHead.
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.write('<!doctype html><title>Pieces</title><pubnet-adslot ads');
    res.write(Buffer.from(`lot="${known.filterAdslot}">`));
    res.end('</pubnet-adslot>\n');
  });
  site = await listen(app);
  strictSite = await listen(createApp({ ...options, nonce: true, onSkip: () => {} }));
});

after(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
});

const brokenPage = `<!doctype html><title>Broken</title>
<pubnet-adslot adslot="${missingAdslot}" class="a"><p slot="fallback">Our shop.</p></pubnet-adslot>
<pubnet-adslot adslot="../my/password"></pubnet-adslot>
`;

/** A start tag, read as HTML does: quoted values may hold `>` (data-answer is JSON). */
const startTag = (tag: string) => new RegExp(`<${tag}(?:\\s+[\\w-]+(?:="[^"]*")?)*\\s*>`, 'g');

/** The element's start tag, its shadow root, and what follows the shadow root. */
function element(page: string, tag: string, index = 0) {
  const match = [...page.matchAll(startTag(tag))][index];
  assert.ok(match, `a <${tag}> in the page`);
  const rest = page.slice(match.index + match[0].length);
  assert.match(rest, /^<template shadowroot="open" shadowrootmode="open">/);
  const end = rest.indexOf('</template>') + '</template>'.length;
  const attribute = (name: string) =>
    match[0]
      .match(new RegExp(` ${name}="([^"]*)"`))?.[1]
      ?.replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  return { start: match[0], attribute, shadow: rest.slice(0, end), after: rest.slice(end) };
}

/** The `<a>` tags of a shadow root, each checked as every widget link must be. */
function links(shadow: string): string[] {
  const anchors = [...shadow.matchAll(/<a\b[^>]*>/g)].map(([tag]) => tag);
  for (const tag of anchors) {
    assert.match(tag, /rel="sponsored noopener"/);
    assert.match(tag, /target="_blank"/);
  }
  return anchors.map((tag) => tag.match(/href="([^"]*)"/)?.[1] ?? '');
}

test('the middleware renders the ad slot and the product grid of a page, keeping what the publisher wrote', async () => {
  const response = await fetch(`${site}/`);
  const page = await response.text();
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
  assert.equal(Number(response.headers.get('content-length')), Buffer.byteLength(page));
  // Another body than the route wrote: its ETag is not passed on.
  assert.equal(response.headers.get('etag'), null);
  assert.match(page, /<h1>This week's deals<\/h1>/);
  assert.match(
    page,
    /<script async src="https:\/\/cdn\.example\/[^"]*" data-api="[^"]*" data-key="[^"]*"><\/script>/,
  );

  const slot = element(page, 'pubnet-adslot');
  assert.equal(slot.attribute('adslot'), known.filterAdslot);
  assert.equal(slot.attribute('id'), 'deals');
  assert.equal(slot.attribute('class'), 'sidebar');
  assert.equal(slot.attribute('key'), guid);
  assert.equal(slot.attribute('state'), 'ready');
  assert.match(slot.shadow, /<style>[^<]*--pubnet-bg/);
  // The publisher's fallback child and the end tag follow the shadow root, as written.
  assert.ok(
    slot.after.startsWith(
      '<p slot="fallback">See <a href="/shop/">our shop</a>.</p></pubnet-adslot>',
    ),
    slot.after.slice(0, 120),
  );
  // Exactly the products of the proxy's composed answer.
  const answer = (await (
    await fetch(`${stack.proxy}publisher/adslots/${known.filterAdslot}/?key=${guid}`)
  ).json()) as { _embedded: { products: { results: { link: string }[] } } };
  const expected = answer._embedded.products.results.map((product) => product.link);
  assert.ok(expected.length > 0);
  assert.deepEqual(links(slot.shadow), expected);

  const grid = element(page, 'pubnet-product-grid');
  for (const [name, value] of Object.entries({
    query: 'headphones',
    brand: 'Sony|Bose',
    limit: '4',
    columns: '4',
    key: guid,
    state: 'ready',
  }))
    assert.equal(grid.attribute(name), value, name);
  assert.ok(grid.after.startsWith('</pubnet-product-grid>'));
  // The grid links exactly the products of the search it was rendered from.
  const search = JSON.parse(grid.attribute('data-answer') ?? 'null') as {
    results: { link: string }[];
  };
  assert.equal(search.results.length, 4);
  assert.deepEqual(
    links(grid.shadow),
    search.results.map((product) => product.link),
  );
  for (const href of links(grid.shadow)) assert.match(href, /^http:\/\/127\.0\.0\.1:\d+\/click\//);
});

test("with a nonce CSP, the rendered styles carry the answer's nonce", async () => {
  const response = await fetch(`${strictSite}/`);
  const page = await response.text();
  const nonce = response.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1];
  assert.ok(nonce);
  assert.equal(element(page, 'pubnet-adslot').attribute('state'), 'ready');
  const styles = [...page.matchAll(/<style\b[^>]*>/g)].map(([tag]) => tag);
  assert.deepEqual(styles, [`<style nonce="${nonce}">`, `<style nonce="${nonce}">`]);
});

test('an HTML answer written in pieces, with writeHead, is rendered', async () => {
  const response = await fetch(`${site}/pieces/`);
  const page = await response.text();
  assert.equal(Number(response.headers.get('content-length')), Buffer.byteLength(page));
  const slot = element(page, 'pubnet-adslot');
  assert.equal(slot.attribute('state'), 'ready');
  assert.equal(slot.after, '</pubnet-adslot>\n');
});

test('a tag that cannot be rendered is left as it was, for the browser', async () => {
  skipped.length = 0;
  const response = await fetch(`${site}/broken/`);
  assert.equal(response.status, 200);
  assert.equal(await response.text(), brokenPage);
  // Both were tried, and given up: a 404 from the API, an invalid ad slot id.
  assert.equal(skipped.length, 2);
  assert.match(skipped.join('\n'), /NotFoundError/);
  assert.match(
    skipped.join('\n'),
    /TypeError: pubnet-widgets\/render: adslot must be an ad slot id/,
  );
});

test('a render that takes longer than the time limit is given up, and the page is not held', async (t) => {
  // An API that answers nothing until the test ends.
  let release = () => {};
  const released = new Promise<void>((done) => (release = done));
  const hanging: Served = await serve(async () => {
    await released;
    return new Response('{}', { headers: { 'Content-Type': 'application/json' } });
  });
  t.after(async () => {
    release();
    await hanging.close();
  });
  const asked: string[] = [];
  // The time limit's timers, run by the test once both tags have asked the API.
  const limits: (() => void)[] = [];
  const timers = {
    setTimeout: (run: () => void) => limits.push(run),
    clearTimeout: () => {},
  };
  const recording: typeof fetch = (input, init) => {
    asked.push(String(input));
    if (asked.length == 2) queueMicrotask(() => limits.forEach((run) => run()));
    return fetch(input, init);
  };
  const page = `<p>Before</p><pubnet-adslot adslot="${known.filterAdslot}"></pubnet-adslot><pubnet-product-grid query="tv"></pubnet-product-grid>`;
  const reasons: string[] = [];
  const { html: out, widgets } = await renderTags(page, {
    api: hanging.url,
    key: guid,
    fetch: recording,
    // Only the held timers end it: no real time passes.
    timeLimit: 60_000,
    timers,
    onSkip: (tag, reason) => reasons.push(`${tag}: ${reason}`),
  });
  assert.equal(out, page);
  assert.deepEqual(widgets, []);
  // Both asked the API, and both were given up at the limit.
  assert.equal(asked.length, 2);
  assert.equal(reasons.length, 2);
  for (const reason of reasons) assert.match(reason, /TimeoutError/);
});

test('renderTags renders all tags of a page at once', async () => {
  // A fetch that holds each call until both tags have asked: rendered one after the other,
  // the first would wait for the second until its time limit, and stay unrendered.
  const waiting: (() => void)[] = [];
  const together: typeof fetch = async (input, init) => {
    await new Promise<void>((go) => {
      waiting.push(go);
      if (waiting.length == 2) waiting.forEach((release) => release());
    });
    return fetch(input, init);
  };
  const page = `<pubnet-adslot adslot="${known.filterAdslot}"></pubnet-adslot>
<pubnet-product-grid query="headphones" limit="2"></pubnet-product-grid>`;
  const { html: out, widgets } = await renderTags(page, {
    api: stack.proxy,
    key: guid,
    fetch: together,
    timeLimit: 5000,
  });
  assert.deepEqual(
    widgets.map((widget) => widget.tag),
    ['pubnet-adslot', 'pubnet-product-grid'],
  );
  assert.equal(element(out, 'pubnet-adslot').attribute('state'), 'ready');
  assert.equal(element(out, 'pubnet-product-grid').attribute('state'), 'ready');
  assert.equal(waiting.length, 2);
});

test('renderTags leaves rendered elements, comments, scripts and templates alone, without a request', async () => {
  let calls = 0;
  const counting: typeof fetch = (input, init) => {
    calls++;
    return fetch(input, init);
  };
  const id = known.filterAdslot;
  const page = `<!-- <pubnet-adslot adslot="${id}"></pubnet-adslot> -->
<script>document.body.insertAdjacentHTML('beforeend', '<pubnet-adslot adslot="${id}"></pubnet-adslot>');</script>
<template><pubnet-adslot adslot="${id}"></pubnet-adslot></template>
<pubnet-adslot adslot="${id}">
  <template shadowrootmode="open"><p>Rendered before.</p></template>
</pubnet-adslot>
<pubnet-adslot adslot="${id}" data-answer="null"></pubnet-adslot>`;
  assert.equal(
    (await renderTags(page, { api: stack.proxy, key: guid, fetch: counting })).html,
    page,
  );
  assert.equal(calls, 0);

  // The same tag twice is rendered once, and both get it.
  const twice = `<pubnet-adslot adslot="${id}"></pubnet-adslot><pubnet-adslot adslot="${id}"></pubnet-adslot>`;
  const out = (await renderTags(twice, { api: stack.proxy, key: guid, fetch: counting })).html;
  assert.equal(calls, 1);
  assert.equal(element(out, 'pubnet-adslot', 1).attribute('state'), 'ready');
});

test('an answer that is not HTML passes through unchanged, without a render', async () => {
  const before = stack.logs.length;
  for (const [path, type] of [
    ['/snippet.txt', /^text\/plain/],
    ['/data.json', /^application\/json/],
  ] as const) {
    const response = await fetch(site + path);
    const text = await response.text();
    assert.match(response.headers.get('content-type') ?? '', type);
    assert.match(
      text,
      new RegExp(`<pubnet-adslot adslot=\\\\?"${known.filterAdslot}\\\\?"></pubnet-adslot>`),
    );
    assert.doesNotMatch(text, /template/);
    // Express's own ETag and length, of the body as the route wrote it.
    assert.ok(response.headers.get('etag'));
    assert.equal(Number(response.headers.get('content-length')), Buffer.byteLength(text));
  }
  assert.equal(stack.logs.length, before);
});
