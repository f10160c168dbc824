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
import { renderTags, type RenderTagsOptions, type StylesOption } from 'pubnet-widgets/render';

export { renderTags };

/** Options of the middleware: `styles` may also depend on the request (a CSP nonce). */
export interface PubnetRenderOptions extends Omit<RenderTagsOptions, 'styles'> {
  styles?: StylesOption | ((req: Request, res: Response) => StylesOption);
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
        .then((rendered) => rendered.html)
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
