/**
 * The shapes of the render routes' paths, known without loading the render:
 * the proxy asks them of every request (is it under `/render/`? may it be a
 * route there?), and only a request that may be one loads Lit SSR, the
 * elements and their registry (engine.ts), which say whether it is. So this
 * module imports nothing.
 */

/**
 * A render route's path: `/render/<route>/`, or `/render/<route>/<id>/`. Which routes there
 * are, the registry of elements says (query.ts, loaded with the render): a path of this
 * shape that is none of them is answered 404 then.
 */
const RENDER_PATH = /^\/render\/(?!styles\/)[a-z][\w-]*\/(?:[^/]+\/)?$/;

/** Whether `path` may be a render route's (of an element; see {@link isStylesheet} for the CSS). */
export const isRenderPath = (path: string) => RENDER_PATH.test(path);

/**
 * This package's version: the build writes it in place of the placeholder
 * (scripts/build/rollup/version.mjs, `replaceVersion`); unbuilt (tests under tsx) the
 * placeholder stays, which only makes the path look odd.
 */
export const VERSION = '__PUBNET_VERSION__';

/** The path of the styles, relative to the proxy's base, ending with `/`. */
export const STYLES_PATH = `render/styles/${VERSION}/`;

/** A stylesheet's path: its version, then its element's tag. */
export const STYLESHEET = /^\/render\/styles\/([^/]+)\/(pubnet-[\w-]+)\.css$/;

/**
 * Whether `path` may be a stylesheet this proxy serves (this version; whether the tag is one
 * it renders, styles.ts says once loaded).
 */
export function isStylesheet(path: string): boolean {
  return STYLESHEET.exec(path)?.[1] === VERSION;
}
