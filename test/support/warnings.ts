import { env } from '../../src/page/env.js';

/**
 * The widgets' warnings while `run` runs, each as one string (message and
 * extras joined), caught through the injected `env.warn`: the console stays
 * untouched.
 */
export async function collectWarnings(run: () => unknown): Promise<string[]> {
  const seen: string[] = [];
  const { warn } = env;
  env.warn = (...data) => void seen.push(data.map(String).join(' '));
  try {
    await run();
  } finally {
    env.warn = warn;
  }
  return seen;
}
