/** Building request URLs: base + canonical path + query string. */

/** One query value; `undefined` and `null` are left out. */
export type QueryValue = string | number | boolean | null | undefined;
/** A query: an array value is repeated (`?a=1&a=2`). */
export type Query = { readonly [name: string]: QueryValue | readonly QueryValue[] };
/** Path parameters by their `{name}`. */
export type Params = { readonly [name: string]: string | number };

/**
 * Checks a `baseUrl` (cheaply: `createClient` checks it fully first) and
 * returns it with exactly one trailing slash.
 * @throws TypeError naming `baseUrl` unless it looks like an absolute http(s)
 *   URL without query or fragment.
 */
export function normalizeBase(baseUrl: string): string {
  if (!/^https?:\/\/[^/?#]+[^?#]*$/i.test(baseUrl))
    throw new TypeError('Invalid option baseUrl: ' + baseUrl);
  return baseUrl.replace(/\/*$/, '/');
}

/**
 * `base` (ending in `/`) + the route `path` with every `{name}` replaced by its
 * `encodeURIComponent`-ed parameter (so `../my/password` stays one segment),
 * + the query.
 * @throws TypeError for a missing or empty parameter, or one that is `.`/`..`
 *   (which URL parsing would resolve, leaving the segment).
 */
export const buildUrl = (base: string, path: string, params?: Params, query?: Query): string =>
  withQuery(
    base +
      path.slice(1).replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = '' + (params?.[name] ?? '');
        if (/^\.{0,2}$/.test(value)) throw new TypeError('Invalid path parameter ' + name);
        return encodeURIComponent(value);
      }),
    query,
  );

/** Appends `query` to `url` (which has no query yet). */
export function withQuery(url: string, query?: Query): string {
  const parts: string[] = [];
  for (const name in query)
    for (const value of ([] as QueryValue[]).concat(query[name]))
      if (value != null) parts.push(encodeURIComponent(name) + '=' + encodeURIComponent(value));
  return parts[0] ? url + '?' + parts.join('&') : url;
}
