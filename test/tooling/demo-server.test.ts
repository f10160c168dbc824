import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseEncoding, createDemoHandler } from '../../scripts/demo/demo-server.mjs';
import { serve } from '../../dist/node-adapter/serve.js';
import { raw } from '../support/raw-http.js';

/** A temporary folder, removed when the test `t` ends. */
async function tempDir(t: TestContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pubnet-demo-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function site(t: TestContext) {
  const dir = await tempDir(t);
  await mkdir(join(dir, 'root', 'sub'), { recursive: true });
  await mkdir(join(dir, 'cdn'));
  await writeFile(join(dir, 'root', 'index.html'), '<p data-api="{{api}}">{{key}} {{unknown}}</p>');
  await writeFile(join(dir, 'root', 'sub', 'page.js'), 'export {};');
  await writeFile(join(dir, 'cdn', 'pubnet.min.js'), '!function(){}();');
  await writeFile(join(dir, 'secret.txt'), 'outside');
  return createDemoHandler({
    // Folders given with a trailing slash, as fileURLToPath(new URL('../demo/', …)) gives them.
    root: join(dir, 'root') + '/',
    cdn: join(dir, 'cdn') + '/',
    values: { api: 'http://127.0.0.1:1/"><script>', key: 'guid-1' },
  });
}

const get = (handler: (r: Request) => Promise<Response>, path: string) =>
  handler(new Request(`http://demo.test${path}`));

test('serves index.html for a folder and fills {{values}}, escaped', async (t) => {
  const handler = await site(t);
  const response = await get(handler, '/');
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type')!, /^text\/html/);
  assert.equal(
    await response.text(),
    '<p data-api="http://127.0.0.1:1/&quot;&gt;&lt;script&gt;">guid-1 {{unknown}}</p>',
  );
});

test('serves the CDN build under /cdn/ and files with their types', async (t) => {
  const handler = await site(t);
  const cdn = await get(handler, '/cdn/pubnet.min.js');
  assert.equal(cdn.status, 200);
  assert.match(cdn.headers.get('content-type')!, /^text\/javascript/);
  assert.equal(await cdn.text(), '!function(){}();');
  assert.equal((await get(handler, '/sub/page.js')).status, 200);
});

test('answers 404 for missing files and for paths that climb out of the root', async (t) => {
  const handler = await site(t);
  assert.equal((await get(handler, '/missing.html')).status, 404);
  // `%2f` survives URL parsing, so only the handler's own check stops these.
  assert.equal((await get(handler, '/..%2fsecret.txt')).status, 404);
  assert.equal((await get(handler, '/cdn/..%2f..%2fsecret.txt')).status, 404);
});

test('adds the headers given for a page to that page only', async (t) => {
  const dir = await tempDir(t);
  await writeFile(join(dir, 'index.html'), '<p>index</p>');
  await writeFile(join(dir, 'csp.html'), '<p>strict</p>');
  const policy = "default-src 'self'; script-src 'self'";
  const handler = createDemoHandler({
    root: dir,
    cdn: dir,
    values: {},
    headers: { '/csp.html': { 'content-security-policy': policy, 'content-type': 'text/plain' } },
  });
  const strict = await get(handler, '/csp.html');
  assert.equal(strict.status, 200);
  assert.equal(strict.headers.get('content-security-policy'), policy);
  // The page's own type and caching are not the header table's to change.
  assert.match(strict.headers.get('content-type')!, /^text\/html/);
  assert.equal(strict.headers.get('cache-control'), 'no-cache');
  for (const path of ['/', '/index.html', '/missing.html']) {
    const response = await get(handler, path);
    assert.equal(response.headers.get('content-security-policy'), null, path);
  }
  // Without a table, no extra header at all.
  const plain = createDemoHandler({ root: dir, cdn: dir, values: {} });
  assert.equal((await get(plain, '/csp.html')).headers.get('content-security-policy'), null);
});

test('every demo page sets lang, links back to the index and has no inline script or style', async () => {
  const root = fileURLToPath(new URL('../../demo/', import.meta.url));
  const handler = createDemoHandler({ root, cdn: root, values: {} });
  const pages = (await readdir(root)).filter((name) => name.endsWith('.html'));
  assert.ok(pages.length >= 9, `only ${pages.length} pages`);
  const index = await (await get(handler, '/')).text();
  for (const name of pages) {
    const response = await get(handler, `/${name}`);
    assert.equal(response.status, 200, name);
    const html = await response.text();
    assert.match(html, /<html lang="[a-z]{2}/, `${name}: lang`);
    assert.match(html, /<meta name="viewport"/, `${name}: viewport`);
    if (name !== 'index.html') {
      assert.match(html, /<a href="\/">/, `${name}: link back to the index`);
      assert.ok(index.includes(`href="/${name}"`), `the index links to ${name}`);
    }
    // Only external scripts and styles, so every page works under a strict CSP.
    for (const script of html.match(/<script\b[^>]*>/g) ?? []) {
      assert.match(script, /\ssrc="/, `${name}: inline script ${script}`);
    }
    assert.doesNotMatch(html, /<style\b/, `${name}: <style>`);
    assert.doesNotMatch(html, /\sstyle="/, `${name}: style attribute`);
    // (`only`, <pubnet-loan-offers>' list of lenders, is no event handler.)
    assert.doesNotMatch(html, /\son(?!ly=)[a-z]+="/, `${name}: inline event handler`);
  }
});

test('Accept-Encoding: q-values, identity and * choose br, gzip or identity', () => {
  const cases: [string | null, string][] = [
    [null, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['*', 'br'],
    ['gzip;q=0, *', 'br'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*;q=0', 'identity'],
    ['identity;q=1, gzip;q=0.5', 'identity'],
    ['GZIP;Q=1', 'gzip'],
  ];
  for (const [header, expected] of cases)
    assert.equal(chooseEncoding(header), expected, `${header}`);
});

const dist = (path: string) => fileURLToPath(new URL(`../../dist/${path}`, import.meta.url));

/** The demo handler over real HTTP, with the real CDN build at /cdn/: its base URL. */
async function served(t: TestContext, root: string, options: Record<string, unknown> = {}) {
  const handler = createDemoHandler({ root, cdn: dist('cdn/'), values: {}, ...options });
  const server = await serve(handler, { port: 0 });
  t.after(() => server.close());
  return server.url;
}

test('the CDN file is sent br or gzip as accepted, and decompresses to its exact bytes', async (t) => {
  const site = await served(t, await tempDir(t));
  const file = await readFile(dist('cdn/pubnet.min.js'));
  assert.ok(file.byteLength > 10_000, 'the CDN build is there (npm run build)');
  const tags = new Set<string>();
  for (const [accept, encoding, decode] of [
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0.1, gzip;q=0.9', 'gzip', gunzipSync],
  ] as const) {
    const response = await raw(site, 'GET', '/cdn/pubnet.min.js', { 'accept-encoding': accept });
    assert.equal(response.status, 200, accept);
    assert.equal(response.headers['content-encoding'], encoding, accept);
    assert.match(response.headers.vary ?? '', /accept-encoding/i);
    assert.match(response.headers['content-type']!, /^text\/javascript/);
    assert.match(response.headers['cache-control']!, /max-age=\d+/);
    assert.equal(Number(response.headers['content-length']), response.bytes.byteLength);
    assert.ok(response.bytes.byteLength < file.byteLength / 2, `${encoding} is smaller`);
    assert.ok(decode(response.bytes).equals(file), `${encoding} decodes to the file`);
    tags.add(response.headers.etag!);
  }
  // Not accepted, or refused: the file as it is.
  const refusals: Record<string, string>[] = [
    {},
    { 'accept-encoding': 'identity' },
    { 'accept-encoding': 'deflate' },
  ];
  for (const headers of refusals) {
    const response = await raw(site, 'GET', '/cdn/pubnet.min.js', headers);
    assert.equal(response.headers['content-encoding'], undefined, JSON.stringify(headers));
    assert.match(response.headers.vary ?? '', /accept-encoding/i);
    assert.equal(Number(response.headers['content-length']), file.byteLength);
    assert.ok(response.bytes.equals(file));
    tags.add(response.headers.etag!);
  }
  // One ETag per encoding: br, gzip, identity.
  assert.equal(tags.size, 3, [...tags].join(' '));
});

test('If-None-Match with the ETag of the same encoding is 304, of another encoding 200', async (t) => {
  const site = await served(t, await tempDir(t));
  const path = '/cdn/pubnet.min.js';
  for (const accept of ['br', 'gzip', 'identity']) {
    const first = await raw(site, 'GET', path, { 'accept-encoding': accept });
    const etag = first.headers.etag!;
    assert.match(etag, /^"[^"]+"$/);
    const again = await raw(site, 'GET', path, {
      'accept-encoding': accept,
      'if-none-match': etag,
    });
    assert.equal(again.status, 304, accept);
    assert.equal(again.bytes.byteLength, 0);
    assert.equal(again.headers.etag, etag);
    assert.match(again.headers.vary ?? '', /accept-encoding/i);
    const listed = await raw(site, 'GET', path, {
      'accept-encoding': accept,
      'if-none-match': `"x", W/${etag}`,
    });
    assert.equal(listed.status, 304, `${accept}: one of a list, weak`);
    const other = accept === 'gzip' ? 'br' : 'gzip';
    const changed = await raw(site, 'GET', path, {
      'accept-encoding': other,
      'if-none-match': etag,
    });
    assert.equal(changed.status, 200, `${accept}'s ETag does not match ${other}`);
  }
});

test('HEAD answers the headers of GET, with no body', async (t) => {
  const site = await served(t, await tempDir(t));
  for (const accept of ['br', 'identity']) {
    const get = await raw(site, 'GET', '/cdn/pubnet.min.js', { 'accept-encoding': accept });
    const head = await raw(site, 'HEAD', '/cdn/pubnet.min.js', { 'accept-encoding': accept });
    assert.equal(head.status, 200);
    assert.equal(head.bytes.byteLength, 0);
    for (const name of ['content-length', 'content-encoding', 'etag', 'vary', 'content-type'])
      assert.equal(head.headers[name], get.headers[name], `${accept}: ${name}`);
  }
});

test('tiny bodies and images are never compressed', async (t) => {
  const dir = await tempDir(t);
  await writeFile(join(dir, 'tiny.js'), 'export {};');
  await writeFile(join(dir, 'big.png'), Buffer.alloc(4096, 7));
  const site = await served(t, dir);
  const tiny = await raw(site, 'GET', '/tiny.js', { 'accept-encoding': 'br, gzip' });
  assert.equal(tiny.headers['content-encoding'], undefined);
  assert.equal(tiny.bytes.toString(), 'export {};');
  const png = await raw(site, 'GET', '/big.png', { 'accept-encoding': 'br, gzip' });
  assert.equal(png.headers['content-encoding'], undefined);
  assert.equal(png.headers.vary, undefined);
  assert.equal(png.bytes.byteLength, 4096);
});

test('a changed file is sent anew, with a new ETag', async (t) => {
  const dir = await tempDir(t);
  const file = join(dir, 'app.js');
  await writeFile(file, `// one\n${'let a = 1;\n'.repeat(200)}`);
  const site = await served(t, dir);
  const first = await raw(site, 'GET', '/app.js', { 'accept-encoding': 'gzip' });
  const next = `// two\n${'let b = 2;\n'.repeat(300)}`;
  await writeFile(file, next);
  // A later mtime, even on a file system with coarse timestamps.
  const later = new Date(Date.now() + 5000);
  await utimes(file, later, later);
  const second = await raw(site, 'GET', '/app.js', { 'accept-encoding': 'gzip' });
  assert.notEqual(second.headers.etag, first.headers.etag);
  assert.equal(gunzipSync(second.bytes).toString(), next);
  const stale = await raw(site, 'GET', '/app.js', {
    'accept-encoding': 'gzip',
    'if-none-match': first.headers.etag!,
  });
  assert.equal(stale.status, 200);
});

test('server-rendered pages are compressed per request, never cached', async (t) => {
  const dir = await tempDir(t);
  // No widget tags: renderTags leaves the page as it is, with no API to call.
  const html = `<!doctype html><html lang="en"><title>x</title>${'<p>{{key}} text</p>\n'.repeat(100)}`;
  await writeFile(join(dir, 'rendered.html'), html);
  const site = await served(t, dir, { serverRendered: ['/rendered.html'], values: { key: 'k1' } });
  const response = await raw(site, 'GET', '/rendered.html', { 'accept-encoding': 'br' });
  assert.equal(response.status, 200);
  assert.equal(response.headers['content-encoding'], 'br');
  assert.equal(response.headers['cache-control'], 'no-store');
  assert.equal(response.headers.etag, undefined);
  assert.match(String(response.headers['server-timing']), /^render;dur=/);
  assert.equal(brotliDecompressSync(response.bytes).toString(), html.replaceAll('{{key}}', 'k1'));
  // Changed between two requests: the second one sees it (nothing kept).
  await writeFile(join(dir, 'rendered.html'), html.replaceAll('text', 'changed'));
  const again = await raw(site, 'GET', '/rendered.html', { 'accept-encoding': 'gzip' });
  assert.equal(again.headers['content-encoding'], 'gzip');
  assert.match(gunzipSync(again.bytes).toString(), /k1 changed/);
});
