// The package says MIT, and ships the licence text that says so (issue 24: it
// shipped none).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('LICENSE is packed and is the licence package.json names', () => {
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  const [pack] = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  ) as [{ files: { path: string }[] }];
  assert.ok(
    pack.files.some((file) => file.path === 'LICENSE'),
    'LICENSE is in the package',
  );
  assert.equal(pkg.license, 'MIT');
  assert.match(readFileSync(`${root}LICENSE`, 'utf8'), /^MIT License\n/);
});
