import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDemoHandler } from '../../scripts/demo-server.mjs';

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
  assert.equal(strict.headers.get('cache-control'), 'no-store');
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
    assert.doesNotMatch(html, /\son[a-z]+="/, `${name}: inline event handler`);
  }
});
