/**
 * `GET /render/styles/<version>/<tag>.css`: the CSS of the elements the proxy
 * renders (routes.ts; the path is in paths.ts), which their fragments link to instead of
 * writing it inline, so that a page with `style-src 'self'` (the proxy on the
 * page's own origin) accepts it. The version is in the path, so a new
 * release is a new URL and each file can be cached for a year.
 */
import { ELEMENTS } from '../../components/registry.js';
import { stylesheetText } from '../../render/styles.js';
import { etagOf } from '../http/etag.js';
import { represent } from '../http/represent.js';
import { BASE_HEADERS } from '../http/respond.js';
import { STYLESHEET } from './paths.js';

/** The elements the proxy renders, by tag. */
const RENDERED = new Map(
  ELEMENTS.filter(({ render }) => render).map(({ tag, element }) => [tag as string, element]),
);

/** Whether `path` is the stylesheet of an element the proxy renders (its version checked first). */
export const isRenderedStylesheet = (path: string) =>
  RENDERED.has(STYLESHEET.exec(path)?.[2] ?? '');

/** A year: the URL changes with every release. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Each stylesheet with its ETag, made once per process on first use. */
const sheets = new Map<string, Promise<{ css: string; etag: string }>>();

function sheet(tag: string) {
  let made = sheets.get(tag);
  if (!made) {
    const css = stylesheetText(RENDERED.get(tag)!);
    made = etagOf(css).then((etag) => ({ css, etag }));
    sheets.set(tag, made);
  }
  return made;
}

/**
 * The answer to a GET or HEAD of the stylesheet at `path` (see
 * `isStylesheet` in paths.ts), with `headers` (CORS) added.
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
