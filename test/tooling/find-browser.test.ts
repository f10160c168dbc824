import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/machine/find-browser.mjs', import.meta.url));
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, [script], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });

test('CHROME_PATH wins when it names a file', () => {
  const result = run({ CHROME_PATH: process.execPath });
  assert.equal(result.status, 0);
  assert.equal(result.stdout.trim(), process.execPath);
});

test('a CHROME_PATH with no file behind it fails with one clear line', () => {
  const result = run({ CHROME_PATH: '/nonexistent/chrome' });
  assert.equal(result.status, 1);
  assert.equal(
    result.stderr.trim(),
    'CHROME_PATH is set to /nonexistent/chrome, but no file is there.',
  );
});
