// Runs `npm ci` when node_modules is missing or older than package-lock.json, so a
// fresh clone needs no separate install step. Dependency-free on purpose. A node_modules
// that is a symbolic link (a second checkout sharing another's install) is left alone:
// `npm ci` would empty the checkout it belongs to.
import { existsSync, lstatSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const marker = 'node_modules/.package-lock.json';
const stale =
  !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale && existsSync('node_modules') && lstatSync('node_modules').isSymbolicLink())
  console.log('pubnet-widgets: node_modules is a link to another install: not reinstalling it');
else if (stale) {
  console.log('pubnet-widgets: installing dependencies (npm ci)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
