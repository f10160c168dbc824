/**
 * What the proxy forwards: the widget routes, named by their keys in the one
 * route table (src/client/routes/), each with its policy. No path is written
 * here: paths come from the table.
 *
 * A request path is resolved against EVERY route of the table first (static
 * segments beating `{params}`), and only then checked against the allow-list.
 * Otherwise `GET /publisher/adslots/find/` (a list of all the publisher's ad
 * slots) would pass as `adslots.get` with `uuid = "find"`.
 */
import { routeList, type Method, type RouteKey } from '../../client/routes/index.js';

/** How the proxy treats one allowed route. */
export interface RoutePolicy {
  /** Answers may be cached and identical calls coalesced. */
  readonly cache: boolean;
  /** Query parameters forwarded; every other one is dropped. */
  readonly query: readonly string[];
  /** The body's shape, checked before forwarding; routes without one take no body. */
  readonly body?: 'search' | 'trackingLink' | 'stats';
  /**
   * Where the website guid sits, pinned to the configured `websites`:
   * `?key=`, the body's `website`, or the `{token}` path parameter.
   */
  readonly pin?: 'key' | 'body' | 'token';
  /**
   * The answer is composed with what it shows (compose.ts, api-contract §10):
   * the route takes `?key=` (pinned) and `?sid=` for the composition, which
   * are not forwarded, so one upstream answer serves every key and sid.
   */
  readonly compose?: boolean;
  /**
   * The API's statuses that are an expected outcome on a reader's page (no offer for a
   * host, no such slot or offer, no link for a closed offer or a refused deep link): the
   * proxy answers them 200, the API's status in `X-Pubnet-Status` (api-contract §14), so
   * the browser logs no failed request.
   */
  readonly outcomes?: readonly number[];
}

const search = {
  cache: true,
  query: ['key', 'page', 'page_size'],
  body: 'search',
  pin: 'key',
} as const;
const trackingLink = {
  cache: true,
  query: [],
  body: 'trackingLink',
  pin: 'body',
  outcomes: [400, 404],
} as const;
const tokenPage = { cache: true, query: [], pin: 'token' } as const;

/** The widget routes and their policies, keyed like the route table. */
export const widgetRoutes = {
  'adslots.get': { cache: true, query: [], compose: true, outcomes: [404] },
  'products.search': search,
  'products.searchV2': search,
  'products.trackingLink': trackingLink,
  'offers.trackingLink': trackingLink,
  'offers.get': { cache: true, query: [], outcomes: [404] },
  'offers.detect': { cache: true, query: ['url'], outcomes: [404] },
  // Stats are events: every call counts, so never cached nor coalesced.
  'products.createStats': { cache: false, query: [], body: 'stats', pin: 'body' },
  'promo.getBlackFriday': tokenPage,
  'promo.getBlackFridayLegacy': tokenPage,
  'promo.getPaydayLoans': tokenPage,
} as const satisfies Partial<Record<RouteKey, RoutePolicy>>;

export type WidgetRouteKey = keyof typeof widgetRoutes;

/** A request resolved to an allowed route. */
export interface AllowedRoute {
  key: WidgetRouteKey;
  method: Method;
  policy: RoutePolicy;
  /** Whether upstream is called without `Authorization` (the token pages). */
  public: boolean;
  /** Decoded path parameters by name. */
  params: Record<string, string>;
  /** The canonical upstream path (leading `/`), parameters re-encoded. */
  path: string;
}

interface Pattern {
  /** `null` marks a `{param}` segment; `''` the trailing slash. */
  segments: (string | null)[];
  names: string[];
  template: string;
  methods: Map<string, RouteKey>;
}

function compile(): Pattern[] {
  const byPath = new Map<string, Pattern>();
  for (const [key, def] of routeList) {
    let pattern = byPath.get(def.path);
    if (!pattern) {
      const parts = def.path.slice(1).split('/');
      pattern = {
        segments: parts.map((p) => (/^\{\w+\}$/.test(p) ? null : p)),
        names: parts.filter((p) => p.startsWith('{')).map((p) => p.slice(1, -1)),
        template: def.path,
        methods: new Map(),
      };
      byPath.set(def.path, pattern);
    }
    pattern.methods.set(def.method, key);
  }
  // Most specific first: at the first position where two patterns differ in
  // kind, the one with a static segment wins.
  const rank = (p: Pattern) => p.segments.map((s) => (s === null ? '1' : '0')).join('');
  return [...byPath.values()].sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
}

const patterns = compile();

/** A decoded parameter, or `undefined` when it could leave its segment. */
function param(raw: string): string | undefined {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (value === '' || value === '.' || value === '..' || /[/\\\p{Cc}]/u.test(value))
    return undefined;
  return value;
}

interface Match {
  pattern: Pattern;
  values: string[];
}

function match(pattern: Pattern, parts: string[]): Match | undefined {
  if (pattern.segments.length !== parts.length) return undefined;
  const values: string[] = [];
  for (const [i, segment] of pattern.segments.entries()) {
    if (segment !== null) {
      if (segment !== parts[i]) return undefined;
      continue;
    }
    const value = param(parts[i]);
    if (value === undefined) return undefined;
    values.push(value);
  }
  return { pattern, values };
}

/** `a` is at least as specific as `b` at every position. */
const dominates = (a: Pattern, b: Pattern) =>
  a.segments.every((s, i) => s !== null || b.segments[i] === null);

/**
 * The allowed route a request method and path (relative to the API root,
 * starting with `/`, still percent-encoded) resolve to, or `undefined`.
 */
export function resolveRoute(method: string, path: string): AllowedRoute | undefined {
  // Matching walks every pattern: the same few paths repeat (cache hits), so they are kept.
  const memo = `${method} ${path}`;
  let route = resolved.get(memo);
  if (route === undefined) {
    if (resolved.size >= RESOLVED_MAX) resolved.clear();
    route = resolveUncached(method, path) ?? null;
    resolved.set(memo, route);
  }
  // A copy: a caller may change its own.
  return route ? { ...route, params: { ...route.params } } : undefined;
}

/** The last resolutions by `method path` (`null`: none); cleared when full. */
const resolved = new Map<string, AllowedRoute | null>();
const RESOLVED_MAX = 1024;

function resolveUncached(method: string, path: string): AllowedRoute | undefined {
  const parts = path.slice(1).split('/');
  const matches = patterns.map((p) => match(p, parts)).filter((m) => m !== undefined);
  const best = matches[0];
  if (!best) return undefined;
  // A path two patterns claim with neither more specific (for instance
  // `products/export_templates/tracking_link/`) could reach either route
  // upstream: refused rather than guessed.
  if (!matches.every((m) => dominates(best.pattern, m.pattern))) return undefined;
  // The best pattern is THE route of this path, whatever the method.
  const key = best.pattern.methods.get(method);
  if (!key || !(key in widgetRoutes)) return undefined;
  const def = routeList.find(([k]) => k === key)![1];
  const { names, template } = best.pattern;
  let n = 0;
  return {
    key: key as WidgetRouteKey,
    method: def.method,
    policy: widgetRoutes[key as WidgetRouteKey],
    public: def.public === true,
    params: Object.fromEntries(names.map((name, i) => [name, best.values[i]])),
    path: template.replace(/\{\w+\}/g, () => encodeURIComponent(best.values[n++])),
  };
}

/**
 * The allowed route `key` with its path parameters filled in, for the proxy's
 * own calls (compose.ts): resolved like a page's request for that path, so a
 * parameter that could leave its segment, or a path another route claims
 * (`products/export_templates/tracking_link/`), is refused the same way.
 */
export function allowedRoute(
  key: WidgetRouteKey,
  params: Record<string, string>,
): AllowedRoute | undefined {
  const def = routeList.find(([k]) => k === key)![1];
  const path = def.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const route = resolveRoute(def.method, path);
  return route?.key === key ? route : undefined;
}

/**
 * The methods `path` answers (for `Allow` of a 405): those the allow-list
 * forwards for it, with HEAD beside GET. Empty: a path the proxy does not know.
 */
export function allowedMethods(path: string): string[] {
  return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
    .filter((method) => resolveRoute(method, path))
    .flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
}

/**
 * The allow-list as data, for another implementation of this proxy (the
 * WordPress plugin's, generated at build time): every path of the route table
 * with its methods' route keys, most specific first, and the widget routes'
 * policies. Resolve a path as `resolveRoute` does.
 */
export function allowList() {
  return {
    patterns: patterns.map(({ template, methods }) => ({
      path: template,
      methods: Object.fromEntries(methods),
    })),
    allowed: Object.fromEntries(
      Object.entries(widgetRoutes).map(([key, policy]) => [
        key,
        { ...policy, public: routeList.find(([k]) => k === key)![1].public === true },
      ]),
    ),
  };
}
