// The token-holding proxy on Deno:
//
//   PUBNET_TOKEN=... PUBNET_UPSTREAM=https://api.convertiser.com/ \
//     deno run --allow-net --allow-env=PUBNET_TOKEN,PUBNET_UPSTREAM,PUBNET_WEBSITES,PUBNET_ALLOW_ORIGINS,HOST,PORT main.ts
//
// `pubnet-widgets/proxy` resolves once the package is in the project (`deno add
// npm:pubnet-widgets`, or `npm install pubnet-widgets` next to a package.json); Deno resolves
// its Lit (the rendered HTML routes) to Lit's Node build itself. Bundled into one file (that
// imports its public suffix list from beside it, as the package's edge build does), an import
// map entry pointing at it works too: that is how test/proxy/runtimes.test.ts runs this file
// (`--import-map`, with `pubnet-widgets/proxy` mapped to src/proxy/ bundled by rollup).
//
// Env: PUBNET_TOKEN, PUBNET_UPSTREAM; optionally PUBNET_WEBSITES and PUBNET_ALLOW_ORIGINS
// (comma-separated), HOST (default 0.0.0.0) and PORT (default 8788). The token is never
// written in this file.
import { createProxy } from 'pubnet-widgets/proxy';

const env = (name: string): string | undefined => Deno.env.get(name)?.trim() || undefined;
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

Deno.serve(
  { hostname: env('HOST') ?? '0.0.0.0', port: Number(env('PORT') ?? 8788) },
  (request, info) => proxy(request, { remoteAddress: info.remoteAddr.hostname }),
);
