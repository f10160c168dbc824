// What the proxy forwards, through real HTTP against the emulator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routeList, type RouteKey } from '../../../src/client/routes/index.js';
import {
  allowedMethods,
  resolveRoute,
  widgetRoutes,
  type RoutePolicy,
} from '../../../src/proxy/policy/allow-list.js';
import { call, fillPath, jsonInit, known, startStack } from '../support/stack.js';

/** A valid request of each widget route: query and body. */
const samples: Partial<Record<RouteKey, { query?: string; body?: unknown }>> = {
  'products.search': { body: { filters: [], page_size: 2 } },
  'products.searchV2': { body: { filters: [], page_size: 2 } },
  'products.trackingLink': { body: { sid: 'grid_1' } },
  'offers.trackingLink': { body: { sid: 'grid_1' } },
  'offers.detect': { query: `?url=${encodeURIComponent(known.merchantUrl)}` },
  'products.createStats': { body: { event: 'view', products: [known.product] } },
};

test('every non-widget method+path of the spec is 404 (405 with Allow on a served path) without contacting upstream', async () => {
  const stack = await startStack();
  const others = routeList.filter(([key]) => !(key in widgetRoutes));
  assert.equal(others.length + Object.keys(widgetRoutes).length, routeList.length);
  for (const [key, def] of others) {
    const init = def.method === 'GET' ? { method: 'GET' } : jsonInit(def.method, {});
    const answer = await call(stack.proxy + fillPath(def.path).slice(1), init);
    const allowed = allowedMethods(new URL(fillPath(def.path), 'http://x').pathname);
    if (allowed.length === 0) {
      assert.equal(answer.status, 404, `${key}: ${def.method} ${def.path}`);
      assert.deepEqual(answer.json, { detail: 'Not found.' });
      continue;
    }
    // The path is served with another method: 405 naming the methods it takes.
    assert.ok(!allowed.includes(def.method), `${key}: ${def.method} is not served`);
    assert.equal(answer.status, 405, `${key}: ${def.method} ${def.path}`);
    assert.equal(answer.headers.get('allow'), allowed.join(', '));
    assert.deepEqual(answer.json, { detail: 'Method not allowed.' });
  }
  // Paths that are not in the table at all, other methods, and id tricks.
  const extra: [string, string][] = [
    ['GET', '/'],
    ['GET', '/publisher/'],
    ['GET', `/publisher/adslots/${known.filterAdslot}`],
    ['GET', '/publisher/offers/find/'],
    ['GET', '/publisher/offers/%2E%2E%2Fmy%2Fprofile/'],
    ['GET', '/publisher/offers/..%2F..%2Fmy%2Fprofile/'],
  ];
  for (const [method, path] of extra) {
    const answer = await call(stack.proxy + path.slice(1), { method });
    assert.equal(answer.status, 404, `${method} ${path}`);
  }
  const wrongMethod = await call(stack.proxy + 'publisher/products/', { method: 'GET' });
  assert.equal(wrongMethod.status, 405);
  assert.equal(wrongMethod.headers.get('allow'), 'POST');
  const deleted = await call(stack.proxy + `publisher/adslots/${known.filterAdslot}/`, {
    method: 'DELETE',
  });
  assert.equal(deleted.status, 405);
  assert.equal(deleted.headers.get('allow'), 'GET, HEAD');
  assert.deepEqual(stack.upstreamCalls(), [], 'upstream was never called');
});

test('every allowed route is forwarded and answered 2xx by the emulator', async () => {
  const stack = await startStack();
  for (const key of Object.keys(widgetRoutes) as RouteKey[]) {
    const def = routeList.find(([k]) => k === key)![1];
    const sample = samples[key] ?? {};
    const init = sample.body ? jsonInit(def.method, sample.body) : { method: def.method };
    const path = fillPath(def.path);
    const before = stack.upstreamCalls().length;
    const answer = await call(stack.proxy + path.slice(1) + (sample.query ?? ''), init);
    assert.ok(
      answer.status >= 200 && answer.status < 300,
      `${key}: ${answer.status} ${answer.text}`,
    );
    const [received, ...composing] = stack.upstreamCalls().slice(before);
    assert.equal(received.method, def.method);
    assert.equal(received.path, path);
    const policy: RoutePolicy = widgetRoutes[key as keyof typeof widgetRoutes];
    if (!policy.compose) {
      assert.deepEqual(composing, [], `${key} reached upstream once`);
      continue;
    }
    // A composed answer reads more, but only through routes the allow-list forwards.
    assert.ok(composing.length > 0, `${key} was composed`);
    for (const part of composing)
      assert.ok(resolveRoute(part.method, part.path), `${part.method} ${part.path} is allowed`);
  }
});

test('mounted under a base path, only paths below it are served', async () => {
  const stack = await startStack({ basePath: '/pubnet-api' });
  assert.match(stack.proxy, /\/pubnet-api\/$/);
  const offer = `publisher/offers/${known.offers[0]}/`;
  assert.equal((await call(stack.proxy + offer)).status, 200);
  assert.equal((await call(new URL(`/${offer}`, stack.proxy))).status, 404);
  assert.equal(stack.upstreamCalls().length, 1);
});

test('next/previous links point at the proxy, and following them works', async () => {
  // Without a public URL the links are relative to the route: no host is guessed.
  const stack = await startStack({ basePath: '/pubnet-api/' });
  const search = jsonInit('POST', { filters: [], page_size: 2 });
  const first = await call(`${stack.proxy}publisher/products/?key=${known.website.guid}`, search);
  assert.equal(first.status, 200);
  const page = first.json as { next: string; previous: string | null; results: unknown[] };
  assert.ok(page.next.startsWith('/pubnet-api/publisher/products/?'), page.next);
  // (The emulator also stands in for the image host and the click domain, so only
  // API URLs are looked for.)
  assert.ok(!first.text.includes(`${stack.upstream}publisher/`), 'no API URL reaches the page');
  const second = await call(new URL(page.next, stack.proxy).href, search);
  assert.equal(second.status, 200);
  const next = second.json as { previous: string; results: { id: string }[] };
  assert.ok(next.previous.startsWith('/pubnet-api/publisher/'), next.previous);
  assert.notDeepEqual(next.results, page.results, 'the second page is another page');
  assert.equal(stack.upstreamCalls().at(-1)?.search.includes('page=2'), true);
  // With one, they name it, whatever host the request named.
  const named = await startStack({ publicUrl: 'https://widgets.example/pubnet-api/' });
  const answer = await call(`${named.proxy}publisher/products/?key=${known.website.guid}`, search);
  const linked = answer.json as { next: string };
  assert.ok(linked.next.startsWith('https://widgets.example/pubnet-api/publisher/products/?'));
  assert.equal(stack.upstreamCalls().at(-1)?.search.includes('page=2'), true);
});
