/**
 * `renderTags`: every widget tag of a page rendered in it, for servers that
 * have the page as a string (an Express middleware, a static site build, the
 * demo). Each `<pubnet-adslot adslot="…">` and `<pubnet-product-grid …>` start
 * tag with no declarative shadow root yet gets the rendered element's
 * attributes and shadow root; the publisher's own attributes, children (a
 * `slot="fallback"` child) and end tag stay as written. All tags of a page
 * render at once, each within `timeLimit` ms; a tag that cannot be rendered in
 * time (slow or failing API, invalid attributes, nothing to show) is left as it
 * was, and the browser renders it itself. Comments, raw-text elements and
 * `<template>` contents are left alone. With linked styles, their stylesheets
 * are linked at the end of `<head>` too, once each. (An edge function with a streaming
 * HTML rewriter, like Cloudflare's HTMLRewriter, uses `renderAdslot` itself.)
 */
import { ELEMENTS } from '../components/registry.js';
import { escapeAttribute } from './escape.js';
import { serverAttributes } from './attributes.js';
import { renderWidget } from './widget.js';
import type { Fetch } from '../client/core.js';
import { defaultTimers, type Timers } from '../client/delay.js';
import type { RenderedWidget } from './render-element.js';
import { stylesheetLink, type StylesOption } from './styles.js';

/** Options of `renderTags`. */
export interface RenderTagsOptions {
  /**
   * The proxy the server renders from (the shipped one: its composed answers hold all a slot
   * shows), e.g. its address on the private network. Never written into the page.
   */
  api: string;
  /** The website guid, for tags without their own `key`. */
  key?: string;
  /** How rendered elements carry their styles (see `pubnet-widgets/render`); default inline. */
  styles?: StylesOption;
  /**
   * The language of tags without a `lang` of their own (say the page's `<html lang>`); a
   * rendered element carries it, so that its take-over shows the same text. A tag's own `lang`
   * is its language. Without either, none is written: the page's applies in the browser.
   */
  lang?: string;
  /** How long one render may take, in ms (default 1500). */
  timeLimit?: number;
  /** The `fetch` to call `api` with; default the global one. */
  fetch?: Fetch;
  /** Told about each tag left as it was, and why (for logs). */
  onSkip?: (tag: string, reason: string) => void;
  /** The timers of the time limit; default the global ones (tests inject their own). */
  timers?: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
}

// An HTML attribute list as the HTML tokenizer reads it: a value may be double-, single- or
// un-quoted, and a quoted one may hold `>` (a rendered `data-answer` does).
const ATTRIBUTES = String.raw`(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?)*`;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
// Left to right: what must not be touched (comments, raw-text and template contents), or a
// start tag to render.
const TOKENS = new RegExp(
  String.raw`<!--[\s\S]*?-->` +
    String.raw`|<(script|style|textarea|title|noscript|template)\b${ATTRIBUTES}\s*/?>[\s\S]*?</\1\s*>` +
    String.raw`|<(${ELEMENTS.filter(({ render }) => render)
      .map(({ tag }) => tag)
      .join('|')})(${ATTRIBUTES})\s*/?>`,
  'gi',
);
// The end of <head>, past what must not be touched.
const HEAD_END = new RegExp(
  String.raw`<!--[\s\S]*?-->` +
    String.raw`|<(script|style|textarea|title|noscript|template)\b${ATTRIBUTES}\s*/?>[\s\S]*?</\1\s*>` +
    String.raw`|</head\s*>`,
  'gi',
);
/** A declarative shadow root right after a start tag: that element is rendered already. */
const SHADOW_ROOT = /^\s*<template\b[^>]*?\sshadowroot(?:mode)?\s*=/i;

interface Attribute {
  name: string;
  value: string;
  /** As written, so that the publisher's attributes are kept byte for byte. */
  raw: string;
}

/** What `renderTags` gives: the page, and the widgets rendered in it, in page order. */
export interface RenderedPage {
  html: string;
  widgets: RenderedWidget[];
}

/**
 * Renders the widget tags of `html` (see the module's comment). Never
 * rejects: a tag that cannot be rendered stays as it was.
 */
export async function renderTags(html: string, options: RenderTagsOptions): Promise<RenderedPage> {
  const found: { start: number; end: number; tag: string; attributes: Attribute[] }[] = [];
  for (const match of html.matchAll(TOKENS)) {
    const [text, , tag, list] = match;
    if (!tag) continue;
    const end = match.index + text.length;
    if (SHADOW_ROOT.test(html.slice(end, end + 200))) continue;
    found.push({ start: match.index, end, tag: tag.toLowerCase(), attributes: parse(list) });
  }
  if (!found.length) return { html, widgets: [] };

  // The same tag twice on a page is rendered once.
  const renders = new Map<string, Promise<RenderedWidget | undefined>>();
  const rendered = await Promise.all(
    found.map(({ tag, attributes }) => {
      const id = tag + JSON.stringify(attributes.map(({ name, value }) => [name, value]));
      if (!renders.has(id)) renders.set(id, renderTag(tag, attributes, options));
      return renders.get(id)!;
    }),
  );

  // Linked styles are linked in <head> too, where every engine waits for them (src/render/styles.ts).
  const sheets = new Set(rendered.map((widget) => widget?.stylesheet).filter((href) => !!href));
  const head = sheets.size ? headEnd(html, found[0]!.start) : undefined;
  let out =
    head === undefined
      ? ''
      : html.slice(0, head) + [...sheets].map((href) => stylesheetLink(href!)).join('');
  let at = head ?? 0;
  found.forEach(({ start, end, tag, attributes }, i) => {
    const widget = rendered[i];
    if (!widget) return;
    out += html.slice(at, start) + startTag(tag, attributes, widget.attributes) + widget.shadow;
    at = end;
  });
  return {
    html: out + html.slice(at),
    widgets: rendered.filter((widget): widget is RenderedWidget => !!widget),
  };
}

/** Where `</head>` starts in `html`, if it does before `before`. */
function headEnd(html: string, before: number): number | undefined {
  for (const match of html.matchAll(HEAD_END)) {
    if (match.index >= before) return undefined;
    if (/^<\/head/i.test(match[0])) return match.index;
  }
  return undefined;
}

/** Renders one tag, or gives `undefined` (with `onSkip`) to leave it as it is. */
async function renderTag(
  tag: string,
  list: Attribute[],
  {
    api,
    key,
    styles,
    lang,
    timeLimit = 1500,
    fetch,
    onSkip,
    timers = defaultTimers,
  }: RenderTagsOptions,
): Promise<RenderedWidget | undefined> {
  const attributes: Record<string, string> = {};
  // As in HTML, the first of two attributes of the same name counts.
  for (const { name, value } of list) attributes[name] ??= value;
  if ('data-answer' in attributes) return undefined;
  const limit = new AbortController();
  const { signal } = limit;
  const timer = timers.setTimeout(
    () => limit.abort(new DOMException(`no render within ${timeLimit} ms`, 'TimeoutError')),
    timeLimit,
  );
  // The tag's own language, else the page's (an invalid one: the tag is left as it is).
  const common = { api, fetch, styles, lang: attributes.lang ?? lang, timeout: timeLimit, signal };
  try {
    const rendering = renderWidget(tag, serverSide(tag, attributes, key), common);
    const widget = await Promise.race([
      rendering,
      // Whatever the render does, the page does not wait longer than the limit.
      new Promise<never>((_, fail) =>
        signal.addEventListener('abort', () => fail(signal.reason), { once: true }),
      ),
    ]);
    // Failed or found nothing: the browser tries itself, and shows the fallback child.
    if (widget.state == 'ready' || widget.state == 'loading') return widget;
    onSkip?.(tag, widget.reason ?? widget.state);
  } catch (error) {
    onSkip?.(tag, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  } finally {
    timers.clearTimeout(timer);
  }
  return undefined;
}

/** The start tag: the publisher's attributes as written, the rendered ones set or added. */
function startTag(tag: string, list: Attribute[], rendered: Readonly<Record<string, string>>) {
  const written = new Set(list.map(({ name }) => name));
  const set = (name: string) => ` ${name}="${escapeAttribute(rendered[name])}"`;
  return (
    `<${tag}` +
    list.map(({ name, raw }) => (name in rendered ? set(name) : ` ${raw}`)).join('') +
    Object.keys(rendered)
      .filter((name) => !written.has(name))
      .map(set)
      .join('') +
    '>'
  );
}

function parse(list: string): Attribute[] {
  return [...list.matchAll(ATTRIBUTE)].map(([raw, name, double, single, bare]) => ({
    name: name.toLowerCase(),
    value: decode(double ?? single ?? bare ?? ''),
    raw,
  }));
}

/** The tag's attributes a server renders it with, and the page's `key` unless it names its own. */
function serverSide(tag: string, attributes: Record<string, string>, key?: string) {
  const element = ELEMENTS.find((entry) => entry.tag === tag)!.element;
  const given = pick(attributes, serverAttributes(element));
  if (key && given.key === undefined && given['website-key'] === undefined) given.key = key;
  return given;
}

function pick(from: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((name) => name in from).map((name) => [name, from[name]]));
}

/** Character references, as far as attribute values of these tags need them. */
function decode(value: string): string {
  return value.replace(
    /&(?:#(\d+)|#x([\da-f]+)|(amp|quot|apos|lt|gt));?/gi,
    (text, dec, hex, name) => {
      if (dec || hex) {
        const code = parseInt(dec ?? hex, dec ? 10 : 16);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : text;
      }
      return { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' }[name.toLowerCase() as 'amp'];
    },
  );
}
