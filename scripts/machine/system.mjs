// What `npm test` needs from the machine beyond npm: the three browser engines
// (scripts/machine/engines.mjs) and Debian's WordPress with PHP and MariaDB for
// test/wordpress/. `ensureSystem()` installs whatever is missing on Debian or
// Ubuntu as root (one `apt-get update`, one `apt-get install`); anywhere else
// it stops at once with one line naming what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { ENGINE_PARTS } from './engines.mjs';

export const WORDPRESS = '/usr/share/wordpress';
export const MARIADBD = '/usr/sbin/mariadbd';
export const THEMES = ['twentytwentythree', 'twentytwentyone'];

function phpModules() {
  const result = spawnSync('php', ['-m'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return result.status === 0 ? result.stdout : undefined;
}

const hasCommand = (name) =>
  spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

/** Each part of WordPress's test set-up, with the Debian package that brings it. */
export const WORDPRESS_PARTS = [
  {
    what: 'WordPress',
    package: 'wordpress',
    present: () => existsSync(`${WORDPRESS}/wp-load.php`),
  },
  { what: 'PHP', package: 'php-cli', present: () => phpModules() !== undefined },
  ...[
    ['mysqli', 'php-mysql'],
    ['curl', 'php-curl'],
    ['xml', 'php-xml'],
    ['mbstring', 'php-mbstring'],
  ].map(([module, name]) => ({
    what: `PHP's ${module}`,
    package: name,
    present: () => new RegExp(`^${module}$`, 'mi').test(phpModules() ?? ''),
  })),
  { what: 'MariaDB', package: 'mariadb-server', present: () => existsSync(MARIADBD) },
  ...THEMES.map((theme) => ({
    what: `the ${theme} theme`,
    package: `wordpress-theme-${theme}`,
    present: () => existsSync(`${WORDPRESS}/wp-content/themes/${theme}/style.css`),
  })),
  { what: 'unzip', package: 'unzip', present: () => hasCommand('unzip') },
];

/**
 * @typedef {{ what: string, package: string, recommends?: boolean, present(): boolean }} Part
 * One thing the tests need, and the Debian package that brings it.
 */

/** @type {Record<string, Part[]>} */
export const PARTS = {
  ...ENGINE_PARTS,
  wordpress: WORDPRESS_PARTS,
};

/**
 * The parts of the named groups that are missing, each once by package.
 * @param {string[] | undefined} groups
 * @param {Record<string, Part[]>} [parts]
 * @returns {Part[]}
 */
export function missing(groups, parts = PARTS) {
  const seen = new Map();
  for (const group of groups ?? Object.keys(parts))
    for (const part of parts[group])
      if (!seen.has(part.package) && !part.present()) seen.set(part.package, part);
  return [...seen.values()];
}

function isDebianLike() {
  try {
    return /\b(debian|ubuntu)\b/i.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

export const canInstall = () => isDebianLike() && process.getuid?.() === 0 && hasCommand('apt-get');

/**
 * The one line that tells a user what to install.
 * @param {Part[]} parts
 */
export function installLine(parts) {
  const packages = parts.map((part) => part.package).join(' ');
  return (
    `pubnet-widgets: the tests need ${parts.map((part) => part.what).join(', ')}: ` +
    `install them first (Debian/Ubuntu: sudo apt-get install ${packages})`
  );
}

/**
 * Installs the missing parts of `groups` with apt-get, or throws one line.
 * Services the packages bring (MariaDB, Apache) are not started: the tests
 * start their own, private ones.
 * @param {string[] | undefined} groups
 * @param {{ known?: Record<string, Part[]>, installable?: () => boolean }} [options]
 */
export function ensureSystem(groups, { known = PARTS, installable = canInstall } = {}) {
  const parts = missing(groups, known);
  if (parts.length === 0) return [];
  if (!installable()) throw new Error(installLine(parts));
  const packages = parts.map((part) => part.package);
  console.error(`pubnet-widgets: installing Debian's ${packages.join(' ')} (apt-get)…`);
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'] });
    // Browsers with what Debian recommends (fonts among it); WordPress's packages without.
    for (const recommends of [true, false]) {
      const some = parts.filter((part) => !!part.recommends === recommends);
      if (some.length === 0) continue;
      execFileSync(
        'apt-get',
        [
          'install',
          '-y',
          '-qq',
          ...(recommends ? [] : ['--no-install-recommends']),
          ...some.map((part) => part.package),
        ],
        { stdio: ['ignore', 'ignore', 'inherit'], env },
      );
    }
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
  const still = missing(groups, known);
  if (still.length) throw new Error(installLine(still));
  return packages;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const groups = process.argv.slice(2);
    for (const group of groups)
      if (!(group in PARTS)) throw new Error(`Unknown part "${group}" (${Object.keys(PARTS)})`);
    ensureSystem(groups.length ? groups : undefined);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
