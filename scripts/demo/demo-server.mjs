// The demo's static server as a web-standard handler: demo/ at `/`, the CDN
// build at `/cdn/`. HTML pages get `{{api}}`, `{{key}}`… filled in (escaped), so
// the pages stay plain files that a publisher could copy. `headers` adds
// response headers to single pages, by path: `{ '/csp.html': { 'content-security-policy': … } }`.
// `serverRendered` lists pages whose widget tags the server renders at request
// time (`renderTags` of pubnet-widgets/render), with the page's own `{{api}}` and `{{key}}`.
//
// It answers as a CDN would: text (JS, CSS, HTML, JSON, SVG, source maps) of
// 1 KiB or more is sent br or gzip, as the request's Accept-Encoding prefers
// (q-values, `identity`, `*`), with `Vary: Accept-Encoding`, the Content-Length
// of what is sent and an ETag per encoding (If-None-Match → 304). A static
// file's bytes, filled-in HTML and compressed forms are kept in memory until
// the file's mtime or size changes, so a repeated request compresses nothing.
// Server-rendered pages are new on every request: compressed per request, no
// ETag, `no-store`. `/cdn/` files are cached an hour, as a CDN serves a
// major-version URL (`pubnet-widgets@1/`); everything else is revalidated.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** Types worth compressing: text. Raster images are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
/** Below this a compressed body saves less than its headers cost. */
export const MIN_COMPRESS_BYTES = 1024;

const compressors = {
  br: (bytes) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 11,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 9 }),
};
/** Dynamic pages are compressed on every request: faster settings. */
const quickCompressors = {
  br: (bytes) => promisify(brotliCompress)(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 6 }),
};

/**
 * The encoding to send, of `br`, `gzip` and `identity`, for an Accept-Encoding
 * header: the highest q-value wins, br before gzip before identity on a tie;
 * a coding not named takes `*`'s q-value; identity is acceptable (and last)
 * unless refused (`identity;q=0`, or `*;q=0` without naming it). With nothing
 * acceptable, identity anyway (as most servers do, rather than 406).
 */
export function chooseEncoding(header) {
  if (!header) return 'identity';
  const q = new Map();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let value = 1;
    for (const param of params) {
      const [key, raw] = param.trim().split('=');
      if (key === 'q') value = Number.isFinite(Number(raw)) ? Number(raw) : 0;
    }
    q.set(name, value);
  }
  if (!q.has('gzip') && q.has('x-gzip')) q.set('gzip', q.get('x-gzip'));
  const star = q.get('*');
  // Identity not named is acceptable, but last: a coding the client names is preferred.
  const weight = (coding) => q.get(coding) ?? star ?? (coding === 'identity' ? 0.001 : 0);
  let best = 'identity';
  let bestQ = weight('identity');
  for (const coding of ['gzip', 'br']) {
    const value = weight(coding);
    if (value > 0 && value >= bestQ) {
      best = coding;
      bestQ = value;
    }
  }
  return best;
}

const hash = (bytes) => createHash('sha256').update(bytes).digest('base64url').slice(0, 22);

/** Whether an If-None-Match header matches `etag` (weak comparison, as for GET). */
function matches(header, etag) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

export function createDemoHandler({ root, cdn, values = {}, headers = {}, serverRendered = [] }) {
  // resolve() drops a trailing slash, so the containment check below holds.
  const mounts = [
    ['/cdn/', resolve(cdn)],
    ['/', resolve(root)],
  ];
  /** file → { mtimeMs, size, body, etag, encoded: Map(encoding → Promise<Buffer>) } */
  const cache = new Map();

  /** A static file's (filled-in) bytes, read again only when its mtime or size changed. */
  async function load(file, info, type) {
    const known = cache.get(file);
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known;
    let body = await readFile(file);
    if (type.startsWith('text/html')) body = Buffer.from(fill(body.toString('utf8'), values));
    const entry = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      body,
      etag: hash(body),
      encoded: new Map(),
    };
    cache.set(file, entry);
    return entry;
  }

  return async function handle(request) {
    const { pathname } = new URL(request.url);
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('Method not allowed', {
        status: 405,
        headers: { allow: 'GET, HEAD', 'content-type': 'text/plain' },
      });
    for (const [prefix, dir] of mounts) {
      if (!pathname.startsWith(prefix)) continue;
      let rel = decodeURIComponent(pathname.slice(prefix.length));
      if (rel === '' || rel.endsWith('/')) rel += 'index.html';
      const file = normalize(join(dir, rel));
      if (!file.startsWith(dir + sep)) break;
      let info;
      try {
        info = await stat(file);
        if (!info.isFile()) continue;
      } catch {
        continue; // the next mount, then 404
      }
      const ext = extname(file);
      const type = types[ext] ?? 'application/octet-stream';
      const extra = Object.hasOwn(headers, pathname) ? { ...headers[pathname] } : {};
      const dynamic = type.startsWith('text/html') && serverRendered.includes(pathname);
      const compressible = COMPRESSIBLE.has(ext);
      const encoding = compressible
        ? chooseEncoding(request.headers.get('accept-encoding'))
        : 'identity';
      const common = {
        ...extra,
        'content-type': type,
        'cache-control': dynamic
          ? 'no-store'
          : prefix === '/cdn/'
            ? 'public, max-age=3600'
            : 'no-cache',
      };
      if (compressible) common.vary = 'Accept-Encoding';

      let body;
      let etag;
      let sent = 'identity';
      if (dynamic) {
        // Rendered afresh each time: nothing of it is kept.
        const html = fill(await readFile(file, 'utf8'), values);
        const started = performance.now();
        // Imported when first needed: only this needs the build (dist/render/).
        const { renderTags } = await import('../../dist/render/index.js');
        const page = await renderTags(html, { api: values.api, key: values.key });
        body = Buffer.from(page.html);
        // How long the page waited for its widgets, for DevTools and the bench.
        common['server-timing'] = `render;dur=${(performance.now() - started).toFixed(1)}`;
        const partial = page.widgets.find((widget) => widget.state !== 'ready');
        if (partial) common['x-pubnet-render'] = `partial; reason="${partial.reason ?? ''}"`;
        if (encoding !== 'identity' && body.byteLength >= MIN_COMPRESS_BYTES) {
          body = await quickCompressors[encoding](body);
          sent = encoding;
        }
      } else {
        const entry = await load(file, info, type);
        body = entry.body;
        etag = `"${entry.etag}"`;
        if (encoding !== 'identity' && body.byteLength >= MIN_COMPRESS_BYTES) {
          let encoded = entry.encoded.get(encoding);
          if (!encoded) {
            encoded = compressors[encoding](entry.body);
            entry.encoded.set(encoding, encoded);
            // A failed compression is not kept: the next request tries again.
            encoded.catch(() => entry.encoded.delete(encoding));
          }
          body = await encoded;
          sent = encoding;
          etag = `"${entry.etag}-${encoding}"`;
        }
      }
      if (sent !== 'identity') common['content-encoding'] = sent;
      if (etag) {
        common.etag = etag;
        if (matches(request.headers.get('if-none-match'), etag)) {
          delete common['content-type'];
          return new Response(null, { status: 304, headers: common });
        }
      }
      common['content-length'] = String(body.byteLength);
      return new Response(request.method === 'HEAD' ? null : body, { headers: common });
    }
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  };
}

const fill = (html, values) =>
  html.replace(/\{\{(\w+)\}\}/g, (all, name) => (name in values ? escapeHtml(values[name]) : all));

const escapes = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (char) => escapes[char]);
