import { expect } from '@open-wc/testing';
import {
  createClient,
  createCore,
  offersRoutes,
  type ResponseCache,
} from '../../src/client/index.js';
import { createCache } from '../../src/client/cache.js';
import { jsonResponse, known, manualClock, received, rejection, setup } from './support/client.js';

/**
 * A fetch whose answers wait until `release()`; records each call's signal.
 * `started(n)` resolves once `n` calls have been made.
 */
function gatedFetch() {
  const signals: AbortSignal[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const fetch = async (_url: string, init: RequestInit) => {
    signals.push(init.signal!);
    for (const w of waiting) if (signals.length >= w.count) w.resolve();
    await Promise.race([
      gate,
      new Promise((_, reject) =>
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
      ),
    ]);
    return jsonResponse({ id: 'o1' });
  };
  const started = (count: number) =>
    new Promise<void>((resolve) => {
      if (signals.length >= count) resolve();
      else waiting.push({ count, resolve });
    });
  return { fetch, signals, started, release: () => open() };
}

describe('sharing in-flight GETs', () => {
  it('20 identical concurrent GETs make 1 request, and all get the answer', async () => {
    // All 20 calls are made before any answer can arrive: no latency needed.
    const { emu, client } = await setup();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.offers.get({ uuid: known.offers[0] })),
    );
    expect(answers.every((a) => a.id == known.offers[0])).to.equal(true);
    expect(await received(emu, 'GET', `/publisher/offers/${known.offers[0]}/`)).to.have.length(1);
    // once settled, the next GET is a new request
    await client.offers.get({ uuid: known.offers[0] });
    expect(await received(emu, 'GET', `/publisher/offers/${known.offers[0]}/`)).to.have.length(2);
    await emu.stop();
  });

  it('different URLs are not shared; POSTs are not shared', async () => {
    const { emu, client } = await setup();
    await Promise.all([
      client.offers.get({ uuid: known.offers[0] }),
      client.offers.get({ uuid: known.offers[1] }),
      client.offers.list({ query: { page: 1 } }),
      client.offers.list(),
    ]);
    expect(await received(emu, 'GET')).to.have.length(4);
    const body = { title: 'Same', website: known.website.id, type: 'manual' as const };
    await Promise.all([client.adslots.create({ body }), client.adslots.create({ body })]);
    expect(await received(emu, 'POST', '/publisher/adslots/')).to.have.length(2);
    await emu.stop();
  });

  it('one caller aborting rejects only that caller', async () => {
    const gated = gatedFetch();
    const client = createClient({ baseUrl: 'https://api.example/', fetch: gated.fetch });
    const a = new AbortController();
    const pa = client.offers.get({ uuid: 'o1' }, { signal: a.signal });
    const pb = client.offers.get({ uuid: 'o1' });
    const c = new AbortController();
    const pc = client.offers.get({ uuid: 'o1' }, { signal: c.signal });
    await gated.started(1);
    a.abort();
    expect(((await rejection(pa)) as Error).name).to.equal('AbortError');
    expect(gated.signals).to.have.length(1);
    expect(gated.signals[0]!.aborted).to.equal(false);
    gated.release();
    expect(await pb).to.deep.equal({ id: 'o1' });
    expect(await pc).to.deep.equal({ id: 'o1' });
    expect(gated.signals).to.have.length(1);
  });

  it('the request is handed to fetch within the call; its one caller leaving at once aborts it', async () => {
    const gated = gatedFetch();
    const client = createClient({ baseUrl: 'https://api.example/', fetch: gated.fetch });
    const c = new AbortController();
    const p = client.offers.get({ uuid: 'o1' }, { signal: c.signal });
    // Not on a later microtask: what the caller does next runs while the request travels.
    expect(gated.signals).to.have.length(1);
    c.abort();
    expect(((await rejection(p)) as Error).name).to.equal('AbortError');
    expect(gated.signals[0]!.aborted).to.equal(true);
  });

  it('a caller already aborted: no request at all', async () => {
    const gated = gatedFetch();
    const client = createClient({ baseUrl: 'https://api.example/', fetch: gated.fetch });
    const p = client.offers.get({ uuid: 'o1' }, { signal: AbortSignal.abort() });
    expect(((await rejection(p)) as Error).name).to.equal('AbortError');
    expect(gated.signals).to.have.length(0);
  });

  it('the shared request is aborted when every caller has aborted', async () => {
    const gated = gatedFetch();
    const client = createClient({ baseUrl: 'https://api.example/', fetch: gated.fetch });
    const controllers = [new AbortController(), new AbortController()];
    const pending = controllers.map((c) => client.offers.get({ uuid: 'o1' }, { signal: c.signal }));
    await gated.started(1);
    controllers[0]!.abort();
    await rejection(pending[0]!);
    expect(gated.signals[0]!.aborted).to.equal(false);
    controllers[1]!.abort();
    await rejection(pending[1]!);
    expect(gated.signals[0]!.aborted).to.equal(true);
    // a new caller starts a new request
    const again = client.offers.get({ uuid: 'o1' });
    await gated.started(2);
    expect(gated.signals).to.have.length(2);
    gated.release();
    expect(await again).to.deep.equal({ id: 'o1' });
  });
});

describe('TTL cache', () => {
  it('serves ad slot config within the TTL and refetches after (injected clock)', async () => {
    const clock = manualClock();
    const { emu, client } = await setup({ cache: createCache({ ttl: 1000, now: clock.now }) });
    const path = `/publisher/adslots/${known.filterAdslot}/`;
    const first = await client.adslots.get({ uuid: known.filterAdslot });
    clock.advance(999);
    expect(await client.adslots.get({ uuid: known.filterAdslot })).to.equal(first);
    expect(await received(emu, 'GET', path)).to.have.length(1);
    clock.advance(2);
    await client.adslots.get({ uuid: known.filterAdslot });
    expect(await received(emu, 'GET', path)).to.have.length(2);
    // routes that are not `cacheable` are not kept
    await client.offers.get({ uuid: known.offers[0] });
    await client.offers.get({ uuid: known.offers[0] });
    expect(await received(emu, 'GET', /\/offers\//)).to.have.length(2);
    await emu.stop();
  });

  it('keys product searches and tracking links by body, and by website key', async () => {
    const clock = manualClock();
    const { emu, client } = await setup({ cache: createCache({ now: clock.now }) });
    const body = { filters: [{ brand: { lookup: 'contains' as const, value: 'Sony' } }] };
    const key = { key: known.website.guid };
    await client.products.search({ body, query: key });
    await client.products.search({ body: { ...body }, query: key });
    expect(await received(emu, 'POST', '/publisher/products/')).to.have.length(1);
    await client.products.search({ body: { ...body, page_size: 3 }, query: key });
    await client.products.search({ body, query: { key: known.websites.secondActive.guid } });
    await client.products.searchV2({ body, query: key });
    await client.products.searchV2({ body, query: key });
    expect(await received(emu, 'POST', /^\/publisher\/products\//)).to.have.length(4);
    const link = { website: known.website.guid, sid: 'a' };
    const l1 = await client.offers.trackingLink({ uuid: known.offers[0] }, { body: link });
    const l2 = await client.offers.trackingLink({ uuid: known.offers[0] }, { body: { ...link } });
    expect(l2).to.equal(l1);
    await client.offers.trackingLink({ uuid: known.offers[0] }, { body: { ...link, sid: 'b' } });
    await client.products.trackingLink({ id: known.product }, { body: link });
    await client.products.trackingLink({ id: known.product }, { body: link });
    expect(await received(emu, 'PUT', /tracking_link/)).to.have.length(3);
    await emu.stop();
  });

  it('keys include the baseUrl: one cache shared by two clients', async () => {
    const urls: string[] = [];
    const cache: ResponseCache = createCache();
    const fetch = async (url: string) => {
      urls.push(url);
      return jsonResponse({ tracking_link: url });
    };
    const a = createCore({ baseUrl: 'https://a.example/api/', fetch, cache });
    const b = createCore({ baseUrl: 'https://b.example/api/', fetch, cache });
    const route = offersRoutes['offers.trackingLink'];
    const call = { params: { uuid: 'o' }, body: { website: 'g' } };
    await a.request(route, call);
    await b.request(route, call);
    await a.request(route, call);
    await b.request(route, call);
    expect(urls).to.deep.equal([
      'https://a.example/api/publisher/offers/o/tracking_link/',
      'https://b.example/api/publisher/offers/o/tracking_link/',
    ]);
    cache.clear();
    await a.request(route, call);
    expect(urls).to.have.length(3);
  });

  it('keeps at most `max` entries, dropping the oldest', () => {
    const cache = createCache({ max: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).to.deep.equal([undefined, 2, 3]);
  });

  it('failures are not cached', async () => {
    let n = 0;
    const client = createClient({
      baseUrl: 'https://api.example/',
      retry: false,
      cache: createCache(),
      fetch: async () => (++n == 1 ? jsonResponse({}, 500) : jsonResponse({ id: 'x' })),
    });
    await rejection(client.adslots.get({ uuid: 'x' }));
    expect(await client.adslots.get({ uuid: 'x' })).to.deep.equal({ id: 'x' });
    expect(n).to.equal(2);
  });
});
