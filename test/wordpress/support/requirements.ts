// What the WordPress tests need on the machine (Debian's packages). Missing
// pieces fail the tests with ONE line saying what to install: this project
// skips no test.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { MARIADBD } from './mariadb.js';

export const WORDPRESS = '/usr/share/wordpress';
export const THEMES = ['twentytwentythree', 'twentytwentyone'] as const;
export const CONFIG_DIR = '/etc/wordpress';

const PACKAGES =
  'wordpress php-cli php-mysql php-curl php-xml php-mbstring mariadb-server wordpress-theme-twentytwentythree wordpress-theme-twentytwentyone unzip';

/** Throws one line naming what is missing and what to install, or returns. */
export function checkRequirements(): void {
  const missing: string[] = [];
  if (!existsSync(`${WORDPRESS}/wp-load.php`)) missing.push(`${WORDPRESS}/wp-load.php`);
  for (const theme of THEMES)
    if (!existsSync(`${WORDPRESS}/wp-content/themes/${theme}/style.css`))
      missing.push(`theme ${theme}`);
  if (!existsSync(MARIADBD)) missing.push(MARIADBD);
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
  } catch {
    missing.push('unzip');
  }
  let modules = '';
  try {
    modules = execFileSync('php', ['-m'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    missing.push('php (php-cli)');
  }
  if (modules)
    for (const module of ['mysqli', 'curl', 'xml', 'mbstring'])
      if (!new RegExp(`^${module}$`, 'mi').test(modules)) missing.push(`php module ${module}`);
  if (missing.length > 0)
    throw new Error(
      `WordPress tests need Debian's packages (missing: ${missing.join(', ')}): ` +
        `sudo apt-get install --no-install-recommends ${PACKAGES} (or run scripts/wordpress/ci-install.sh as root)`,
    );
  try {
    accessSync(CONFIG_DIR, constants.W_OK);
  } catch {
    throw new Error(
      `WordPress tests write their site's config into ${CONFIG_DIR} (Debian's wp-config.php reads it from there): run them as root or make ${CONFIG_DIR} writable`,
    );
  }
}
