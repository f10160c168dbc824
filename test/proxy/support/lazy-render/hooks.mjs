// Module hooks (registered by child.ts with module.register) that append every URL this
// process resolves to the file `data.log`, one a line. The write is synchronous and done
// before the module loads, so once an import has finished its URL is in the file.
// With `data.noSsr`, `@lit-labs/ssr` (and its subpaths) is not found, as in a project
// that has not installed it: Node's own resolution error, for a name that does not exist.
import { appendFileSync } from 'node:fs';

/** @type {string} */
let log;
let noSsr = false;

/** @param {{ log: string, noSsr?: boolean }} data */
export function initialize(data) {
  log = data.log;
  noSsr = Boolean(data.noSsr);
}

/**
 * @param {string} specifier
 * @param {unknown} context
 * @param {(specifier: string, context: unknown) => Promise<{ url: string }>} next
 */
export async function resolve(specifier, context, next) {
  if (noSsr && /^@lit-labs\/ssr(\/|$)/.test(specifier))
    return next(specifier.replace('@lit-labs/ssr', '@lit-labs/ssr-not-installed'), context);
  const resolved = await next(specifier, context);
  appendFileSync(log, `${resolved.url}\n`);
  return resolved;
}
