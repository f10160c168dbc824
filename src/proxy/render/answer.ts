/**
 * How a render is answered (api-contract §11): how long it may be kept, as
 * the reads it was made from allow, and its headers: `X-Pubnet-Render`, the
 * ETag and `304`, `Vary` and CORS as for the JSON reads.
 */
import type { WidgetState } from '../../page/widget-state.js';
import { represent } from '../http/represent.js';
import type { ProxyLogEntry } from '../options.js';
import { BASE_HEADERS } from '../http/respond.js';

/** One answer of the proxy and how it was made (proxy.ts's outcome of a request). */
export interface RenderOutcome {
  response: Response;
  cache: ProxyLogEntry['cache'];
  note?: string;
}

/** A read a render made through the proxy. */
export interface RenderRead {
  method: string;
  outcome: RenderOutcome;
}

/** A rendered element. */
export interface Rendered {
  html: string;
  etag: string;
  state: WidgetState;
  /** Why it is not `ready`. */
  reason?: string;
}

/** How a render may be cached, and what the log and `X-Cache` say of its reads. */
export interface Caching {
  cacheControl: string;
  /** Whether the proxy may keep the HTML itself. */
  keep: boolean;
  cache: ProxyLogEntry['cache'];
}

/** The weakest state first: what a render made of several reads is. */
const ORDER: ProxyLogEntry['cache'][] = ['stale', 'miss', 'shared', 'hit', '-'];

/**
 * The caching of a render in `state` made from `reads`: a ready one as its
 * JSON (`fresh`, the `Cache-Control` of a whole fresh read, or `no-cache`
 * when a read was stale or partial), anything else `short`.
 */
export function caching(
  reads: readonly RenderRead[],
  state: WidgetState,
  { fresh, short }: { fresh: string; short: string },
): Caching {
  const states = reads.map(({ outcome }) => outcome.cache);
  const cache = ORDER.find((name) => states.includes(name)) ?? '-';
  // The JSON route sends a stale or partial read `no-cache`.
  const whole = reads.every(
    ({ method, outcome }) =>
      outcome.cache !== 'stale' &&
      !(method === 'GET' && outcome.response.headers.get('cache-control') === 'no-cache'),
  );
  if (state !== 'ready') {
    // One client's rate limit must not reach other visitors through a shared cache.
    const limited = reads.some(({ outcome }) => outcome.response.status === 429);
    return { cacheControl: limited ? 'no-store' : short, keep: false, cache };
  }
  // Kept only when made from reads produced now, so never older than their own entries.
  const made = states.length > 0 && states.every((name) => name === 'miss' || name === 'shared');
  return { cacheControl: whole ? fresh : 'no-cache', keep: whole && made, cache };
}

/**
 * The answer: `rendered`'s HTML (encoded, `304` or bodiless as represent.ts
 * decides), with `headers` (CORS) added. `scrub` removes the token
 * from the reason, which may quote an error of the API.
 */
export async function renderAnswer(
  request: Request,
  headers: Record<string, string>,
  { html, etag, state, reason }: Rendered,
  { cacheControl, cache }: Omit<Caching, 'keep'>,
  scrub: (text: string) => string,
): Promise<RenderOutcome> {
  const quoted = `reason="${headerText(scrub(reason ?? state))}"`;
  const all: Record<string, string> = {
    ...BASE_HEADERS,
    ...headers,
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': cacheControl,
    ETag: etag,
    'X-Pubnet-Render':
      state === 'ready' ? 'ready' : `${state === 'loading' ? 'partial' : 'fallback'}; ${quoted}`,
  };
  if (all['Access-Control-Expose-Headers'])
    all['Access-Control-Expose-Headers'] += ', X-Pubnet-Render';
  if (cache !== '-') all['X-Cache'] = cache.toUpperCase();
  const note = state === 'ready' ? 'render ready' : `render ${state}: ${reason ?? ''}`;
  return { response: await represent(request, 200, all, html), cache, note };
}

/**
 * A reason as the text of a quoted-string: printable ASCII without `"` and
 * `\`, short, and without the URLs of the reads that failed (the proxy's own).
 */
function headerText(reason: string): string {
  return reason
    .replace(/:? ?\b(?:GET|POST|PUT|HEAD) https?:\/\/\S*/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '')
    .slice(0, 200);
}
