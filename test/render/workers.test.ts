// The edge recipe of examples/render/workers in real workerd (Cloudflare Workers' runtime, a
// devDependency): the Worker fetches pages from a publisher's origin (a small Node server here)
// and renders their ad slots with `pubnet-widgets/render` (the build's dist/render/edge.js, Lit's
// Node build inside, what wrangler resolves for users) from a real proxy in front of the
// emulator. How workerd is started: scripts/test/runtimes.mjs.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  prepareRender,
  startRenderWorker,
  stop,
  type RenderScratch,
  type Started,
} from '../../scripts/test/runtimes.mjs';
import { serve, type Served } from '../../src/node-adapter/serve.js';
import { known, startStack } from '../proxy/support/stack.js';

const guid = known.website.guid;
const missingAdslot = 'a1000000-0000-4000-8000-0000000000ff';

/** The publisher's pages, as the origin serves them. */
const pages: Record<string, { type: string; body: string }> = {
  '/': {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html>
<html lang="en"><head><title>Deals</title></head>
<body>
<h1>Deals</h1>
<pubnet-adslot adslot="${known.filterAdslot}" class="sidebar" data-placement="top"><p slot="fallback">Visit <a href="/shop/">our shop</a>.</p></pubnet-adslot>
<p>After the slot.</p>
</body></html>
`,
  },
  '/two/': {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><title>Two</title>
<pubnet-adslot adslot="${known.filterAdslot}" sid="parallel-1"></pubnet-adslot>
<pubnet-adslot adslot="${known.filterAdslot}" sid="parallel-2"></pubnet-adslot>
`,
  },
  '/missing/': {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><title>Missing</title><pubnet-adslot adslot="${missingAdslot}"><p slot="fallback">Our shop.</p></pubnet-adslot>\n`,
  },
  '/data.json': {
    type: 'application/json',
    body: JSON.stringify({
      html: `<pubnet-adslot adslot="${known.filterAdslot}"></pubnet-adslot>`,
    }),
  },
};

let scratch: RenderScratch | undefined;
let worker: Started | undefined;
let origin: Server | undefined;
let proxy = '';
let api: Served | undefined;

before(async () => {
  const stack = await startStack();
  proxy = stack.proxy;
  origin = createServer((req, res) => {
    const page = pages[req.url ?? ''];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': page.type, ETag: '"origin-etag"' }).end(page.body);
  });
  await new Promise<void>((done) => origin!.listen(0, '127.0.0.1', done));
  const { port } = origin.address() as AddressInfo;
  // The Worker's API: the proxy, but the two `parallel-` renders are held until both have
  // asked. Rendered one after the other, the first would wait for the second for ever (and be
  // given up after the Worker's time limit).
  const held: (() => void)[] = [];
  api = await serve(async (request) => {
    const url = new URL(request.url);
    if (url.searchParams.get('sid')?.startsWith('parallel-'))
      await new Promise<void>((release) => {
        held.push(release);
        if (held.length == 2) held.forEach((go) => go());
      });
    const answer = await fetch(new URL(url.pathname + url.search, proxy));
    const headers: Record<string, string> = {
      'Content-Type': answer.headers.get('content-type') ?? 'application/json',
    };
    // An expected outcome (a slot the API does not know) is 200 with the API's status beside
    // it (api-contract §14): passed on, as the Worker reads it.
    const outcome = answer.headers.get('x-pubnet-status');
    if (outcome !== null) headers['X-Pubnet-Status'] = outcome;
    return new Response(await answer.arrayBuffer(), { status: answer.status, headers });
  });
  // The build's own edge file, as the package ships it (npm test builds first).
  scratch = await prepareRender({ prefix: 'pubnet-render-workers-', built: true });
  worker = await startRenderWorker(
    { ORIGIN: `http://127.0.0.1:${port}/`, PUBNET_API: api.url, PUBNET_KEY: guid },
    scratch,
    { wholeOutput: true },
  );
});

after(async () => {
  if (worker) await stop(worker.child);
  scratch?.remove();
  await api?.close();
  origin?.closeAllConnections();
  await new Promise((done) => origin?.close(done) ?? done(undefined));
});

async function get(path: string) {
  assert.ok(worker, 'workerd started');
  const response = await fetch(worker.url + path);
  return { response, text: await response.text() };
}

test('the Worker renders an ad slot of the page: shadow root, product links, fallback child kept', async () => {
  const { response, text } = await get('/');
  assert.equal(response.status, 200, worker?.output());
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
  // The body changed: the origin's ETag is not passed on.
  assert.equal(response.headers.get('etag'), null);

  // Attribute values may hold `>` (data-answer is JSON): quoted values are read as a whole.
  const start = text.match(/<pubnet-adslot(?:\s+[\w-]+(?:="[^"]*")?)*\s*>/)?.[0] ?? '';
  assert.match(start, new RegExp(`adslot="${known.filterAdslot}"`));
  assert.match(start, / class="sidebar"/);
  assert.match(start, / data-placement="top"/);
  assert.match(start, new RegExp(` key="${guid}"`));
  assert.match(start, / state="ready"/);
  assert.match(start, / data-answer="\{/);
  // The shadow root is the element's first child; the fallback child and the rest follow.
  const after = text.slice(text.indexOf(start) + start.length);
  assert.match(after, /^<template shadowroot="open" shadowrootmode="open"><style>/);
  const end = after.indexOf('</template>');
  assert.ok(end > 0);
  assert.ok(
    after
      .slice(end)
      .startsWith(
        '</template><p slot="fallback">Visit <a href="/shop/">our shop</a>.</p></pubnet-adslot>',
      ),
    after.slice(end, end + 200),
  );
  assert.match(text, /<p>After the slot\.<\/p>/);

  // Exactly the products of the proxy's composed answer, linked as every widget links them.
  const answer = (await (
    await fetch(`${proxy}publisher/adslots/${known.filterAdslot}/?key=${guid}`)
  ).json()) as { _embedded: { products: { results: { link: string }[] } } };
  const links = answer._embedded.products.results.map((product) => product.link);
  assert.ok(links.length > 0);
  const shadow = after.slice(0, end);
  const anchors = [...shadow.matchAll(/<a\b[^>]*>/g)].map(([tag]) => tag);
  assert.deepEqual(
    anchors.map((tag) => tag.match(/href="([^"]*)"/)?.[1]),
    links,
  );
  for (const tag of anchors) {
    assert.match(tag, /rel="sponsored noopener"/);
    assert.match(tag, /target="_blank"/);
  }
});

test('the slots of a page are rendered in parallel', async () => {
  const { response, text } = await get('/two/');
  assert.equal(response.status, 200);
  for (const sid of ['parallel-1', 'parallel-2'])
    assert.match(
      text,
      new RegExp(
        `<pubnet-adslot [^\\n]* sid="${sid}"[^\\n]* state="ready"[^\\n]*><template shadowroot="open" shadowrootmode="open">`,
      ),
    );
});

test('a slot the API cannot render is left as the origin sent it', async () => {
  const { response, text } = await get('/missing/');
  assert.equal(response.status, 200);
  assert.equal(text, pages['/missing/'].body);
  // It was tried, and given up: the Worker says why.
  assert.match(worker?.output() ?? '', new RegExp(`ad slot ${missingAdslot} left to the browser`));
});

test('a response that is not HTML passes through unchanged', async () => {
  const { response, text } = await get('/data.json');
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'application/json');
  assert.equal(response.headers.get('etag'), '"origin-etag"');
  assert.equal(text, pages['/data.json'].body);
});
