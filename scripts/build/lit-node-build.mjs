// Lit for edge runtimes (workerd, Deno, Bun), shared by the build (dist/*/edge.js) and the
// runtime tests' bundles (scripts/test/runtimes.mjs). Lit's Node build (the `node`
// export condition) renders without a DOM: it uses @lit-labs/ssr-dom-shim where the browser
// build needs `HTMLElement`, which no edge runtime has. One package of it, the Node build of
// @lit-labs/ssr-client, imports Node's `buffer` for one base64 call that its default build
// makes with `btoa`, which every runtime has: with this plugin before node-resolve, that
// package alone resolves to its default build, and a bundle needs no built-in module.
export const ssrClientWithoutBuffer = {
  name: 'pubnet-ssr-client-without-buffer',
  async resolveId(source, importer, options) {
    if (source !== '@lit-labs/ssr-client') return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    const nodeBuild = /([\\/]@lit-labs[\\/]ssr-client[\\/])node[\\/]index\.js$/;
    return resolved && { ...resolved, id: resolved.id.replace(nodeBuild, '$1index.js') };
  },
};

/** The export conditions that pick Lit's Node build. */
export const LIT_NODE_CONDITIONS = ['node'];

/**
 * terser's options for the edge builds (dist/proxy/edge.js, dist/render/edge.js), shared
 * with the runtime tests' bundles so that workerd, Deno and Bun run the code as minified.
 * Minified and without a source map (one with its sources would be 1.3 MB a file), they
 * are 0.56 MB instead of 3.9 MB with maps: part of a widget user's install (issue 24).
 * Class names are kept, for stack traces and `name`s that read them.
 */
export const EDGE_TERSER = {
  ecma: 2020,
  module: true,
  keep_classnames: true,
  compress: { passes: 2 },
  format: { comments: false },
};

const LIT_SSR_STATIC = '\0pubnet-lit-ssr-static';

/**
 * In a self-contained bundle Lit SSR is always inside: src/render/lit-ssr.ts (which imports
 * it with top-level await, so that an install without the optional peer says what to install)
 * becomes plain static imports. Top-level await would otherwise end up at the top of the
 * whole bundle, which no `iife` or `cjs` output can hold. Put it before node-resolve and
 * typescript.
 */
/** The real module, src/render/lit-ssr.ts. */
const LIT_SSR = new URL('../../src/render/lit-ssr.ts', import.meta.url).pathname;

export const litSsrStatic = {
  name: 'pubnet-lit-ssr-static',
  async resolveId(source, importer, options) {
    if (
      source === './lit-ssr.js' &&
      importer &&
      /[\\/]src[\\/]render[\\/][^\\/]+\.ts$/.test(importer)
    )
      return LIT_SSR_STATIC;
    if (importer === LIT_SSR_STATIC)
      // From where the real module would import it.
      return this.resolve(source, LIT_SSR, { ...options, skipSelf: true });
    return null;
  },
  load(id) {
    if (id !== LIT_SSR_STATIC) return null;
    return [
      "export { render, LitElementRenderer } from '@lit-labs/ssr';",
      "export { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';",
    ].join('\n');
  },
};
