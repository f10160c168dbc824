// The token-holding proxy as a Cloudflare Worker (see wrangler.toml next to this file).
//
// `pubnet-widgets/proxy` is the package's proxy entry: wrangler bundles it from node_modules
// (`npm install pubnet-widgets`). Under wrangler's `workerd` export condition it is the
// package's edge build, one file with Lit's Node build inside (the rendered HTML routes,
// `/render/`, use Lit; a Worker has no `HTMLElement`) that imports the package's public suffix
// list (dist/vendor/tldts.js), which wrangler bundles with it. Plain workerd loads the two as
// modules, which is how test/proxy/runtimes.test.ts runs this file: in real workerd, with
// `pubnet-widgets/proxy` given as a module built from src/proxy/ by rollup the same way and
// `vendor/tldts.js` (the name its import resolves to from there) as the other.
//
// Env (bindings): PUBNET_TOKEN (a secret), PUBNET_UPSTREAM, and optionally PUBNET_WEBSITES and
// PUBNET_ALLOW_ORIGINS (comma-separated). The token is never written in this file.
//
// Reads are kept in the Workers cache (the Web Cache API) too, so that another isolate or
// location can answer them; that write is handed to `ctx.waitUntil`, off the response path.
import { createProxy } from 'pubnet-widgets/proxy';

/**
 * One proxy per isolate, made on the first request (env is only known then), so that its cache
 * and rate limits live across requests.
 * @type {((request: Request, info: { waitUntil(promise: Promise<unknown>): void }) =>
 *   Promise<Response>) | undefined}
 */
let proxy;

/**
 * A comma-separated binding as a list; unset or empty: undefined (the option's default).
 * @param {string | undefined} value
 */
function list(value) {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

export default {
  /**
   * @param {Request} request
   * @param {{ PUBNET_TOKEN: string, PUBNET_UPSTREAM: string, PUBNET_WEBSITES?: string,
   *   PUBNET_ALLOW_ORIGINS?: string }} env
   * @param {{ waitUntil(promise: Promise<unknown>): void }} ctx
   */
  fetch(request, env, ctx) {
    proxy ??= createProxy({
      token: env.PUBNET_TOKEN,
      upstream: env.PUBNET_UPSTREAM,
      websites: list(env.PUBNET_WEBSITES),
      allowOrigins: list(env.PUBNET_ALLOW_ORIGINS),
      // Cloudflare sets this header itself; a visitor cannot forge it behind Cloudflare.
      rateLimit: { ipHeader: 'cf-connecting-ip' },
    });
    // The client's address comes from `cf-connecting-ip` (the ipHeader above).
    return proxy(request, { waitUntil: (promise) => ctx.waitUntil(promise) });
  },
};
