// The BUILT CDN file, as a publisher's page loads it. The e2e tests never
// build it themselves: `npx rollup -c` (or `npm run build`) comes first.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
export const cdnDir = fileURLToPath(new URL('../../../dist/cdn/', import.meta.url));
export const bundlePath = `${cdnDir}pubnet.min.js`;
export const packageVersion: string = JSON.parse(
  readFileSync(`${root}package.json`, 'utf8'),
).version;

/** The built bundle's code; throws with what to run when it is missing. */
export function readBundle(): string {
  if (!existsSync(bundlePath)) {
    throw new Error(
      `The e2e tests run against the built CDN file, and ${bundlePath} is missing: ` +
        'run `npx rollup -c` (or `npm run build`) first.',
    );
  }
  return readFileSync(bundlePath, 'utf8');
}

/**
 * The same bundle as another release would be: its version string replaced.
 * Throws when the version is not found, so a test cannot silently load a
 * copy that is identical to the first.
 */
export function withVersion(code: string, version: string): string {
  const literal = JSON.stringify(packageVersion);
  const count = code.split(literal).length - 1;
  if (count < 1) throw new Error(`The built bundle does not contain the version ${literal}.`);
  return code.replaceAll(literal, JSON.stringify(version));
}
