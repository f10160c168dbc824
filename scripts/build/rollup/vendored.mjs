// The packages the build bundles into the package (every import but Lit's and Node's), so that
// installing the widgets still brings Lit alone: the proxy's public suffix list, tldts (with
// tldts-core), and the Node adapter's `@hono/node-server` (the one function of it the adapter
// uses). Each is one minified file, dist/vendor/<file>.js (npm never packs a folder named
// node_modules), that imports nothing but Node's built-in modules, and the modules that use it
// import it by a relative path: the npm build (dist/proxy/policy/link-hosts.js,
// dist/node-adapter/serve.js), the emulator's and the proxy's edge build alike, so that an
// install holds each once. Inlined into the edge build as well, a second copy of the list took
// the install over its 5 MiB (issue 24).
//
// Shared by rollup.config.mjs and the runtime tests' scratch install
// (scripts/test/runtimes.mjs), so that workerd, Deno and Bun run the proxy as it ships.
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve as resolvePath, sep } from 'node:path';
import resolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';

/**
 * Each vendored package, by the name it is imported by: its file's name, the notice its
 * licence asks for (MIT: in every copy), and the names it exports (all, if not said).
 */
export const VENDORED = {
  tldts: {
    file: 'tldts',
    notice:
      '/*! tldts, tldts-core: Copyright (c) 2017 Thomas Parisot, 2018 Rémi Berson. MIT License. */',
  },
  '@hono/node-server': {
    file: 'hono-node-server',
    notice:
      '/*! @hono/node-server: Copyright (c) 2022 - present, Yusuke Wada and Hono contributors. MIT License. */',
    exports: ['getRequestListener'],
  },
};

/** Where the package imported as `name` goes, under the build's folder `dir` (dist/). */
export const vendoredFile = (dir, name) => resolvePath(dir, 'vendor', `${VENDORED[name].file}.js`);

/**
 * The entry of a package that exports only some names: a module re-exporting them, imported
 * as `pubnet-vendor:<name>`. Only its resolved id starts with `\0` (rollup's mark of a virtual
 * module, which other plugins leave alone): the input's name is what rollup prints, and a NUL
 * byte made `grep` call the build's log a binary file (issue 45).
 */
const ENTRY = 'pubnet-vendor:';
const VIRTUAL = '\0' + ENTRY;

/**
 * Rollup options building every vendored package into its one file under `dir`/vendor/,
 * minified, its notice kept. What else is in that folder (left by an earlier build) is
 * removed, so that `npm pack` never ships it.
 */
export const vendorBuild = (dir) => ({
  input: Object.fromEntries(
    Object.entries(VENDORED).map(([name, { file, exports }]) => [
      file,
      exports ? ENTRY + name : name,
    ]),
  ),
  // Node's own modules stay imports.
  external: (id) => id.startsWith('node:'),
  output: {
    dir: join(dir, 'vendor'),
    format: 'esm',
    sourcemap: false,
    entryFileNames: '[name].js',
    // A package's notice on its file (the banner is added before terser, which keeps `/*!`).
    banner: (chunk) =>
      Object.values(VENDORED).find(({ file }) => file === chunk.name)?.notice ?? '',
  },
  plugins: [
    {
      name: 'pubnet-vendor-entries',
      resolveId: (id) => (id.startsWith(ENTRY) ? '\0' + id : null),
      load(id) {
        if (!id.startsWith(VIRTUAL)) return null;
        const name = id.slice(VIRTUAL.length);
        return `export { ${VENDORED[name].exports.join(', ')} } from '${name}';`;
      },
    },
    resolve({ exportConditions: ['node'] }),
    terser({ module: true, format: { comments: /^!/ } }),
    {
      name: 'pubnet-no-stale-vendor',
      writeBundle(options, bundle) {
        for (const entry of readdirSync(options.dir))
          if (!(entry in bundle)) rmSync(join(options.dir, entry), { recursive: true });
      },
    },
  ],
});

/**
 * Leaves each import of a vendored package to its file under `dir` (dist/), written relative
 * to the importing output file (`../vendor/tldts.js` from dist/proxy/edge.js). Rollup writes
 * a relative external relative to the inputs' folder (src/), not the output file's, so the
 * import is kept absolute and then made relative here.
 */
export const useVendored = (dir) => {
  const files = Object.keys(VENDORED).map((name) => vendoredFile(dir, name));
  return {
    name: 'pubnet-use-vendored',
    resolveId(id) {
      return Object.hasOwn(VENDORED, id)
        ? { id: vendoredFile(dir, id), external: 'absolute' }
        : null;
    },
    renderChunk(code, chunk, options) {
      const from = dirname(resolvePath(options.dir ?? dirname(options.file), chunk.fileName));
      let out = code;
      for (const file of files) {
        const path = relative(from, file).split(sep).join('/');
        const specifier = path.startsWith('../') ? path : `./${path}`;
        for (const quote of [`'`, '"'])
          out = out.replaceAll(quote + file + quote, quote + specifier + quote);
      }
      return out === code ? null : { code: out, map: null };
    },
  };
};
