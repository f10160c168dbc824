/**
 * The product search of the widgets that show products (`<pubnet-product-grid>`
 * and `filter` ad slots): one `POST /publisher/products/?key=`, of which the
 * usable products are shown (`usable`).
 */
import { productSearch } from '../../client/routes/products.js';
import type { ProductSearch } from '../../client/types.js';
import type { LoadContext } from '../base/widget-element.js';

/** Runs `body` for the website `key`; resolves with the page's results (unchecked: see `usable`). */
export async function searchProducts(context: LoadContext, body: ProductSearch): Promise<unknown> {
  const { key, signal } = context;
  return (await context.core.request(productSearch, { query: { key }, body, signal }))?.results;
}
