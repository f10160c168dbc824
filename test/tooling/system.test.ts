// scripts/machine/system.mjs: what `npm test` needs from the machine. Where it cannot
// install (not root, not Debian), a missing part stops the run at once with one
// line naming every missing part and the packages that bring them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PARTS, ensureSystem, installLine, missing } from '../../scripts/machine/system.mjs';

const part = (what: string, name: string, present: boolean, recommends = false) => ({
  what,
  package: name,
  recommends,
  present: () => present,
});
const known = {
  chromium: [part('Chromium', 'chromium', true, true)],
  firefox: [part('Firefox', 'firefox-esr', false, true)],
  wordpress: [part('WordPress', 'wordpress', false), part('PHP', 'php-cli', false)],
};

test('without the right to install, the missing parts stop it with one line naming their packages', () => {
  assert.throws(
    () => ensureSystem(undefined, { known, installable: () => false }),
    (error: Error) => {
      assert.equal(
        error.message,
        'pubnet-widgets: the tests need Firefox, WordPress, PHP: install them first ' +
          '(Debian/Ubuntu: sudo apt-get install firefox-esr wordpress php-cli)',
      );
      assert.doesNotMatch(error.message, /\n/);
      return true;
    },
  );
});

test('nothing missing: nothing to install, whatever the rights', () => {
  const installable = () => assert.fail('asked whether it may install with nothing missing');
  assert.deepEqual(ensureSystem(['chromium'], { known, installable }), []);
});

test('a package that brings two parts is named once', () => {
  const shared = {
    webkit: [
      part('WebKitWebDriver', 'webkit2gtk-driver', false),
      part('MiniBrowser', 'webkit2gtk-driver', false),
    ],
  };
  assert.deepEqual(
    missing(undefined, shared).map((p) => p.package),
    ['webkit2gtk-driver'],
  );
  assert.match(installLine(missing(undefined, shared)), /install webkit2gtk-driver\)$/);
});

test('the machine parts cover the three engines and WordPress', () => {
  assert.deepEqual(Object.keys(PARTS), ['chromium', 'firefox', 'webkit', 'wordpress']);
  for (const group of Object.values(PARTS))
    for (const each of group) assert.match(each.package, /^[a-z0-9][a-z0-9.+-]+$/);
});

test('an unknown part named on the command line fails with one line', () => {
  const script = fileURLToPath(new URL('../../scripts/machine/system.mjs', import.meta.url));
  const result = spawnSync(process.execPath, [script, 'safari'], { encoding: 'utf8' });
  assert.equal(result.status, 1);
  assert.equal(result.stderr.trim(), 'Unknown part "safari" (chromium,firefox,webkit,wordpress)');
});
