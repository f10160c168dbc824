/**
 * The elements warn about invalid attribute values (and ignore them). In a
 * browser that goes to the console; on a server, where the values may come
 * from a visitor's query string, a warning per request would fill the log.
 * So a render collects them and returns them instead.
 */
import { env } from '../page/env.js';

/**
 * Runs `run` (synchronous, so no other render's warnings mix in) and returns
 * its result with the warnings given meanwhile.
 */
export function collectWarnings<T>(run: () => T, into: string[]): T {
  const warn = env.warn;
  env.warn = (...data) => void into.push(data.map(String).join(' '));
  try {
    return run();
  } finally {
    env.warn = warn;
  }
}
