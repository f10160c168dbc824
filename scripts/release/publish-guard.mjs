// `npm publish` runs this first (`prepublishOnly`): it refuses to publish while package.json
// lacks `repository`, `homepage` or `bugs`, which npm shows on the package's page and which
// the project's owner sets once the repository's public URL is known (docs/releasing.md).
// One line says what is missing, and the exit status is 1. `node scripts/release/publish-guard.mjs
// [path/to/package.json]` checks without publishing (default: ./package.json).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The fields a publish needs, each with how a value of it names a place. */
const REQUIRED = {
  repository: (value) => nonEmpty(typeof value === 'object' ? value?.url : value),
  homepage: (value) => nonEmpty(value),
  bugs: (value) => nonEmpty(typeof value === 'object' ? (value?.url ?? value?.email) : value),
};

const nonEmpty = (value) => typeof value === 'string' && value.trim() !== '';

/** The required fields `pkg` lacks, in the order above. */
export function missingFields(pkg) {
  return Object.entries(REQUIRED)
    .filter(([field, names]) => !names(pkg?.[field]))
    .map(([field]) => field);
}

/** The line the guard prints for `missing` fields. */
export const refusal = (missing) =>
  `publish-guard: package.json has no ${missing.join(', ')}: set them before publishing (docs/releasing.md)`;

// Run as a script (a path with spaces or other escaped characters included), not imported.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const path = resolve(process.argv[2] ?? 'package.json');
  const missing = missingFields(JSON.parse(readFileSync(path, 'utf8')));
  if (missing.length) {
    console.error(refusal(missing));
    process.exit(1);
  }
}
