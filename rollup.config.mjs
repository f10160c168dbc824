// Five kinds of build, in this order:
// - vendor: dist/vendor/tldts.js, the proxy's public suffix list, and
//   dist/vendor/hono-node-server.js, the Node adapter's, one minified file each that the
//   npm, emulator and edge builds import (scripts/build/rollup/vendored.mjs), so that the package
//   can hold them without depending on them, and holds each once;
// - npm: ESM modules in dist/ mirroring src/, `lit` external, with declarations;
// - emulator: dist/emulator/index.js and cli.js with hono bundled in, so that hono can
//   stay a devDependency: installing the widgets or the client never installs it;
// - edge: dist/proxy/edge.js and dist/render/edge.js, with Lit's Node build, sharing the
//   modules of dist/edge/ (and importing dist/vendor/tldts.js);
// - CDN: dist/cdn/pubnet.min.js, one classic script with Lit bundled, and
//   dist/cdn/pubnet-autolink.min.js, auto-linking alone (no Lit), each minified, with a
//   source map, an SRI hash beside it and a size budget that fails the build (last,
//   so that a file over budget leaves the rest of dist/ built).
// The builds' own plugins are in scripts/build/rollup/, one module each (or per related pair).
import { builtinModules } from 'node:module';
import typescript from '@rollup/plugin-typescript';
import resolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { cdnBudget } from './scripts/build/rollup/cdn-budget.mjs';
import { emulatorOutput, leaveEmulatorOut } from './scripts/build/rollup/emulator-output.mjs';
import { browserManifests } from './scripts/build/rollup/browser-manifests.mjs';
import { minifyTemplates } from './scripts/build/rollup/minify-templates.mjs';
import { transpile } from './scripts/build/rollup/transpile.mjs';
import { typeOnlyShapes } from './scripts/build/rollup/type-only-shapes.mjs';
import { noHono } from './scripts/build/rollup/no-hono.mjs';
import { noStaleMaps } from './scripts/build/rollup/no-stale-maps.mjs';
import { noWarnings } from './scripts/build/rollup/no-warnings.mjs';
import { useVendored, vendorBuild } from './scripts/build/rollup/vendored.mjs';
import { replaceVersion } from './scripts/build/rollup/version.mjs';
import {
  EDGE_TERSER,
  LIT_NODE_CONDITIONS,
  litSsrStatic,
  ssrClientWithoutBuffer,
} from './scripts/build/lit-node-build.mjs';

/**
 * The CDN file (LitElement and the five widgets), min+gzip, in bytes: target 14 KB, ceiling
 * 20,480 B (the build fails above it), the owner's standing answer for the two elements that
 * joined the three: the price comparison took the file from 17,044 to 18,232 B, the loan
 * offers to 20,203 B.
 */
export const CDN_TARGET = 14 * 1024;
export const CDN_BUDGET = 20_480;
/** The auto-linking file (no Lit), min+gzip, in bytes: target 5 KB, ceiling 6,144 B. */
export const AUTOLINK_TARGET = 5 * 1024;
export const AUTOLINK_BUDGET = 6 * 1024;

const CDN = { budget: CDN_BUDGET, target: CDN_TARGET };
const AUTOLINK_CDN = { budget: AUTOLINK_BUDGET, target: AUTOLINK_TARGET };

const npmEntries = {
  index: 'src/index.ts',
  'client/index': 'src/client/index.ts',
  'proxy/index': 'src/proxy/index.ts',
  'proxy/cli': 'src/proxy/cli.ts',
  'render/index': 'src/render/index.ts',
  'autolink/index': 'src/autolink/index.ts',
  'intext/index': 'src/intext/index.ts',
};

const emulatorEntries = {
  'emulator/index': 'src/emulator/index.ts',
  'emulator/cli': 'src/emulator/cli.ts',
};

const isBuiltin = (id) => id.startsWith('node:') || builtinModules.includes(id);
const external = (id) => /^(lit|@lit|@lit-labs)(\/|$)/.test(id) || isBuiltin(id);

/** The CLIs are the package's bins. */
const shebang = (chunk) => (/(^|\/)cli\.js$/.test(chunk.fileName) ? '#!/usr/bin/env node' : '');

/**
 * A CDN file: one classic script (`iife`), minified, with a source map, its
 * SRI hash and its size budget (cdnBudget).
 */
const cdnBuild = (input, file, budget, plugins = []) => ({
  input,
  output: {
    file,
    format: 'iife',
    sourcemap: true,
  },
  plugins: [
    replaceVersion,
    resolve({ browser: true }),
    // The map carries the sources (issue 24): src/ is not in the package.
    transpile({ sourceMap: true, inlineSources: true }),
    typeOnlyShapes(),
    ...plugins,
    terser({
      ecma: 2020,
      module: false,
      toplevel: true,
      compress: { passes: 3, unsafe_arrows: true, unsafe_methods: true },
      // Our internal members start with `_` and a letter: never a public
      // property, an attribute or a field of the API's JSON (but `_version`,
      // kept by name). lit-html's private members (`_$…`) are shortened too:
      // the copy of lit-html inside the widgets' file is the only one that
      // renders its templates, and nothing outside the file reads them. The
      // objects the two CDN files share (src/page/page.ts) are only
      // read by public members (`request`, `get`, `set`…), never mangled ones.
      mangle: { properties: { regex: /^_[a-z]|^_\$/, reserved: ['_version', '_embedded'] } },
      format: { comments: false },
    }),
    cdnBudget(budget),
  ],
});

/**
 * The proxy and the render entry for edge runtimes (dist/proxy/edge.js, dist/render/edge.js),
 * Lit's Node build inside: what the `workerd` and `worker` conditions give, so that
 * wrangler's bundler (which resolves `lit` to its browser build) gets a proxy that renders.
 * One build of the two: what both hold (the render half, Lit SSR, the elements) is written
 * once, as modules of dist/edge/ that both import by relative paths, as they import the
 * proxy's public suffix list (dist/vendor/tldts.js, the npm build's copy): a copy in each
 * took the install over its 5 MiB. The proxy's render half (src/proxy/render/engine.ts) stays
 * a module its first render loads.
 */
const edgeBuild = {
  input: { 'proxy/edge': 'src/proxy/index.ts', 'render/edge': 'src/render/index.ts' },
  external: isBuiltin,
  // Minified, without a source map (EDGE_TERSER): what the package weighs in an install.
  output: {
    dir: 'dist',
    format: 'esm',
    sourcemap: false,
    entryFileNames: '[name].js',
    // Names without a hash: a workerd config that lists modules by file names them.
    chunkFileNames: 'edge/[name].js',
  },
  onwarn: noWarnings({
    THIS_IS_UNDEFINED:
      "tslib's helpers read a top-level `this`, undefined in a module, as they expect",
  }),
  plugins: [
    useVendored('dist'),
    noHono,
    replaceVersion,
    litSsrStatic,
    ssrClientWithoutBuffer,
    resolve({ exportConditions: LIT_NODE_CONDITIONS }),
    transpile(),
    terser(EDGE_TERSER),
    noStaleMaps,
  ],
};

// Every build fails on a warning (noWarnings); one that lives with some says which, and why.
// The TypeScript plugin's `sourceMap` is each build's `output.sourcemap` (tsconfig.json's is
// true): a map rollup is not asked to write is not made, and not warned about.
export default [
  vendorBuild('dist'),
  {
    input: npmEntries,
    external,
    output: {
      dir: 'dist',
      format: 'esm',
      preserveModules: true,
      preserveModulesRoot: 'src',
      // No source maps (issue 24): they named src/*.ts, which is not in the package,
      // without the sources inside, and with them the install is over its 5 MB budget.
      sourcemap: false,
      entryFileNames: '[name].js',
      banner: shebang,
    },
    plugins: [
      // Before the resolvers: tldts is dist/vendor/tldts.js, imported
      // (scripts/build/rollup/vendored.mjs).
      useVendored('dist'),
      noHono,
      replaceVersion,
      resolve(),
      typescript({
        tsconfig: './tsconfig.json',
        outDir: 'dist',
        declaration: true,
        declarationDir: 'dist',
        sourceMap: false,
        // `@internal` functions (the render entry's, that name DOM types) stay out of the
        // declarations, so that a server project without the DOM lib type-checks /render.
        stripInternal: true,
      }),
      leaveEmulatorOut,
      noStaleMaps,
      // Readable modules without their comments (the declarations keep every doc comment,
      // which is what an editor shows): the comments were 140 KB of every install, which
      // issue 24 holds at 5 MiB with Lit. Nothing else changes: no compression, no mangling.
      terser({
        module: true,
        compress: false,
        mangle: false,
        format: { beautify: true, comments: false },
      }),
    ],
  },
  {
    // Bundled, hono included: the published package does not depend on it. The
    // emulator's copies of src/node-adapter/serve.ts and of the client's routes are its
    // own (the adapter's `@hono/node-server` is the vendored file); the proxy CLI keeps
    // dist/node-adapter/serve.js from the npm build.
    input: emulatorEntries,
    external: isBuiltin,
    output: {
      dir: 'dist',
      format: 'esm',
      // No map: the chunk is readable as it is, and its map (hono's sources in it) was 0.3 MB
      // of every widget user's install (issue 24: at most 5 MB with Lit).
      sourcemap: false,
      entryFileNames: '[name].js',
      chunkFileNames: 'emulator/chunks/[name]-[hash].js',
      // Node loads the chunk's imports itself: no need to repeat them in the entries.
      hoistTransitiveImports: false,
      banner: shebang,
    },
    plugins: [
      useVendored('dist'),
      replaceVersion,
      resolve({ exportConditions: ['node'] }),
      typescript({
        tsconfig: './tsconfig.json',
        // The program starts from the folders the emulator imports from (add one
        // when it imports from another), not all of src/: the npm build checks
        // that already, and this halves the time.
        filterRoot: '.',
        include: [
          'src/emulator/**/*.ts',
          'src/client/**/*.ts',
          'src/node-adapter/**/*.ts',
          // The Node adapter's Host check (RFC 9112 §3.2), shared with the proxy.
          'src/proxy/http/host.ts',
        ],
        outDir: 'dist',
        declaration: true,
        declarationDir: 'dist',
        sourceMap: false,
      }),
      emulatorOutput(Object.keys(emulatorEntries)),
      // Readable, without comments: the chunk (hono inside) is a third of the emulator's
      // weight in every widget user's install, which must stay within 5 MiB (issue 24).
      terser({
        module: true,
        compress: false,
        mangle: false,
        format: { beautify: true, comments: false },
      }),
    ],
  },
  edgeBuild,
  cdnBuild('src/embed/index.ts', 'dist/cdn/pubnet.min.js', CDN, [
    browserManifests(),
    minifyTemplates(),
  ]),
  cdnBuild('src/embed/autolink.ts', 'dist/cdn/pubnet-autolink.min.js', AUTOLINK_CDN),
].map((build) => ({ onwarn: noWarnings(), ...build }));
