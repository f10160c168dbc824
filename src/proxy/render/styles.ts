/**
 * `GET /render/styles/<version>/<tag>.css`: the CSS of the elements the proxy
 * renders (render-routes.ts), which their fragments link to instead of
 * writing it inline, so that a page with `style-src 'self'` (the proxy on the
 * page's own origin) accepts it. The version is in the path, so a new
 * release is a new URL and each file can be cached for a year.
 */
import { PubnetAdslot } from '../../components/adslot/adslot.js';
import { PubnetProductGrid } from '../../components/product-grid/product-grid.js';
import { stylesheetText } from '../../render/styles.js';
import { etagOf, represent } from '../http/index.js';
import { BASE_HEADERS } from '../http/index.js';

/**
 * This package's version: the build writes it in place of the placeholder
 * (rollup.config.mjs, `replaceVersion`); unbuilt (tests under tsx) the
 * placeholder stays, which only makes the path look odd.
 */
export const VERSION = '__PUBNET_VERSION__';

/** The path of the styles, relative to the proxy's base, ending with `/`. */
export const STYLES_PATH = `render/styles/${VERSION}/`;

const STYLESHEET = /^\/render\/styles\/([^/]+)\/([\w-]+)\.css$/;

const ELEMENTS: Readonly<Record<string, Parameters<typeof stylesheetText>[0]>> = {
  'pubnet-adslot': PubnetAdslot,
  'pubnet-product-grid': PubnetProductGrid,
};

/** A year: the URL changes with every release. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Each stylesheet with its ETag, made once per process on first use. */
const sheets = new Map<string, Promise<{ css: string; etag: string }>>();

function sheet(tag: string) {
  let made = sheets.get(tag);
  if (!made) {
    const css = stylesheetText(ELEMENTS[tag]);
    made = etagOf(css).then((etag) => ({ css, etag }));
    sheets.set(tag, made);
  }
  return made;
}

/** Whether `path` is a stylesheet this proxy serves (this version, a known tag). */
export function isStylesheet(path: string): boolean {
  const match = STYLESHEET.exec(path);
  return !!match && match[1] === VERSION && Object.hasOwn(ELEMENTS, match[2]);
}

/**
 * The answer to a GET or HEAD of the stylesheet at `path` (see
 * {@link isStylesheet}), with `headers` (CORS) added.
 */
export async function stylesheet(
  request: Request,
  path: string,
  headers: Record<string, string>,
): Promise<Response> {
  const tag = STYLESHEET.exec(path)![2];
  const { css, etag } = await sheet(tag);
  const all: Record<string, string> = {
    ...BASE_HEADERS,
    ...headers,
    'Content-Type': 'text/css; charset=utf-8',
    'Cache-Control': IMMUTABLE,
    ETag: etag,
  };
  return represent(request, 200, all, css);
}
