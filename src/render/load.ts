/**
 * What both renders share: loading the element's first answer through the
 * request core, and deciding from it, as the element's take-over does
 * (`takeOver.count`), what the element shows, before a byte is written.
 */
import type { Core } from '../client/core.js';
import type { ElementClass } from '../components/manifest.js';
import type { WidgetState } from '../page/widget-state.js';
import { checkOptions, reasonOf, type RenderOptions } from './options.js';
import type { StylesOption } from './styles.js';

/** The common attributes a rendered element may carry for the browser. */
export interface CommonAttributes {
  /** The public proxy URL the browser uses (impression stats, and what the answer lacked). */
  api?: string;
  /** Where links open; default `_blank`. */
  target?: string;
  /** The disclosure label; default `Ad`; `""` hides it. */
  disclosure?: string;
}

/**
 * Checks `attributes`.
 * @throws TypeError naming `attributes`.
 */
export function commonAttributes(attributes: unknown): CommonAttributes {
  if (attributes === undefined) return {};
  if (
    typeof attributes != 'object' ||
    !attributes ||
    Object.values(attributes).some((value) => typeof value != 'string')
  )
    throw new TypeError('pubnet-widgets/render: attributes must be an object of strings');
  return attributes;
}

/** The outcome of loading. */
export interface Loaded {
  state: WidgetState;
  failed: boolean;
  reason?: string;
  /** The element's `data-answer`: the answer as JSON, or `null`. */
  answer: string;
  /** The `data-room` of an element that shows its answer (see `ElementManifest`'s `room`). */
  room?: string;
  styles: StylesOption;
  /** The element's `lang`, when the render was given one. */
  lang?: string;
}

/**
 * Loads the answer with `request` and lets `element` (configured as the one
 * to render) say what it shows: `ready`; `loading` when the answer lacks
 * parts the browser must load; else, loading failed or found nothing,
 * `fallback` with a fallback, `collapsed` without. What it shows takes the
 * `room` it says, if any.
 * @internal (not in the declarations: it names the element classes' DOM types)
 */
export async function load(
  options: RenderOptions,
  element: InstanceType<ElementClass>,
  fallback: string | undefined,
  request: (core: Core, signal?: AbortSignal) => Promise<unknown>,
  room?: (answer: unknown) => string | undefined,
): Promise<Loaded> {
  const { core, styles, lang, signal } = checkOptions(options);
  const failed = (reason: string): Loaded => ({
    state: fallback ? 'fallback' : 'collapsed',
    failed: true,
    reason,
    answer: 'null',
    styles,
    lang,
  });
  let answer: unknown;
  try {
    answer = await request(core, signal);
  } catch (error) {
    signal?.throwIfAborted();
    return failed(reasonOf(error));
  }
  const count = element.takeOver.count(answer);
  if (count === 0) return failed('nothing to show');
  return {
    state: count ? 'ready' : 'loading',
    failed: false,
    reason: count ? undefined : 'incomplete answer: the browser loads the rest',
    answer: JSON.stringify(answer),
    room: room?.(answer),
    styles,
    lang,
  };
}
