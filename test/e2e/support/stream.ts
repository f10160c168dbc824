// A page the site serves as a server that flushes early would: in pieces, the next one only
// when the test says so, so that the browser parses (and paints) each stop on its own.
import type { Site } from './site.js';

/**
 * Serves `pieces` at `path` (its own CSP header with `csp`), the first at once: each call of
 * the function it returns sends the next one, and the last call ends the page.
 */
export function streamPieces(site: Site, path: string, pieces: string[], csp?: string) {
  const encoder = new TextEncoder();
  const waiting: (() => void)[] = [];
  const turns = pieces.map(() => new Promise<void>((resolve) => waiting.push(resolve)));
  waiting.shift()!();
  site.route(
    path,
    () =>
      new Response(
        new ReadableStream({
          async start(controller) {
            for (const [i, piece] of pieces.entries()) {
              await turns[i];
              controller.enqueue(encoder.encode(piece));
            }
            controller.close();
          },
        }),
        {
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'cache-control': 'no-store',
            ...(csp && { 'content-security-policy': csp }),
          },
        },
      ),
  );
  return (): void => waiting.shift()?.();
}
