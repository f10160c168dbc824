// Module hooks (registered by child.ts with module.register) that append every URL this
// process resolves to the file `data.log`, one a line. The write is synchronous and done
// before the module loads, so once an import has finished its URL is in the file.
import { appendFileSync } from 'node:fs';

/** @type {string} */
let log;

/** @param {{ log: string }} data */
export function initialize(data) {
  log = data.log;
}

/**
 * @param {string} specifier
 * @param {unknown} context
 * @param {(specifier: string, context: unknown) => Promise<{ url: string }>} next
 */
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(log, `${resolved.url}\n`);
  return resolved;
}
