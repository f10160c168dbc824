/**
 * What the proxy made of one request: its response, how the cache took part,
 * and a note for the log; and the log line of it (`onLog`), with the token
 * scrubbed out of what it quotes.
 */
import { detail } from './http/respond.js';
import type { ProxyLogEntry, ProxyOptions } from './options.js';

export interface Outcome {
  response: Response;
  cache: ProxyLogEntry['cache'];
  note?: string;
}

/** The failure of our own code, never the error itself: it could name anything. */
export const failure = (): Outcome => ({
  response: detail(500, 'The proxy failed.'),
  cache: '-',
  note: 'internal error',
});

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
  outcome: Outcome,
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

/** The outcome's response, its line given to `onLog` (if any) first. */
export function logged(
  onLog: ProxyOptions['onLog'],
  scrub: (text: string) => string,
  request: Request,
  started: number,
  outcome: Outcome,
): Response {
  if (onLog) {
    try {
      onLog(logEntry(request, started, outcome, scrub));
    } catch {
      // A failing logger must not turn a good answer into an error.
    }
  }
  return outcome.response;
}
