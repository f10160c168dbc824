/**
 * Rendering one element with Lit SSR, from the same templates and styles as
 * in the browser, into what api-contract §11 describes: the element's own tag
 * with its attributes, and its declarative shadow root. Web-standard only
 * (no Node built-ins), for Node and edge runtimes alike.
 */
import { collectResultSync, render } from './lit-ssr.js';
import type { TemplateResult } from 'lit';
import type { WidgetState } from '../page/widget-state.js';
import { escapeAttribute } from './escape.js';
import type { Loaded } from './load.js';
import { rendererFor, stylesheetLink, stylesheetOf, STYLES_SLOT } from './styles.js';
import { collectWarnings } from './warnings.js';

/** A server-rendered element. */
export interface RenderedWidget {
  /** The element's tag. */
  readonly tag: string;
  /**
   * What it shows: `ready`; `loading` (the skeleton: what the answer lacked,
   * the browser loads); `fallback` or `collapsed` (loading failed or found
   * nothing: see `reason`).
   */
  readonly state: WidgetState;
  /** Why it is not `ready`, for logs and the `X-Pubnet-Render` header. */
  readonly reason?: string;
  /** What the element warned about (invalid attribute values, which it ignored). */
  readonly warnings: readonly string[];
  /** The attributes of its tag, for rewriting a tag already in a page (HTMLRewriter). */
  readonly attributes: Readonly<Record<string, string>>;
  /**
   * Its declarative shadow root (`<template shadowrootmode="open">…</template>`), and,
   * with linked styles, the light-DOM `<link>` to them that the shadow root slots first
   * (so that Chromium and WebKit paint nothing after it before it has loaded): what goes
   * inside its tag, before the publisher's own children.
   */
  readonly shadow: string;
  /**
   * The stylesheet it links (`styles: { stylesheets }`, and the proxy's), for the page's
   * `<head>` too: there every engine waits for it before painting (Firefox waits only there).
   */
  readonly stylesheet?: string;
  /** The whole element: tag, attributes, shadow root, and `fallback` if any. */
  readonly html: string;
  /** The same as a stream of UTF-8 bytes. */
  stream(): ReadableStream<Uint8Array>;
}

/** Lit's hydration markers around the element (its shadow root keeps its own). */
const MARKERS = /^(<!--lit-(part|node)[^>]*-->)+|<!--\/lit-part-->$/g;

/**
 * Renders `template` (the element `tag`, alone) with Lit SSR, with `given`
 * attributes and what `loaded` says (its answer as `data-answer`, its `lang`), adding the
 * element's warnings to `warnings`.
 * `fallback` is the publisher's own HTML for the fallback slot, written as
 * is, in a `<div slot="fallback">` after the shadow root.
 * @internal (not in the declarations: it names Lit's DOM types)
 */
export function renderElement(
  tag: string,
  template: TemplateResult,
  given: Record<string, string | undefined>,
  { styles, state, reason, failed, answer, room, lang }: Loaded,
  warnings: string[],
  fallback = '',
): RenderedWidget {
  // Its language (its own, for the take-over to resolve the same), the answer, the state
  // the element cannot tell from it (it failed), and the room pubnet.css keeps for what it
  // shows, from its start tag on (its shadow root may arrive in pieces).
  const attributes = {
    ...given,
    lang,
    state: failed ? state : undefined,
    'data-answer': answer,
    'data-room': room,
  };
  const out = collectWarnings(
    () =>
      collectResultSync(
        render(template, { elementRenderers: [rendererFor(styles, tag, attributes)] }),
      ),
    warnings,
  ).replace(MARKERS, '');
  const open = out.indexOf('>') + 1;
  const close = out.lastIndexOf(`</${tag}>`);
  const stylesheet = stylesheetOf(styles, tag);
  const shadow =
    out.slice(open, close) +
    (stylesheet ? stylesheetLink(stylesheet, `slot="${STYLES_SLOT}" `) : '');
  // What Lit SSR wrote: the attributes given, and those the element reflects.
  const written: Record<string, string> = {};
  for (const [, name, value] of out
    .slice(tag.length + 1, open)
    .matchAll(/ ([\w-]+)(?:="([^"]*)")?/g))
    written[name] = unescapeAttribute(value ?? '');
  const html =
    `<${tag}${Object.entries(written)
      .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
      .join('')}>` +
    shadow +
    (fallback && `<div slot="fallback">${fallback}</div>`) +
    `</${tag}>`;
  return {
    tag,
    state,
    reason,
    warnings: [...new Set(warnings)],
    attributes: written,
    shadow,
    stylesheet,
    html,
    stream: () =>
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(html));
          controller.close();
        },
      }),
  };
}

const unescapeAttribute = (value: string) =>
  value.replace(/&(quot|lt|gt|#39|amp);/g, (_, name: string) =>
    name == 'quot' ? '"' : name == 'lt' ? '<' : name == 'gt' ? '>' : name == '#39' ? "'" : '&',
  );
