import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoHandler } from '../../scripts/demo-server.mjs';

async function site() {
  const dir = await mkdtemp(join(tmpdir(), 'pubnet-demo-'));
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

test('serves index.html for a folder and fills {{values}}, escaped', async () => {
  const handler = await site();
  const response = await get(handler, '/');
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type')!, /^text\/html/);
  assert.equal(
    await response.text(),
    '<p data-api="http://127.0.0.1:1/&quot;&gt;&lt;script&gt;">guid-1 {{unknown}}</p>',
  );
});

test('serves the CDN build under /cdn/ and files with their types', async () => {
  const handler = await site();
  const cdn = await get(handler, '/cdn/pubnet.min.js');
  assert.equal(cdn.status, 200);
  assert.match(cdn.headers.get('content-type')!, /^text\/javascript/);
  assert.equal(await cdn.text(), '!function(){}();');
  assert.equal((await get(handler, '/sub/page.js')).status, 200);
});

test('answers 404 for missing files and for paths that climb out of the root', async () => {
  const handler = await site();
  assert.equal((await get(handler, '/missing.html')).status, 404);
  // `%2f` survives URL parsing, so only the handler's own check stops these.
  assert.equal((await get(handler, '/..%2fsecret.txt')).status, 404);
  assert.equal((await get(handler, '/cdn/..%2f..%2fsecret.txt')).status, 404);
});
