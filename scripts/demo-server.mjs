// The demo's static server as a web-standard handler: demo/ at `/`, the CDN
// build at `/cdn/`. HTML pages get `{{api}}`, `{{key}}`… filled in (escaped), so
// the pages stay plain files that a publisher could copy. `headers` adds
// response headers to single pages, by path: `{ '/csp.html': { 'content-security-policy': … } }`.
// `serverRendered` lists pages whose widget tags the server renders at request
// time (`renderTags` of pubnet-widgets/render), with the page's own `{{api}}` and `{{key}}`.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

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

export function createDemoHandler({ root, cdn, values = {}, headers = {}, serverRendered = [] }) {
  // resolve() drops a trailing slash, so the containment check below holds.
  const mounts = [
    ['/cdn/', resolve(cdn)],
    ['/', resolve(root)],
  ];
  return async function handle(request) {
    const { pathname } = new URL(request.url);
    for (const [prefix, dir] of mounts) {
      if (!pathname.startsWith(prefix)) continue;
      let rel = decodeURIComponent(pathname.slice(prefix.length));
      if (rel === '' || rel.endsWith('/')) rel += 'index.html';
      const file = normalize(join(dir, rel));
      if (!file.startsWith(dir + sep)) break;
      let body, type;
      try {
        body = await readFile(file);
        type = types[extname(file)] ?? 'application/octet-stream';
      } catch {
        continue; // the next mount, then 404
      }
      const extra = Object.hasOwn(headers, pathname) ? { ...headers[pathname] } : {};
      if (type.startsWith('text/html')) {
        body = body
          .toString('utf8')
          .replace(/\{\{(\w+)\}\}/g, (all, name) =>
            name in values ? escapeHtml(values[name]) : all,
          );
        if (serverRendered.includes(pathname)) {
          const started = performance.now();
          // Imported when first needed: only this needs the build (dist/render/).
          const { renderTags } = await import('../dist/render/index.js');
          const page = await renderTags(body, { api: values.api, key: values.key });
          body = page.html;
          // How long the page waited for its widgets, for DevTools and the bench.
          extra['server-timing'] = `render;dur=${(performance.now() - started).toFixed(1)}`;
          const partial = page.widgets.find((widget) => widget.state !== 'ready');
          if (partial) extra['x-pubnet-render'] = `partial; reason="${partial.reason ?? ''}"`;
        }
      }
      return new Response(body, {
        headers: { ...extra, 'content-type': type, 'cache-control': 'no-store' },
      });
    }
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  };
}

const escapes = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (char) => escapes[char]);
