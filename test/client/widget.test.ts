import { expect } from '@open-wc/testing';
import { adslotSearch, buildSearch } from '../../src/client/product-search.js';
import { parseAdslotConfig } from '../../src/client/adslot-config.js';
import { createCache } from '../../src/client/cache.js';
import { createCore } from '../../src/client/core.js';
import { parsePrice } from '../../src/client/price.js';
import { adslotGet } from '../../src/client/routes/adslots.js';
import { offerTrackingLink } from '../../src/client/routes/offers.js';
import { productSearch } from '../../src/client/routes/products.js';
import type { Adslot, Paginated, Product, TrackingLink } from '../../src/client/types.js';
import { known, received, setup } from './support/client.js';

describe('the widget path: the core with single routes and the product helpers', () => {
  it('renders an ad slot worth of data in proxy mode: slot → search with key → tracking link', async () => {
    const { emu } = await setup();
    // the emulator wants a token: stand in for a proxy with a header-adding fetch
    const proxy = (url: string, init: RequestInit) =>
      fetch(url, {
        ...init,
        headers: { ...(init.headers as object), Authorization: `Token ${emu.token}` },
      });
    const core = createCore({ baseUrl: emu.url, fetch: proxy, cache: createCache() });
    const signal = new AbortController().signal;
    const slot: Adslot = await core.request(adslotGet, {
      params: { uuid: known.filterAdslot },
      signal,
    });
    const config = parseAdslotConfig(slot.config);
    expect(config.columns).to.equal(4);
    const page: Paginated<Product> = await core.request(productSearch, {
      query: { key: known.website.guid },
      body: adslotSearch(slot),
      signal,
    });
    expect(page.results.length).to.be.within(1, 8);
    expect(page.results[0]!.link).to.match(/^https?:/);
    expect(parsePrice(page.results[0]!.price)).to.have.keys('currency', 'amount');
    const link: TrackingLink = await core.request(offerTrackingLink, {
      params: { uuid: known.offers[0] },
      body: { website: known.website.guid },
    });
    expect(link.tracking_link).to.match(/^https?:/);
    const grid = await core.request(productSearch, {
      query: { key: known.website.guid },
      body: buildSearch({ brand: 'Sony|Bose', ordering: '-score', pageSize: 8 }),
    });
    expect(grid.results.every((p) => /Sony|Bose/.test(p.brand ?? ''))).to.equal(true);
    // a second widget with the same slot reads the cache
    await core.request(adslotGet, { params: { uuid: known.filterAdslot } });
    expect(await received(emu, 'GET', `/publisher/adslots/${known.filterAdslot}/`)).to.have.length(
      1,
    );
    await emu.stop();
  });
});
