// `npm start`'s install step (scripts/machine/ensure-deps.mjs): it installs when node_modules
// is missing or stale, and never through a node_modules that links to another checkout's
// install (a second checkout sharing one: `npm ci` would empty the other). A fake `npm` on
// the PATH records what would have run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/machine/ensure-deps.mjs', import.meta.url));

/** Runs the script in a checkout made by `arrange`; what the fake npm was asked. */
function run(arrange: (dir: string) => void): { asked: boolean; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pubnet-ensure-deps-'));
  try {
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\ntouch "${join(dir, 'asked')}"\n`);
    chmodSync(join(bin, 'npm'), 0o755);
    writeFileSync(join(dir, 'package-lock.json'), '{}');
    arrange(dir);
    const result = spawnSync(process.execPath, [script], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
    assert.equal(result.status, 0, result.stderr);
    return { asked: existsSync(join(dir, 'asked')), out: result.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('installs when node_modules is missing', () => {
  assert.equal(run(() => {}).asked, true);
});

test('leaves a node_modules that links to another install, and says so', () => {
  const other = mkdtempSync(join(tmpdir(), 'pubnet-other-install-'));
  try {
    const { asked, out } = run((dir) => symlinkSync(other, join(dir, 'node_modules')));
    assert.equal(asked, false);
    assert.match(out, /link to another install/);
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
});
