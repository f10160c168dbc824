// Publishing without `repository`, `homepage` or `bugs` is impossible by mistake (issue 39):
// `prepublishOnly` runs scripts/release/publish-guard.mjs, which prints one line and exits 1. Shown on
// a copy of package.json in a temporary folder, by `npm publish --dry-run` against a registry
// that does not exist: the guard stops it before anything is packed or sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingFields, refusal } from '../../scripts/release/publish-guard.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const GUARD = join(root, 'scripts', 'release', 'publish-guard.mjs');
const LINE =
  /^publish-guard: package\.json has no (repository|homepage|bugs)(, (homepage|bugs))*: set them before publishing \(docs\/releasing\.md\)$/;

const PLACES = {
  repository: { type: 'git', url: 'git+https://git.example/pubnet-widgets.git' },
  homepage: 'https://git.example/pubnet-widgets#readme',
  bugs: { url: 'https://git.example/pubnet-widgets/issues' },
};

/** A folder holding `manifest` as package.json and the guard where the manifest's script finds it. */
function project(t: { after: (fn: () => void) => void }, manifest: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'pubnet-publish-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'scripts', 'release'), { recursive: true });
  copyFileSync(GUARD, join(dir, 'scripts', 'release', 'publish-guard.mjs'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  return dir;
}

/** The guard run by node on `dir`'s package.json: its status and output. */
function guard(dir: string) {
  const result = spawnSync(process.execPath, [GUARD, join(dir, 'package.json')], {
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('npm publish runs the guard first; repository, homepage and bugs stay unset until the URL is known', () => {
  assert.equal(pkg.scripts.prepublishOnly, 'node scripts/release/publish-guard.mjs');
  assert.deepEqual(missingFields(pkg), ['repository', 'homepage', 'bugs']);
});

test("publishing without `repository` fails with the guard's one line", (t) => {
  const { repository: _repository, ...others } = PLACES;
  const dir = project(t, { ...pkg, ...others });
  const direct = guard(dir);
  assert.equal(direct.status, 1);
  assert.equal(direct.output, `${refusal(['repository'])}\n`);
  assert.match(direct.output.trim(), LINE);

  // As `npm publish` runs it: nothing reaches a registry (127.0.0.1:9 answers nothing).
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (/^npm_/i.test(name)) delete env[name];
  const publish = spawnSync(
    'npm',
    ['publish', '--dry-run', '--registry', 'http://127.0.0.1:9/', '--no-update-notifier'],
    { cwd: dir, env, encoding: 'utf8', timeout: 60_000 },
  );
  assert.notEqual(publish.status, 0, 'npm publish went on');
  const lines = publish.stderr.split('\n').filter((line) => line.startsWith('publish-guard:'));
  assert.deepEqual(lines, [refusal(['repository'])], publish.stderr);
  assert.doesNotMatch(publish.stdout, /Tarball Contents|\+ pubnet-widgets@/);
});

test('the guard names every missing field in its one line, and passes once all three are set', (t) => {
  const none = guard(project(t, pkg));
  assert.equal(none.status, 1);
  assert.equal(none.output, `${refusal(['repository', 'homepage', 'bugs'])}\n`);
  assert.match(none.output.trim(), LINE);

  // Empty values name nothing.
  assert.deepEqual(missingFields({ repository: { url: ' ' }, homepage: '', bugs: {} }), [
    'repository',
    'homepage',
    'bugs',
  ]);
  assert.deepEqual(missingFields({ ...PLACES, repository: 'github:owner/pubnet-widgets' }), []);
  assert.deepEqual(missingFields({ ...PLACES, bugs: { email: 'bugs@example.com' } }), []);

  const all = guard(project(t, { ...pkg, ...PLACES }));
  assert.deepEqual(all, { status: 0, output: '' });
});
