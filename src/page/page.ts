/**
 * What every copy of this version of the package on a page shares, whichever
 * bundle it came in (the widgets' CDN file, the auto-linking one, the npm
 * build): the request cores and their cache (so a tracking link asked for by
 * a widget is not asked for again by auto-linking), the detect cache. The
 * registry is a symbol-keyed property of `globalThis`, per version: another
 * version's objects may differ in shape.
 */
const registry: Record<string, unknown> = ((globalThis as Record<symbol, Record<string, unknown>>)[
  Symbol.for('pubnet-widgets@__PUBNET_VERSION__')
] ??= {});

/** The page's value of `name`, made by `make()` by the first copy that asks. */
export const pageShared = <T>(name: string, make: () => T): T => (registry[name] ??= make()) as T;
