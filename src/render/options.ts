/**
 * The options every render takes: where the data comes from, how the
 * element carries its styles, and its language.
 */
import { createCore, type Core, type Fetch } from '../client/core.js';
import { checkLang } from './lang.js';
import { checkStyles, type StylesOption } from './styles.js';

/** Options of `renderAdslot` and `renderProductGrid`. */
export interface RenderOptions {
  /**
   * Where the data comes from: the shipped proxy's URL, whose composed
   * answers hold everything a slot shows (api-contract §10). The API's own
   * URL, with `token`, works too, but its answers are not composed: what a
   * slot shows beyond its config is then loaded by the browser.
   */
  api: string;
  /** The API token, only with the API's own URL (never with a proxy). */
  token?: string;
  /**
   * The `fetch` to call `api` with; default the global one. A proxy in the
   * same process passes its handler: `(url, init) => handler(new Request(url, init))`.
   */
  fetch?: Fetch;
  /** How the element carries its styles; default `'inline'` (see `StylesOption`). */
  styles?: StylesOption;
  /**
   * The element's language, a tag like `pl` or `pl-PL`: the element carries
   * it as its `lang` attribute, so the take-over in the browser shows the
   * same text. Without it none is written, and in the browser the page's
   * `lang` applies. Given explicitly, never guessed from `Accept-Language`.
   */
  lang?: string;
  /** Per-attempt timeout of the API call in ms; default 3000. Failing renders the fallback. */
  timeout?: number;
  /** Aborts the render (it rejects with the signal's reason). */
  signal?: AbortSignal;
}

/** The options checked, with the request core to load with. */
export interface Checked {
  core: Core;
  styles: StylesOption;
  lang?: string;
  signal?: AbortSignal;
}

/**
 * Checks `options`.
 * @throws TypeError naming the first invalid option.
 */
export function checkOptions(options: RenderOptions): Checked {
  if (!options || typeof options != 'object')
    throw new TypeError('pubnet-widgets/render: options must be an object');
  const { api, token, fetch, timeout = 3e3, signal } = options;
  if (typeof api != 'string' || !/^https?:\/\//.test(api))
    throw new TypeError('pubnet-widgets/render: api must be an absolute http(s) URL');
  if (token !== undefined && typeof token != 'string')
    throw new TypeError('pubnet-widgets/render: token must be a string');
  if (fetch !== undefined && typeof fetch != 'function')
    throw new TypeError('pubnet-widgets/render: fetch must be a function');
  if (!(Number.isFinite(timeout) && timeout > 0))
    throw new TypeError('pubnet-widgets/render: timeout must be a positive number of ms');
  if (signal !== undefined && !(signal instanceof AbortSignal))
    throw new TypeError('pubnet-widgets/render: signal must be an AbortSignal');
  const styles = checkStyles(options.styles);
  const lang = checkLang(options.lang);
  // One attempt, no retry: a page waits for this render.
  const core = createCore({
    baseUrl: api,
    token,
    fetch,
    timeout,
    retry: { limit: 0 },
    origin: null,
  });
  return { core, styles, lang, signal };
}

/** Why loading failed, as a short quoted-string-safe text for a header. */
export const reasonOf = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error))
    .replace(/[^\x20-\x7e]|["\\]/g, '')
    .slice(0, 200);
