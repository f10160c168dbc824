// Run by lazy-render.test.ts in a process of its own: `node --import tsx child.ts <log> <api>`.
// Records every module the process resolves (hooks.mjs), creates the proxy in front of the
// emulator at <api>, answers a JSON read, then a render, and prints what was loaded after
// each as one JSON line: { json: [...urls], render: [...urls], statuses, renderHeader }.
import { readFileSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';

const [log, api, token, adslot, key] = process.argv.slice(2);
writeFileSync(log, '');
register('./hooks.mjs', import.meta.url, { data: { log } });
const loaded = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);

// Imported only now, so that the hooks see the proxy's whole module graph.
const { createProxy } = await import('../../../src/proxy/proxy.js');
const proxy = createProxy({ token, upstream: api, rateLimit: false });
const base = 'http://proxy.example/';

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
