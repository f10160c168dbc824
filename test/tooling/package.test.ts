// Packaging checks: what `npm pack` ships, that every `exports` subpath
// resolves with its types, and that the custom-elements manifest is complete.
// They read the build, so they run after `npm run build` (npm test's pretest).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('package.json', `file://${root}`), 'utf8'));
const packed = (() => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Set<string>(JSON.parse(out)[0].files.map((file: { path: string }) => file.path));
})();

test('npm pack ships the build, the specs and the docs, and nothing of the workshop', () => {
  for (const path of [
    'package.json',
    'README.md',
    'dist/cdn/pubnet.min.js',
    'dist/cdn/pubnet.min.js.map',
    'dist/cdn/pubnet.min.js.sri',
    'dist/index.js',
    'dist/client/index.js',
    'dist/proxy/index.js',
    'dist/emulator/index.js',
    'spec/publisher-api.md',
    'spec/embed-contract.md',
    'docs/proxy.md',
    pkg.customElements,
    ...Object.values(pkg.bin as Record<string, string>),
  ]) {
    assert.ok(packed.has(path), `${path} is not in the package`);
  }
  for (const path of packed) {
    assert.doesNotMatch(
      path,
      /^(src|test|bench|demo|scripts|examples|node_modules|\.ci)\//,
      `${path} should not be in the package`,
    );
  }
});

test('every exports subpath points at packed files, types first', () => {
  for (const [subpath, target] of Object.entries(pkg.exports as Record<string, unknown>)) {
    const targets =
      typeof target === 'string' ? { default: target } : (target as Record<string, string>);
    const conditions = Object.keys(targets);
    if (targets.types) assert.equal(conditions[0], 'types', `${subpath}: "types" must come first`);
    for (const file of Object.values(targets)) {
      assert.ok(
        packed.has(file.replace(/^\.\//, '')),
        `${subpath} → ${file} is not in the package`,
      );
    }
    if (subpath !== './package.json' && !subpath.endsWith('.js')) {
      assert.ok(targets.types, `${subpath} has no types`);
    }
  }
});

test('the server-side subpaths load in Node by the package name', async () => {
  const client = await import('pubnet-widgets/client');
  assert.equal(typeof client.createClient, 'function');
  const proxy = await import('pubnet-widgets/proxy');
  assert.equal(typeof proxy.createProxy, 'function');
  const emulator = await import('pubnet-widgets/emulator');
  assert.equal(typeof emulator.createEmulator, 'function');
});

test('a TypeScript consumer resolves every subpath with its types', () => {
  const result = (() => {
    try {
      execFileSync(
        process.execPath,
        [`${root}node_modules/typescript/bin/tsc`, '-p', 'test/tooling/consumer/tsconfig.json'],
        { cwd: root, encoding: 'utf8', stdio: 'pipe' },
      );
      return '';
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? error);
    }
  })();
  assert.equal(result, '');
});

// What the manifest lists is checked in test/e2e/build.test.ts.
test('customElements names the manifest the build writes, and the package ships it', () => {
  assert.equal(pkg.customElements, 'custom-elements.json');
  assert.ok(existsSync(`${root}${pkg.customElements}`));
  assert.ok(packed.has(pkg.customElements));
});
