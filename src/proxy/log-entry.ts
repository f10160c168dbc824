/** The proxy's log line of one request (`onLog`), with the token scrubbed out of what it quotes. */
import type { ProxyLogEntry } from './options.js';

/** The path of a request's URL, as a runtime gives it (absolute, parsed already). */
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const query = url.indexOf('?', start);
  const fragment = url.indexOf('#', start);
  const end = Math.min(query < 0 ? url.length : query, fragment < 0 ? url.length : fragment);
  return url.slice(start, end);
}

/** The log entry of `request`, answered with `outcome`, started at `started` (performance.now()). */
export function logEntry(
  request: Request,
  started: number,
  outcome: { response: Response; cache: ProxyLogEntry['cache']; note?: string },
  scrub: (text: string) => string,
): ProxyLogEntry {
  const entry: ProxyLogEntry = {
    method: request.method,
    path: scrub(pathOf(request.url)),
    status: outcome.response.status,
    ms: Math.round(performance.now() - started),
    cache: outcome.cache,
  };
  if (outcome.note) entry.note = scrub(outcome.note);
  return entry;
}
