/**
 * Lit SSR, for the render entry: `@lit-labs/ssr` is an optional peer dependency
 * (a widget user installs Lit and the widgets, and nothing else: issue 24), so
 * it is imported here, dynamically, and its absence is an error that says what
 * to install, when `pubnet-widgets/render` is imported (top-level await), rather
 * than Node's "Cannot find package" at link time. The proxy's render routes
 * answer that error (src/proxy/render/routes.ts). Self-contained bundles (the edge builds,
 * the tests' bundles) have Lit SSR inside: scripts/build/lit-node-build.mjs's `litSsrStatic` puts
 * plain static imports in place of this module, so that they hold no top-level await.
 */
import type * as Ssr from '@lit-labs/ssr';
import type * as RenderResult from '@lit-labs/ssr/lib/render-result.js';

/** What to do when Lit SSR is not installed: the message of the error. */
export const SSR_MISSING =
  'pubnet-widgets/render needs @lit-labs/ssr: npm install @lit-labs/ssr@^4';

/** Whether `error` is a failure to find Lit SSR itself (not an error inside it). */
function notFound(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const missing = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
  return missing && String(message).includes('@lit-labs/ssr');
}

async function load<T>(module: () => Promise<T>): Promise<T> {
  try {
    return await module();
  } catch (error) {
    if (notFound(error)) throw new Error(SSR_MISSING, { cause: error });
    throw error;
  }
}

const ssr: typeof Ssr = await load(() => import('@lit-labs/ssr'));
const result: typeof RenderResult = await load(() => import('@lit-labs/ssr/lib/render-result.js'));

export const { render, LitElementRenderer } = ssr;
export const { collectResultSync } = result;
export type { RenderInfo } from '@lit-labs/ssr';
