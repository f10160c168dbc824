// Rollup plugins that keep dist/emulator/ the emulator build's alone: the npm build
// leaves it out (leaveEmulatorOut), and the emulator build writes there only what its
// entries need (emulatorOutput).
import { readdirSync, rmSync, rmdirSync } from 'node:fs';
import { join, posix } from 'node:path';

/**
 * For the npm build: drops the declarations of the emulator's files that TypeScript
 * emits with the others.
 */
export const leaveEmulatorOut = {
  name: 'pubnet-leave-emulator-out',
  generateBundle(_options, bundle) {
    for (const fileName of Object.keys(bundle)) {
      if (fileName.startsWith('emulator/')) delete bundle[fileName];
    }
  },
};

/** Relative imports of a declaration file, as bundle file names. */
const declarationImports = (fileName, source) =>
  [...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
    posix.join(posix.dirname(fileName), m[1]).replace(/\.js$/, '.d.ts'),
  );

/**
 * For the emulator build, whose entries are named `entryNames` (`emulator/cli`…): what
 * it writes is its bundles, and of the declarations TypeScript emits for the whole
 * program only those of dist/emulator/ that the entries reach. The emulator's internal
 * modules have no file of their own in dist/, and some of their declarations name hono's
 * types. What else is in dist/emulator/ is left from an earlier build (chunk names carry
 * a hash) and is removed, so that `npm pack` never ships it.
 */
export const emulatorOutput = (entryNames) => ({
  name: 'pubnet-emulator-output',
  generateBundle(_options, bundle) {
    const reached = new Set();
    const queue = entryNames.map((name) => `${name}.d.ts`);
    while (queue.length) {
      const fileName = queue.pop();
      const file = bundle[fileName];
      if (reached.has(fileName) || file?.type !== 'asset') continue;
      reached.add(fileName);
      queue.push(...declarationImports(fileName, String(file.source)));
    }
    const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
    const keep = new Set([
      ...chunks.flatMap((chunk) => [chunk.fileName, `${chunk.fileName}.map`]),
      ...[...reached].filter((fileName) => fileName.startsWith('emulator/')),
    ]);
    for (const fileName of Object.keys(bundle)) if (!keep.has(fileName)) delete bundle[fileName];
  },
  writeBundle(options, bundle) {
    const dir = join(options.dir, 'emulator');
    const dirs = [];
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath ?? entry.path, entry.name);
      const fileName = posix.join('emulator', ...path.slice(dir.length + 1).split(/[\\/]/));
      if (entry.isDirectory()) dirs.push(path);
      else if (!(fileName in bundle)) rmSync(path);
    }
    // Deepest first, so that a folder emptied by its subfolders goes too.
    for (const path of dirs.sort((a, b) => b.length - a.length)) {
      if (readdirSync(path).length === 0) rmdirSync(path);
    }
  },
});
