// The shared cache store: the Web Cache API store against an in-test CacheStorage (injected,
// no global patched), proxies sharing it, and the choice of store. The same store in real
// Deno, across a restart, is in runtimes.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createProxy } from '../../../src/proxy/proxy.js';
import type { CacheEntry, CacheStore } from '../../../src/proxy/read/store.js';
import {
  WebCacheStore,
  chooseStore,
  defaultCacheName,
  type CacheLike,
  type CacheStorageLike,
} from '../../../src/proxy/read/web-cache-store.js';
import { until } from '../../support/until.js';
import { TOKEN, known } from '../support/stack.js';

/** A CacheStorage kept in Maps, as `caches` would keep it, with every cache it opened. */
class MapCaches implements CacheStorageLike {
  readonly caches = new Map<string, Map<string, Response>>();

  async open(name: string): Promise<CacheLike> {
    let entries = this.caches.get(name);
    if (!entries) this.caches.set(name, (entries = new Map()));
    const stored = entries;
    return {
      match: async (url) => stored.get(url)?.clone(),
      put: async (url, response) => void stored.set(url, response),
      delete: async (url) => stored.delete(url),
    };
  }
}

const entry = (at: number, body: string | null = '{"a":1}'): CacheEntry => ({
  answer: { status: 200, body, etag: body === null ? undefined : '"e"' },
  storedAt: at,
  freshUntil: at + 1_000,
  staleUntil: at + 3_000,
});

test('the Web Cache store keeps an entry under a hashed URL until its stale window ends', async () => {
  let now = 50_000;
  const storage = new MapCaches();
  const store = new WebCacheStore(storage, 'widgets', () => now);
  const key = 'GET\n/publisher/offers/x/\n\n\n\nhttps://proxy.example/';
  await store.put(key, entry(now));
  const urls = [...storage.caches.get('widgets')!.keys()];
  assert.equal(urls.length, 1);
  assert.match(urls[0], /^https:\/\/pubnet-proxy\.cache\/[\w-]{43}$/, 'the SHA-256 of the key');

  now += 2_999; // past fresh: still returned, with its windows, for the reader to judge
  assert.deepEqual(await store.get(key), entry(50_000));
  assert.equal(await store.get(`${key} `), undefined, 'another key, another entry');

  now += 1; // the stale window has ended: gone, and deleted as it is read
  assert.equal(await store.get(key), undefined);
  assert.equal(storage.caches.get('widgets')!.size, 0);
});

test('the Web Cache store tells no body from an empty one, and drops what it did not write', async () => {
  const storage = new MapCaches();
  const store = new WebCacheStore(storage, 'widgets', () => 0);
  await store.put('none', entry(0, null));
  await store.put('empty', entry(0, ''));
  assert.equal((await store.get('none'))?.answer.body, null);
  assert.equal((await store.get('empty'))?.answer.body, '');

  const cache = await storage.open('widgets');
  const [url] = [...storage.caches.get('widgets')!.keys()];
  await cache.put(url, new Response('{}'));
  assert.equal(await store.get('none'), undefined, 'no windows: not an entry of this store');
  assert.equal(storage.caches.get('widgets')!.size, 1, 'and deleted');
});

/** An upstream that answers one offer, echoing the token (which the proxy must scrub). */
function upstreamCounting() {
  const calls: string[] = [];
  let failing = false;
  const fetch: typeof globalThis.fetch = async (input) => {
    calls.push(String(input));
    if (failing) return new Response('down', { status: 503 });
    return Response.json({ uuid: known.offers[0], echoed: TOKEN });
  };
  return { fetch, calls, fail: () => (failing = true) };
}

test('a proxy instance hits what another one stored, fresh and then stale', async () => {
  let now = 1_000_000;
  const storage = new MapCaches();
  const upstream = upstreamCounting();
  const instance = () =>
    createProxy({
      token: TOKEN,
      upstream: 'https://api.example/',
      fetch: upstream.fetch,
      now: () => now,
      rateLimit: false,
      cache: {
        ttl: 10_000,
        staleIfError: 60_000,
        store: new WebCacheStore(storage, 'w', () => now),
      },
    });
  const read = async (handler: ReturnType<typeof createProxy>) => {
    const response = await handler(
      new Request(`https://proxy.example/publisher/offers/${known.offers[0]}/`),
    );
    return {
      status: response.status,
      cache: response.headers.get('x-cache'),
      text: await response.text(),
    };
  };

  const first = await read(instance());
  assert.equal(first.cache, 'MISS');
  assert.ok(!first.text.includes(TOKEN) && first.text.includes('[redacted]'));
  const [stored] = storage.caches.get('w')!.values();
  assert.ok(!(await stored.clone().text()).includes(TOKEN), 'the store never holds the token');

  // A new instance has nothing in memory: its hit comes from the shared store.
  const second = await read(instance());
  assert.deepEqual(second, { ...first, cache: 'HIT' });
  assert.equal(upstream.calls.length, 1);

  now += 10_000; // expired; upstream now fails, and a third new instance answers the stale copy
  upstream.fail();
  const third = await read(instance());
  assert.deepEqual(third, { ...first, cache: 'STALE' });
  assert.equal(upstream.calls.length, 2);
});

test('a shared store that fails costs a miss, never the read', async () => {
  const broken: CacheStore = {
    get: () => Promise.reject(new Error('store down')),
    put: () => Promise.reject(new Error('store down')),
  };
  const upstream = upstreamCounting();
  const proxy = createProxy({
    token: TOKEN,
    upstream: 'https://api.example/',
    fetch: upstream.fetch,
    rateLimit: false,
    cache: { store: broken },
  });
  const url = `https://proxy.example/publisher/offers/${known.offers[0]}/`;
  const states = [];
  for (let i = 0; i < 2; i++) {
    const response = await proxy(new Request(url));
    assert.equal(response.status, 200);
    states.push(response.headers.get('x-cache'));
  }
  assert.deepEqual(states, ['MISS', 'HIT'], 'the second from this instance memory');
});

/** One turn of the event loop: whatever only waited on promises has run by then. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A store whose writes wait until the test releases them, counting what it was asked. */
function heldStore() {
  const releases: (() => void)[] = [];
  const store: CacheStore & { puts: number; release(): void } = {
    puts: 0,
    get: async () => undefined,
    put: () => {
      store.puts += 1;
      return new Promise<void>((resolve) => releases.push(resolve));
    },
    release: () => releases.splice(0).forEach((resolve) => resolve()),
  };
  return store;
}

test('with waitUntil, the shared-store write is handed to it and the answer does not wait', async () => {
  const store = heldStore();
  const upstream = upstreamCounting();
  const proxy = createProxy({
    token: TOKEN,
    upstream: 'https://api.example/',
    fetch: upstream.fetch,
    rateLimit: false,
    cache: { store },
  });
  const url = `https://proxy.example/publisher/offers/${known.offers[0]}/`;
  // A fake of Workers' ctx: injected, as the runtime gives it to the handler.
  const handed: Promise<unknown>[] = [];
  const response = await proxy(new Request(url), { waitUntil: (p) => void handed.push(p) });
  assert.equal(response.status, 200, 'answered while the write is still held');
  assert.equal(store.puts, 1);
  assert.equal(handed.length, 1, 'the write went to waitUntil');
  let written = false;
  void handed[0].then(() => (written = true));
  await turn();
  assert.equal(written, false, 'still held');
  store.release();
  await handed[0];
  assert.equal(written, true);

  // Without waitUntil the read waits for the write, as before.
  let answered = false;
  const other = `https://proxy.example/publisher/offers/${known.offers[1]}/`;
  const pending = proxy(new Request(other)).then((r) => {
    answered = true;
    return r;
  });
  await until(() => store.puts === 2, 'the second write is asked for');
  await turn();
  assert.equal(answered, false, 'the answer waits for the write');
  store.release();
  assert.equal((await pending).status, 200);
});

test('the store is chosen: none on Node by default, the given one, or none for memory', () => {
  const upstream = new URL('https://api.example/');
  assert.equal(
    typeof (globalThis as { caches?: unknown }).caches,
    'undefined',
    'Node has no caches',
  );
  assert.equal(chooseStore(undefined, upstream, TOKEN, Date.now), undefined, 'memory only on Node');
  assert.equal(chooseStore('memory', upstream, TOKEN, Date.now), undefined);
  const store = new WebCacheStore(new MapCaches(), 'w');
  assert.equal(chooseStore(store, upstream, TOKEN, Date.now), store);
  assert.throws(
    () =>
      createProxy({
        token: TOKEN,
        upstream: 'https://api.example/',
        cache: { store: {} as CacheStore },
      }),
    /cache\.store/,
  );
});

test('the default cache name: from the SHA-256 of upstream and token, never the token', async () => {
  const api = new URL('https://api.example/v1/');
  const name = await defaultCacheName(api, TOKEN);
  assert.match(name, /^pubnet-proxy-[0-9a-f]{16}$/);
  assert.ok(!name.includes(TOKEN) && !name.includes('api.example'), 'nothing of either shows');
  assert.equal(await defaultCacheName(new URL('https://api.example/v1/'), TOKEN), name, 'stable');
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${api.href}\n${TOKEN}`),
  );
  const hex = Buffer.from(digest).toString('hex').slice(0, 16);
  assert.equal(name, `pubnet-proxy-${hex}`);
  const other = await defaultCacheName(api, `${TOKEN}-other`);
  assert.notEqual(other, name, 'another token, another cache');
  assert.notEqual(await defaultCacheName(new URL('https://api2.example/v1/'), TOKEN), name);

  // Two proxies of one API with different tokens, each in its default cache, share nothing.
  const storage = new MapCaches();
  const a = new WebCacheStore(
    storage,
    () => defaultCacheName(api, TOKEN),
    () => 0,
  );
  const b = new WebCacheStore(
    storage,
    () => defaultCacheName(api, `${TOKEN}-other`),
    () => 0,
  );
  await a.put('k', entry(0));
  assert.deepEqual(await a.get('k'), entry(0));
  assert.equal(await b.get('k'), undefined, 'the other token does not see it');
  assert.deepEqual([...storage.caches.keys()].sort(), [name, other].sort());
});
