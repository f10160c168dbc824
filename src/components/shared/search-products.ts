/**
 * The product search of the widgets that show products (`<pubnet-product-grid>`
 * and `filter` ad slots): one `POST /publisher/products/?key=`, of which the
 * usable products are shown.
 */
import { productSearch } from '../../client/routes/products.js';
import type { ProductSearch } from '../../client/types.js';
import { usable, type Shown } from './product-card.js';
import type { LoadContext } from './widget-element.js';

/** Runs `body` for the website `key`; resolves with its usable products, at most `limit`. */
export async function searchProducts(
  { core, key, signal }: LoadContext,
  body: ProductSearch,
  limit: number,
): Promise<Shown[]> {
  const page = await core.request(productSearch, { query: { key }, body, signal });
  return usable(page?.results, limit);
}
