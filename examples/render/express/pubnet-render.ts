// Server-rendered widgets for any Express app (docs/render.md): a middleware that gives every
// `<pubnet-adslot adslot="…">` and `<pubnet-product-grid …>` start tag of an HTML response its
// rendered element's attributes and declarative shadow root, so that the page shows its links
// before (and without) JavaScript. The publisher's own children (a `slot="fallback"` child)
// and the end tag stay as written. Register it before the routes and static files it applies
// to (and after compression, if any):
//
//   app.use(pubnetRender({ api: 'http://127.0.0.1:8788/', key: WEBSITE_GUID }));
//
// All tags of a page render at once, each within `timeLimit` ms; a tag that cannot be rendered
// in time (slow or failing API, invalid attributes, nothing to show) is left as it was, and the
// browser renders it itself. `renderTags` is the same as a function of an HTML string.
import type { RequestHandler, Request, Response } from 'express';
import {
  PRODUCT_GRID_ATTRIBUTES,
  renderAdslot,
  renderProductGrid,
  type ProductGridAttributes,
  type RenderedWidget,
  type StylesOption,
} from 'pubnet-widgets/render';

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
  /** How long one render may take, in ms (default 1500). */
  timeLimit?: number;
  /** The `fetch` to call `api` with; default the global one. */
  fetch?: typeof fetch;
  /** Told about each tag left as it was, and why (for logs). */
  onSkip?: (tag: string, reason: string) => void;
}

/** Options of the middleware: `styles` may also depend on the request (a CSP nonce). */
export interface PubnetRenderOptions extends Omit<RenderTagsOptions, 'styles'> {
  styles?: StylesOption | ((req: Request, res: Response) => StylesOption);
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
    String.raw`|<(pubnet-adslot|pubnet-product-grid)(${ATTRIBUTES})\s*/?>`,
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

/**
 * Renders the widget tags of `html` (see the module's comment) and returns the page. Never
 * rejects: a tag that cannot be rendered stays as it was.
 */
export async function renderTags(html: string, options: RenderTagsOptions): Promise<string> {
  const found: { start: number; end: number; tag: string; attributes: Attribute[] }[] = [];
  for (const match of html.matchAll(TOKENS)) {
    const [text, , tag, list] = match;
    if (!tag) continue;
    const end = match.index + text.length;
    if (SHADOW_ROOT.test(html.slice(end, end + 200))) continue;
    found.push({ start: match.index, end, tag: tag.toLowerCase(), attributes: parse(list) });
  }
  if (!found.length) return html;

  // The same tag twice on a page is rendered once.
  const renders = new Map<string, Promise<RenderedWidget | undefined>>();
  const rendered = await Promise.all(
    found.map(({ tag, attributes }) => {
      const id = tag + JSON.stringify(attributes.map(({ name, value }) => [name, value]));
      if (!renders.has(id)) renders.set(id, renderTag(tag, attributes, options));
      return renders.get(id)!;
    }),
  );

  let out = '';
  let at = 0;
  found.forEach(({ start, end, tag, attributes }, i) => {
    const widget = rendered[i];
    if (!widget) return;
    out += html.slice(at, start) + startTag(tag, attributes, widget.attributes) + widget.shadow;
    at = end;
  });
  return out + html.slice(at);
}

/** The middleware: `renderTags` on each `200 text/html` answer to a GET. */
export function pubnetRender(options: PubnetRenderOptions): RequestHandler {
  return (req, res, next) => {
    if (req.method != 'GET') return next();
    // The body is held back until it is rendered: write, end and writeHead are wrapped until
    // the answer turns out not to be HTML (then they are the originals again at once).
    const original = { write: res.write, end: res.end, writeHead: res.writeHead };
    const restore = () => Object.assign(res, original);
    let mode: 'pass' | 'hold' | undefined;
    const decide = () => {
      mode ??= renderable(res) ? 'hold' : 'pass';
      if (mode == 'pass') restore();
      return mode;
    };
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk == 'string')
        chunks.push(
          Buffer.from(chunk, typeof encoding == 'string' ? (encoding as BufferEncoding) : 'utf8'),
        );
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };

    res.writeHead = function (status: number, ...rest: unknown[]) {
      if (rest.some(Array.isArray)) {
        // Raw header arrays are passed on as they are: such an answer is not rendered.
        mode = 'pass';
        restore();
        return res.writeHead(status, ...(rest as []));
      }
      // Recorded on the response, to be written with the (rendered) body.
      res.statusCode = status;
      for (const item of rest)
        if (typeof item == 'string') res.statusMessage = item;
        else if (item && typeof item == 'object')
          for (const [name, value] of Object.entries(item))
            if (value !== undefined) res.setHeader(name, value as string);
      return decide() == 'pass' ? res.writeHead(status) : res;
    } as typeof res.writeHead;

    res.write = function (chunk: unknown, ...rest: unknown[]) {
      if (decide() == 'pass') return (res.write as (...args: unknown[]) => boolean)(chunk, ...rest);
      keep(chunk, rest[0]);
      const callback = rest.find((item) => typeof item == 'function') as (() => void) | undefined;
      if (callback) queueMicrotask(callback);
      return true;
    } as typeof res.write;

    res.end = function (...args: unknown[]) {
      if (decide() == 'pass') return (res.end as (...args: unknown[]) => Response)(...args);
      if (typeof args[0] != 'function') keep(args[0], args[1]);
      const callback = args.find((item) => typeof item == 'function') as (() => void) | undefined;
      restore();
      const page = Buffer.concat(chunks).toString('utf8');
      const styles =
        typeof options.styles == 'function' ? options.styles(req, res) : options.styles;
      void renderTags(page, { ...options, styles })
        .catch(() => page)
        .then((out) => {
          if (out != page) {
            // Another body: the validators of the one the route wrote no longer apply.
            res.removeHeader('ETag');
            res.removeHeader('Last-Modified');
          }
          res.setHeader('Content-Length', Buffer.byteLength(out));
          res.end(out, callback);
        });
      return res;
    } as typeof res.end;

    next();
  };
}

/** A `200` UTF-8 HTML answer, not encoded yet. */
function renderable(res: Response): boolean {
  const type = String(res.getHeader('content-type') ?? '');
  return (
    res.statusCode == 200 &&
    /^text\/html\s*(;|$)/i.test(type) &&
    !/charset\s*=\s*(?!"?utf-8)/i.test(type) &&
    !res.getHeader('content-encoding')
  );
}

/** Renders one tag, or gives `undefined` (with `onSkip`) to leave it as it is. */
async function renderTag(
  tag: string,
  list: Attribute[],
  { api, key, styles, timeLimit = 1500, fetch, onSkip }: RenderTagsOptions,
): Promise<RenderedWidget | undefined> {
  const attributes: Record<string, string> = {};
  // As in HTML, the first of two attributes of the same name counts.
  for (const { name, value } of list) attributes[name] ??= value;
  if ('data-answer' in attributes) return undefined;
  const signal = AbortSignal.timeout(timeLimit);
  const common = { api, fetch, styles, timeout: timeLimit, signal };
  try {
    const rendering =
      tag == 'pubnet-adslot'
        ? renderAdslot({
            ...common,
            adslot: attributes.adslot,
            key: attributes.key ?? key,
            sid: attributes.sid,
            attributes: pick(attributes, ['api', 'target', 'disclosure']),
          })
        : renderProductGrid(gridAttributes(attributes, key), common);
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

function gridAttributes(attributes: Record<string, string>, key?: string) {
  const grid: ProductGridAttributes = pick(attributes, PRODUCT_GRID_ATTRIBUTES);
  if (key && grid.key === undefined) grid.key = key;
  return grid;
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

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
