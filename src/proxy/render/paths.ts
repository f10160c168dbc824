/**
 * The paths of the render routes, known without loading the render: the
 * proxy asks them of every request (is it under `/render/`? a route there?),
 * and only a request that is one loads Lit SSR and the elements (engine.ts).
 * So this module imports nothing.
 */

/** The elements the proxy renders. */
export type RenderedTag = 'pubnet-adslot' | 'pubnet-product-grid';

export const RENDERED_TAGS: readonly string[] = ['pubnet-adslot', 'pubnet-product-grid'];

export const ADSLOT_PATH = /^\/render\/adslots\/([^/]+)\/$/;
export const GRID_PATH = '/render/product-grid/';

/** Whether `path` is a render route's (of an element; see {@link isStylesheet} for the CSS). */
export const isRenderPath = (path: string) => ADSLOT_PATH.test(path) || path === GRID_PATH;

/**
 * This package's version: the build writes it in place of the placeholder
 * (scripts/rollup/version.mjs, `replaceVersion`); unbuilt (tests under tsx) the
 * placeholder stays, which only makes the path look odd.
 */
export const VERSION = '__PUBNET_VERSION__';

/** The path of the styles, relative to the proxy's base, ending with `/`. */
export const STYLES_PATH = `render/styles/${VERSION}/`;

/** A stylesheet's path: its version, then its element's tag. */
export const STYLESHEET = /^\/render\/styles\/([^/]+)\/([\w-]+)\.css$/;

/** Whether `path` is a stylesheet this proxy serves (this version, a known tag). */
export function isStylesheet(path: string): boolean {
  const match = STYLESHEET.exec(path);
  return !!match && match[1] === VERSION && RENDERED_TAGS.includes(match[2]);
}
