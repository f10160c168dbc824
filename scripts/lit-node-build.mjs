// Lit for edge runtimes (workerd, Deno, Bun), shared by the build (dist/*/edge.js) and the
// runtime tests' bundles (scripts/load-proxy/runtimes.mjs). Lit's Node build (the `node`
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
