// The packages the build bundles into the package (every import but Lit's and Node's): the
// proxy's public suffix list, tldts (with tldts-core), so that installing the widgets still
// brings Lit alone. Each is one minified file, dist/vendor/<name>.js (npm never packs a folder
// named node_modules), that imports nothing, and the modules that use it import it by a
// relative path: the npm build (dist/proxy/policy/link-hosts.js) and the edge build of the
// proxy (dist/proxy/edge.js) alike, so that an install holds the list once. Inlined into the
// edge build as well, the second copy took the install over its 5 MiB (issue 24).
//
// Shared by rollup.config.mjs and the runtime tests' scratch install
// (scripts/load-proxy/runtimes.mjs), so that workerd, Deno and Bun run the proxy as it ships.
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve as resolvePath, sep } from 'node:path';
import resolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';

/** Each vendored package, by the name it is imported by, with the notice its licence asks for. */
export const VENDORED = {
  // MIT: its notice in every copy.
  tldts:
    '/*! tldts, tldts-core: Copyright (c) 2017 Thomas Parisot, 2018 Rémi Berson. MIT License. */',
};

/** Where `name` goes, under the build's folder `dir` (dist/). */
export const vendoredFile = (dir, name) => resolvePath(dir, 'vendor', `${name}.js`);

/**
 * Rollup options building every vendored package into its one file under `dir`/vendor/,
 * minified, its notice kept. What else is in that folder (left by an earlier build) is
 * removed, so that `npm pack` never ships it.
 */
export const vendorBuild = (dir) => ({
  input: Object.fromEntries(Object.keys(VENDORED).map((name) => [name, name])),
  output: {
    dir: join(dir, 'vendor'),
    format: 'esm',
    sourcemap: false,
    entryFileNames: '[name].js',
    // A package's notice on its file (the banner is added before terser, which keeps `/*!`).
    banner: (chunk) => (Object.hasOwn(VENDORED, chunk.name) ? VENDORED[chunk.name] : ''),
  },
  plugins: [
    resolve(),
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
