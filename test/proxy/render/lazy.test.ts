// A proxy that serves no render never loads Lit SSR: src/proxy/render/routes.ts loads it
// (engine.ts: @lit-labs/ssr, lit, src/render/) on the first request under /render/. Checked
// in a child process that records every module it resolves (../support/lazy-render/hooks.mjs), since
// this process has loaded all of them already.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../../../src/emulator/index.js';
import { TOKEN, known } from '../support/stack.js';

/** What must not load before a render: Lit SSR, Lit itself, the render and the elements. */
const RENDER_ONLY =
  /\/node_modules\/(@lit-labs\/ssr|lit|lit-html|lit-element|@lit)\/|\/src\/render\//;

/** Runs the child to its end; resolves with what it printed on its last line. */
function runChild(args: string[]): Promise<string> {
  const child = fileURLToPath(new URL('../support/lazy-render/child.ts', import.meta.url));
  return new Promise((done, fail) => {
    const process_ = spawn(process.execPath, ['--import', 'tsx', child, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    process_.stdout.on('data', (chunk: Buffer) => (out += chunk));
    process_.stderr.on('data', (chunk: Buffer) => (err += chunk));
    process_.on('error', fail);
    process_.on('close', (code) =>
      code === 0
        ? done(out.trim().split('\n').at(-1) ?? '')
        : fail(new Error(`the child exited with ${code}:\n${err}`)),
    );
  });
}

test('a proxy loads Lit SSR and src/render/ only on its first render', async () => {
  const upstream = await startEmulator({ port: 0, host: '127.0.0.1', token: TOKEN });
  const dir = mkdtempSync(join(tmpdir(), 'pubnet-lazy-render-'));
  try {
    const args = [join(dir, 'loaded.txt'), upstream.url, TOKEN, known.filterAdslot];
    const report = JSON.parse(await runChild([...args, known.website.guid])) as {
      json: string[];
      render: string[];
      statuses: number[];
      renderHeader: string | null;
      rendered: boolean;
    };
    assert.deepEqual(report.statuses, [200, 200]);
    assert.ok(
      report.json.some((url) => url.includes('/src/proxy/proxy.ts')),
      'the hooks saw the proxy load',
    );
    assert.deepEqual(
      report.json.filter((url) => RENDER_ONLY.test(url)),
      [],
      'nothing of the render before one is asked for',
    );
    assert.equal(report.renderHeader, 'ready');
    assert.ok(report.rendered, 'the element rendered');
    const loaded = report.render.filter((url) => RENDER_ONLY.test(url));
    assert.ok(
      loaded.some((url) => url.includes('/@lit-labs/ssr/')),
      'Lit SSR, then',
    );
    assert.ok(
      loaded.some((url) => url.includes('/src/render/')),
      'and src/render/',
    );
  } finally {
    await upstream.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without @lit-labs/ssr installed, a render answers 501 saying what to install, logged once, and JSON still works', async () => {
  const upstream = await startEmulator({ port: 0, host: '127.0.0.1', token: TOKEN });
  const dir = mkdtempSync(join(tmpdir(), 'pubnet-lazy-render-'));
  try {
    const args = [join(dir, 'loaded.txt'), upstream.url, TOKEN, known.filterAdslot];
    const report = JSON.parse(await runChild([...args, known.website.guid, 'no-ssr'])) as {
      statuses: number[];
      details: unknown[];
      notes: (string | null)[];
    };
    const install = 'pubnet-widgets/render needs @lit-labs/ssr: npm install @lit-labs/ssr@^4';
    assert.deepEqual(report.statuses, [200, 501, 501, 200]);
    assert.deepEqual(report.details, ['object', install, install, 'object']);
    assert.deepEqual(
      report.notes.filter((note) => note?.includes('@lit-labs/ssr')),
      [`render unavailable: ${install}`],
      'logged once',
    );
    assert.equal(report.notes[2], 'render unavailable');
  } finally {
    await upstream.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
