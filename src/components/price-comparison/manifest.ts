import { productSearch } from '../../client/routes/products.js';
import { manifest } from '../manifest.js';
import { items } from '../product-card/room.js';
import { PubnetPriceComparison } from './price-comparison.js';

export default manifest({
  tag: 'pubnet-price-comparison',
  element: PubnetPriceComparison,
  render: {
    route: 'price-comparison/',
    check({ gtin, mpn, query }) {
      if (!gtin && !mpn && !query)
        throw new TypeError('pubnet-widgets/render: a price comparison needs gtin, mpn or query');
    },
    // The element's search, and its shops' logos: the rows and what they show, in one answer.
    async request(comparison, core, signal) {
      const search = comparison.search();
      if (!search) throw new TypeError('pubnet-widgets/render: no gtin, mpn or query to search');
      const page = await core.request(productSearch, {
        query: { key: comparison.websiteKey ?? comparison.key },
        body: search,
        signal,
      });
      const results = comparison.rows(page?.results);
      return {
        results,
        logos: comparison.shows('logo') ? await comparison.logos(core, results, signal) : {},
      };
    },
    // Its rows (a server writes the rows alone: price-comparison.ts), each of a fixed height.
    room: (comparison, answer) =>
      items(comparison.rows((answer as { results?: unknown }).results).length) +
      (comparison.disclosure === '' ? ' bare' : ''),
  },
  wordpress: { shortcode: 'pubnet_price_comparison', block: 'price-comparison' },
});
