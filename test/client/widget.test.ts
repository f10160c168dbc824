import { expect } from '@open-wc/testing';
import * as widget from '../../src/client/widget.js';
import {
  adslotSearch,
  adslotsRoutes,
  buildSearch,
  createCache,
  createCore,
  offersRoutes,
  parseAdslotConfig,
  parsePrice,
  productsRoutes,
  type Adslot,
  type Paginated,
  type Product,
  type TrackingLink,
} from '../../src/client/widget.js';
import { known, received, setup } from './helpers.js';

describe('the widget path (widget.ts)', () => {
  it('exports the core, the widget routes and helpers, and not the full client', () => {
    expect(Object.keys(widget)).to.include.members([
      'createCore',
      'createCache',
      'adslotsRoutes',
      'productsRoutes',
      'offersRoutes',
      'buildSearch',
      'adslotSearch',
      'filtersFromRows',
      'parseAdslotConfig',
      'parsePrice',
    ]);
    for (const name of ['createClient', 'routes', 'routeList', 'TARGET_AUDIENCES', 'validateCall'])
      expect(Object.keys(widget)).not.to.include(name);
  });

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
    const slot: Adslot = await core.request(adslotsRoutes['adslots.get'], {
      params: { uuid: known.filterAdslot },
      signal,
    });
    const config = parseAdslotConfig(slot.config);
    expect(config.columns).to.equal(4);
    const page: Paginated<Product> = await core.request(productsRoutes['products.search'], {
      query: { key: known.website.guid },
      body: adslotSearch(slot),
      signal,
    });
    expect(page.results.length).to.be.within(1, 8);
    expect(page.results[0]!.link).to.match(/^https?:/);
    expect(parsePrice(page.results[0]!.price)).to.have.keys('currency', 'amount');
    const link: TrackingLink = await core.request(offersRoutes['offers.trackingLink'], {
      params: { uuid: known.offers[0] },
      body: { website: known.website.guid },
    });
    expect(link.tracking_link).to.match(/^https?:/);
    const grid = await core.request(productsRoutes['products.search'], {
      query: { key: known.website.guid },
      body: buildSearch({ brand: 'Sony|Bose', ordering: '-score', pageSize: 8 }),
    });
    expect(grid.results.every((p) => /Sony|Bose/.test(p.brand ?? ''))).to.equal(true);
    // a second widget with the same slot reads the cache
    await core.request(adslotsRoutes['adslots.get'], { params: { uuid: known.filterAdslot } });
    expect(await received(emu, 'GET', `/publisher/adslots/${known.filterAdslot}/`)).to.have.length(
      1,
    );
    await emu.stop();
  });
});
