// The state the interop apps start from, and the search it stands for.
import { known } from '../../../dist/emulator/index.js';
import type { Attrs } from '../apps/shared.js';
import type { Framework } from './build.js';

/** The state each app starts from: none of it is a default of the widgets. */
export function initialState(framework: Framework, api: string): Attrs {
  return {
    query: 'headphones',
    brand: 'JBL|Sony|Bose',
    category: 'Headphones',
    offer: known.offers[0],
    minPrice: 50,
    maxPrice: 2000,
    sale: true,
    ordering: 'price',
    limit: 3,
    columns: 3,
    layout: 'list',
    websiteKey: known.website.guid,
    sid: `${framework}-app`,
    api,
    // Links open in the app's <iframe name="pubnet-sink">: the page stays.
    target: 'pubnet-sink',
    disclosure: 'Sponsored',
    cta: 'See the deal',
    eager: true,
    adslot: known.filterAdslot,
    linkOffer: known.offers[1],
    deepLink: 'https://shop.example/sale?from=app',
    brokenOffer: '00000000-0000-4000-8000-00000000dead',
  };
}

/** The product search body the grid's state stands for. */
export function searchBody(s: Attrs) {
  return {
    filters: [
      { any: { lookup: 'contains', value: s.query } },
      { brand: { lookup: 'contains', value: s.brand.split('|') } },
      { category: { lookup: 'contains', value: s.category } },
      { offer_id: { lookup: 'exact', value: s.offer } },
      { price: { lookup: 'range', value: [s.minPrice, s.maxPrice] } },
      ...(s.sale ? [{ discount: { lookup: 'gt', value: 0 } }] : []),
    ],
    ordering: s.ordering,
    page_size: s.limit,
  };
}
