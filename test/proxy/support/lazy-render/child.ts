// Run by lazy-render.test.ts in a process of its own: `node --import tsx child.ts <log> <api>`.
// Records every module the process resolves (hooks.mjs), creates the proxy in front of the
// emulator at <api>, answers a JSON read, then a render, and prints what was loaded after
// each as one JSON line: { json: [...urls], render: [...urls], statuses, renderHeader }.
// With a last argument `no-ssr`, @lit-labs/ssr is not installed (hooks.mjs): it answers
// JSON, a render, another render and JSON again, and prints { statuses, details, notes }.
import { readFileSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';

const [log, api, token, adslot, key, mode] = process.argv.slice(2);
writeFileSync(log, '');
const noSsr = mode === 'no-ssr';
register('./hooks.mjs', import.meta.url, { data: { log, noSsr } });
const loaded = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);

// Imported only now, so that the hooks see the proxy's whole module graph.
const { createProxy } = await import('../../../../src/proxy/proxy.js');
const notes: (string | undefined)[] = [];
const onLog = (entry: { note?: string }) => notes.push(entry.note);
const proxy = createProxy({ token, upstream: api, websites: [key], rateLimit: false, onLog });
const base = 'http://proxy.example/';

if (noSsr) {
  const statuses: number[] = [];
  const details: unknown[] = [];
  for (const path of [
    `publisher/adslots/${adslot}/?key=${key}`,
    `render/adslots/${adslot}/?key=${key}`,
    `render/product-grid/?query=tv&key=${key}`,
    `publisher/adslots/${adslot}/?key=${key}`,
  ]) {
    const response = await proxy(new Request(base + path));
    statuses.push(response.status);
    const body = (await response.json()) as { detail?: unknown };
    details.push(path.startsWith('render/') ? body.detail : typeof body);
  }
  console.log(JSON.stringify({ statuses, details, notes }));
  process.exit(0);
}

const json = await proxy(new Request(`${base}publisher/adslots/${adslot}/?key=${key}`));
await json.text();
const afterJson = loaded();

const render = await proxy(new Request(`${base}render/adslots/${adslot}/?key=${key}`));
const html = await render.text();
const afterRender = loaded();

console.log(
  JSON.stringify({
    json: afterJson,
    render: afterRender,
    statuses: [json.status, render.status],
    renderHeader: render.headers.get('x-pubnet-render'),
    rendered: html.startsWith('<pubnet-adslot'),
  }),
);
