// The package says MIT, and ships the licence text that says so (issue 24: it
// shipped none).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { packedFiles, root } from '../support/packed.js';

test('LICENSE is packed and is the licence package.json names', () => {
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  assert.ok(packedFiles().has('LICENSE'), 'LICENSE is in the package');
  assert.equal(pkg.license, 'MIT');
  assert.match(readFileSync(`${root}LICENSE`, 'utf8'), /^MIT License\n/);
});
