// Runs `npm ci` when node_modules is missing or older than package-lock.json, so a
// fresh clone needs no separate install step. Dependency-free on purpose.
import { existsSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const marker = 'node_modules/.package-lock.json';
const stale =
  !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('pubnet-widgets: installing dependencies (npm ci)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
