import { buildSearch } from '../../client/product-search.js';
import { productSearch } from '../../client/routes/products.js';
import { manifest } from '../manifest.js';
import { cardsRoom } from '../product-card/room.js';
import { PubnetProductGrid } from './product-grid.js';

export default manifest({
  tag: 'pubnet-product-grid',
  element: PubnetProductGrid,
  render: {
    route: 'product-grid/',
    // The search the element itself runs.
    request: (grid, core, signal) =>
      core.request(productSearch, {
        query: { key: grid.websiteKey ?? grid.key },
        body: buildSearch(grid.searchOptions()),
        signal,
      }),
    room: (grid) =>
      cardsRoom(
        { layout: grid.layout, columns: grid.columns, limit: grid.limit ?? 8 },
        grid.disclosure,
      ),
  },
  wordpress: { shortcode: 'pubnet_products', block: 'products' },
});
