// The token-holding proxy on Bun:
//
//   PUBNET_TOKEN=... PUBNET_UPSTREAM=https://api.convertiser.com/ bun run server.ts
//
// `pubnet-widgets/proxy` resolves from node_modules (`bun add pubnet-widgets`), its Lit (the
// rendered HTML routes) to Lit's Node build. test/proxy/runtimes.test.ts runs this file, copied
// unchanged into a scratch project whose node_modules/pubnet-widgets holds src/proxy/ bundled by
// rollup as the package's edge build (dist/proxy/edge.js, importing dist/vendor/tldts.js and
// the shared modules of dist/edge/). (Bun
// resolves a bare import from the importing file's real folder, where this repository's own
// package.json would send it to dist/ instead.)
//
// Env: PUBNET_TOKEN, PUBNET_UPSTREAM; optionally PUBNET_WEBSITES and PUBNET_ALLOW_ORIGINS
// (comma-separated), HOST (default 0.0.0.0) and PORT (default 8788). The token is never
// written in this file.
import { createProxy } from 'pubnet-widgets/proxy';

const env = (name: string): string | undefined => Bun.env[name]?.trim() || undefined;
const list = (value: string | undefined): string[] | undefined => {
  const items = (value ?? '').split(',').map((item) => item.trim());
  return items.some(Boolean) ? items.filter(Boolean) : undefined;
};

// Once per process: the cache and the rate limits live across requests. A missing or invalid
// option throws here, at start-up, with a TypeError naming it (never showing the token).
const proxy = createProxy({
  token: env('PUBNET_TOKEN') ?? '',
  upstream: env('PUBNET_UPSTREAM') ?? '',
  websites: list(env('PUBNET_WEBSITES')),
  allowOrigins: list(env('PUBNET_ALLOW_ORIGINS')),
});

const server = Bun.serve({
  hostname: env('HOST') ?? '0.0.0.0',
  port: Number(env('PORT') ?? 8788),
  fetch: (request, server) => proxy(request, { remoteAddress: server.requestIP(request)?.address }),
});
console.log(`Listening on ${server.url}`);
