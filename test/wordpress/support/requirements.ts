// What the WordPress tests need on the machine (Debian's packages, listed once
// in scripts/machine/system.mjs, which `npm test` installs first). Missing pieces fail
// the tests with ONE line saying what to install: this project skips no test.
import { accessSync, constants } from 'node:fs';
import { installLine, missing } from '../../../scripts/machine/system.mjs';

export { THEMES, WORDPRESS } from '../../../scripts/machine/system.mjs';
export const CONFIG_DIR = '/etc/wordpress';

/** Throws one line naming what is missing and what to install, or returns. */
export function checkRequirements(): void {
  const parts = missing(['wordpress']);
  if (parts.length > 0) throw new Error(installLine(parts));
  try {
    accessSync(CONFIG_DIR, constants.W_OK);
  } catch {
    throw new Error(
      `WordPress tests write their site's config into ${CONFIG_DIR} (Debian's wp-config.php reads it from there): run them as root or make ${CONFIG_DIR} writable`,
    );
  }
}
