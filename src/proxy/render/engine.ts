/**
 * The heavy half of the render routes: Lit SSR (src/render/), the elements
 * and their styles, and reading a call. routes.ts loads it with `import()` on
 * the first request under `/render/`, so a proxy that answers only JSON reads
 * never loads any of it (test/proxy/render/lazy.test.ts). The edge build
 * inlines it (one file); the npm build keeps it a module of its own.
 */
import type { RenderOptions } from '../../render/options.js';
import { renderWidget } from '../../render/widget.js';
import type { RenderCall } from './query.js';

export { reasonOf } from '../../render/options.js';
export { collapsedElement, readCall } from './query.js';
export { isRenderedStylesheet, stylesheet } from './styles.js';

/**
 * Renders `call` with `options` (the proxy as its API); `publicUrl`, when
 * configured, is the `api` the element is given for the browser.
 */
export function renderCall(call: RenderCall, options: RenderOptions, publicUrl?: string) {
  // The parameters in one order (the cache key's), whatever the query's.
  const { lang, ...parameters } = Object.fromEntries(new URLSearchParams(call.search));
  // An empty key is no key, as on the JSON route.
  if (parameters.key === '') delete parameters.key;
  const attributes = {
    ...(call.segment && { [call.segment.name]: call.segment.value }),
    ...parameters,
    // For the browser: the public URL, or nothing rather than a host guessed from the request.
    ...(publicUrl && { api: publicUrl }),
  };
  // The language is the render's option (checked there: invalid renders collapsed).
  return renderWidget(call.tag, attributes, { ...options, lang });
}
