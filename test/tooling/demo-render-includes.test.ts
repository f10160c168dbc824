import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { startDemo } from '../../scripts/demo/demo.mjs';
import { known } from '../../dist/emulator/index.js';
import { raw } from '../support/raw-http.js';

// demo/price-comparison.html prints the proxy's /render/price-comparison/ HTML where it says
// `<!-- pubnet-render … -->` (scripts/demo/demo.mjs), as any server would from the render routes;
// the page's other comparisons stay for the browser.
test('the price comparison page has the proxy-rendered comparison in its HTML', async (t) => {
  const demo = await startDemo({ port: 0, emulatorPort: 0, latency: 0 });
  t.after(() => demo.close());
  const response = await raw(demo.url, 'GET', '/price-comparison.html', {
    'accept-encoding': 'gzip',
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers['content-encoding'], 'gzip');
  assert.equal(response.headers['cache-control'], 'no-store');
  assert.equal(Number(response.headers['content-length']), response.bytes.byteLength);
  assert.equal(response.headers['x-pubnet-render'], undefined, 'every include ready');
  const html = gunzipSync(response.bytes).toString('utf8');
  const has = (pattern: RegExp, what: string) => assert.ok(pattern.test(html), what);
  assert.ok(!html.includes('pubnet-render'), 'no include left');
  const rendered = [...html.matchAll(/<pubnet-price-comparison\b[^>]*\sdata-answer=/g)];
  assert.equal(rendered.length, 1, 'one comparison rendered by the server');
  has(
    new RegExp(`<pubnet-price-comparison gtin="${known.comparison.gtin}"[^>]* lang="pl"`),
    'the rendered one, by gtin, in Polish',
  );
  has(/<template shadowroot(?:mode)?="open"/, 'its declarative shadow root');
  // The others as written: the browser loads them.
  has(/<pubnet-price-comparison id="ekspres" gtin="\d+">/, '#ekspres as written');
  has(/<pubnet-price-comparison id="nowosc" gtin="5901234123457">/, '#nowosc as written');

  // Every other page as before: a static file, revalidated, with its ETag.
  const index = await raw(demo.url, 'GET', '/', { 'accept-encoding': 'identity' });
  assert.equal(index.headers['cache-control'], 'no-cache');
  assert.ok(index.headers.etag);
});

// demo/loan-offers.html prints the proxy's /render/loan-offers/ HTML the same way: the lenders
// without a BIK check, each with its representative example in the page's first bytes.
test('the loan offers page has the proxy-rendered offers in its HTML', async (t) => {
  const demo = await startDemo({ port: 0, emulatorPort: 0, latency: 0 });
  t.after(() => demo.close());
  const response = await raw(demo.url, 'GET', '/loan-offers.html', { 'accept-encoding': 'gzip' });
  assert.equal(response.status, 200);
  assert.equal(response.headers['content-encoding'], 'gzip');
  assert.equal(response.headers['cache-control'], 'no-store');
  assert.equal(response.headers['x-pubnet-render'], undefined, 'every include ready');
  const html = gunzipSync(response.bytes).toString('utf8');
  const has = (pattern: RegExp, what: string) => assert.ok(pattern.test(html), what);
  assert.ok(!html.includes('pubnet-render'), 'no include left');
  const rendered = [...html.matchAll(/<pubnet-loan-offers\b[^>]*\sdata-answer=/g)];
  assert.equal(rendered.length, 1, 'one list rendered by the server');
  has(
    new RegExp(`<pubnet-loan-offers key="${known.website.guid}" limit="3" no-bik="" lang="pl"`),
    'the rendered one, without BIK, in Polish',
  );
  has(/<template shadowroot(?:mode)?="open"/, 'its declarative shadow root');
  // Three offers, each with its representative example.
  assert.equal([...html.matchAll(/<p part="example">/g)].length, 3, 'three examples');
  // The others as written: the browser loads them.
  has(/<pubnet-loan-offers id="ranking" highlight="3">/, '#ranking as written');
  has(/<pubnet-loan-offers id="nikt" only="nobody.example">/, '#nikt as written');
});
