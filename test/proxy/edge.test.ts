// The proxy on an edge runtime: bundled from source with rollup (as the build does), it must
// import nothing, and run in a realm whose global object holds only web-platform APIs (no
// `process`, `Buffer`, `require`), as on Cloudflare Workers, Deno and Bun.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import vm from 'node:vm';
import { rollup } from 'rollup';
import ts from 'typescript';
import typescript from '@rollup/plugin-typescript';
import resolve from '@rollup/plugin-node-resolve';
import {
  LIT_NODE_CONDITIONS,
  litSsrStatic,
  ssrClientWithoutBuffer,
} from '../../scripts/build/lit-node-build.mjs';
import type { ProxyHandler } from '../../src/proxy/proxy.js';
import type { ProxyOptions } from '../../src/proxy/options.js';
import { TOKEN, jsonInit, known, startStack } from './support/stack.js';

/** src/proxy/index.ts as one ESM chunk (to read its imports) and one IIFE (to run). */
async function bundleProxy() {
  const bundle = await rollup({
    input: 'src/proxy/index.ts',
    // tslib's helpers read a top-level `this`, undefined in a module, as they expect.
    onwarn: (warning, warn) => {
      if (warning.code != 'THIS_IS_UNDEFINED') warn(warning);
    },
    plugins: [
      // The proxy renders HTML with Lit, whose Node build needs no DOM (edge runtimes have
      // none), as the build's dist/proxy/edge.js does.
      // Lit SSR inside, imported statically (as the edge build does): no top-level await.
      litSsrStatic,
      ssrClientWithoutBuffer,
      resolve({ exportConditions: LIT_NODE_CONDITIONS }),
      // As in rollup.config.mjs, in memory; types are checked by `tsc`, not here.
      typescript({
        tsconfig: './tsconfig.json',
        outDir: undefined,
        declaration: false,
        sourceMap: false,
        noCheck: true,
      }),
    ],
  });
  try {
    // One file each, the render half (loaded on the first render) inlined, as the edge build does.
    const inline = { inlineDynamicImports: true };
    const [esm] = (await bundle.generate({ format: 'esm', ...inline })).output;
    const [iife] = (await bundle.generate({ format: 'iife', name: 'PubnetProxy', ...inline }))
      .output;
    return { esm, iife };
  } finally {
    await bundle.close();
  }
}

/**
 * Where `code` uses `process`, `Buffer` or `require` as a value (a member read or a call),
 * found in its syntax tree, so that comments and strings naming them do not count. Lit's DOM
 * shim reads `process.env.NODE_ENV` to choose a warning over an error when a tag is defined
 * twice, which defineElement never does (it asks the registry first): that one read is allowed.
 */
function nodeGlobalsUsed(code: string): string[] {
  const file = ts.createSourceFile(
    'bundle.js',
    code,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.JS,
  );
  const used: string[] = [];
  const visit = (node: ts.Node) => {
    const target =
      ts.isPropertyAccessExpression(node) || ts.isCallExpression(node)
        ? node.expression
        : undefined;
    if (target && ts.isIdentifier(target) && /^(process|Buffer|require)$/.test(target.text)) {
      const text = node.parent.getText(file);
      if (text !== 'process.env.NODE_ENV') used.push(text.slice(0, 80));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return used;
}

/** Every name a bundle could use to load a Node built-in: `fs`, `node:fs`, `fs/promises`, … */
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

test('the bundled proxy imports nothing and runs with web-platform globals only', async () => {
  const stack = await startStack();
  const { esm, iife } = await bundleProxy();

  assert.deepEqual(esm.imports, [], 'no static imports');
  assert.deepEqual(esm.dynamicImports, [], 'no dynamic imports');
  const loads = [...esm.code.matchAll(/\b(?:from|import|require)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
    (m) => m[1],
  );
  assert.deepEqual(
    loads.filter((name) => builtins.has(name)),
    [],
    'no import or require of a Node built-in',
  );
  assert.doesNotMatch(esm.code, /['"`]node:/, 'no node: specifier anywhere');
  assert.deepEqual(nodeGlobalsUsed(esm.code), [], 'no Node globals used');

  const upstreamCalls: string[] = [];
  const context = vm.createContext({
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      upstreamCalls.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    },
    Request,
    Response,
    Headers,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    crypto: globalThis.crypto,
    AbortController,
    AbortSignal,
    setTimeout,
    clearTimeout,
    structuredClone,
    console,
    btoa,
    atob,
    performance,
  });
  assert.equal(
    vm.runInContext(
      '[typeof process, typeof Buffer, typeof require, typeof module, typeof global].join()',
      context,
    ),
    'undefined,undefined,undefined,undefined,undefined',
  );
  vm.runInContext(iife.code, context, { filename: 'pubnet-proxy.iife.js' });
  const { PubnetProxy } = context as {
    PubnetProxy: { createProxy: (options: ProxyOptions) => ProxyHandler };
  };
  const proxy = PubnetProxy.createProxy({
    token: TOKEN,
    upstream: stack.upstream,
    websites: [known.website.guid],
    rateLimit: { rate: 10, burst: 10 },
  });

  const base = 'https://publisher.example/';
  const requests = [
    new Request(`${base}publisher/adslots/${known.filterAdslot}/`),
    new Request(
      `${base}publisher/products/?key=${known.website.guid}`,
      jsonInit('POST', { filters: [{ brand: { lookup: 'contains', value: 'Sony' } }] }),
    ),
    new Request(
      `${base}publisher/offers/${known.offers[0]}/tracking_link/`,
      jsonInit('PUT', { website: known.website.guid, sid: 'edge' }),
    ),
  ];
  const statuses: number[] = [];
  const bodies: unknown[] = [];
  for (const request of requests) {
    const response = await proxy(request, { remoteAddress: '203.0.113.9' });
    const text = await response.text();
    statuses.push(response.status);
    const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
    assert.ok(!`${headers}\n${text}`.includes(TOKEN), `the token leaked:\n${headers}\n${text}`);
    assert.equal(response.headers.get('content-type'), 'application/json');
    bodies.push(JSON.parse(text));
  }
  assert.deepEqual(statuses, [200, 200, 200]);
  // The ad slot came composed (for its own website, which the proxy serves): the slot, then
  // its search, then the two other requests.
  const slot = bodies[0] as { _embedded?: { products?: { results?: unknown[] } } };
  assert.ok(slot._embedded?.products?.results?.length, 'composed in the edge realm');
  assert.equal(upstreamCalls.length, 4);
  assert.ok(upstreamCalls.every((url) => url.startsWith(stack.upstream)));
  assert.deepEqual(
    stack.upstreamCalls().map((c) => c.method),
    ['GET', 'POST', 'POST', 'PUT'],
    'the emulator answered all four',
  );
  // The GET went through the bundle's cache and Web Crypto ETag.
  const again = await proxy(new Request(requests[0].url));
  assert.equal(again.headers.get('x-cache'), 'HIT');
  assert.match(again.headers.get('etag') ?? '', /^"[\w-]+"$/);
  assert.equal(stack.upstreamCalls().length, 4);

  // The rendered HTML route, Lit SSR included, runs in the same realm.
  const rendered = await proxy(
    new Request(`${base}render/adslots/${known.filterAdslot}/?key=${known.website.guid}`),
    { remoteAddress: '203.0.113.9' },
  );
  const html = await rendered.text();
  assert.equal(rendered.status, 200);
  assert.equal(rendered.headers.get('x-pubnet-render'), 'ready');
  assert.ok(html.startsWith('<pubnet-adslot '), html.slice(0, 100));
  assert.match(html, /<template [^>]*shadowrootmode="open"/);
  assert.match(html, /<a\b[^>]*href="http[^"]*\/click\//);
  assert.ok(!html.includes(TOKEN));
});
