/**
 * A price comparison's rows (api-contract §9, "Price comparison"): from the results of one
 * product search, one row per shop (`offer_id`), that shop's cheapest product by the price
 * paid (the sale price when it has one), cheapest shop first. A product without a
 * parseable price, an http(s) `link` or a shop is no row. Prices in other currencies than
 * most of the results' are left out: a row's place compares like with like.
 */
import { parsePrice, type Price } from '../../client/price.js';
import { usable, type Shown } from '../product-card/product-card.js';

/** A row: its product, and the price its place is ordered by. */
interface Priced {
  product: Shown;
  paid: Price;
  shop: string;
}

/**
 * The rows of `results` (a search page's, unchecked): cheapest first, or dearest first
 * with `descending`; at most `limit`.
 */
export function comparisonRows(results: unknown, descending: boolean, limit: number): Shown[] {
  const priced: Priced[] = [];
  const counts: Record<string, number> = {};
  for (const product of usable(results, 1e3)) {
    const paid = parsePrice(product.sale_price) ?? parsePrice(product.price);
    const shop = product.offer_id;
    if (paid && typeof shop == 'string' && shop) {
      priced.push({ product, paid, shop });
      counts[paid.currency] = (counts[paid.currency] ?? 0) + 1;
    }
  }
  const currency = priced.reduce(
    (most, { paid }) => (counts[paid.currency] > counts[most] ? paid.currency : most),
    priced[0]?.paid.currency,
  );
  const seen = new Set<string>();
  const rows = priced
    .filter(({ paid }) => paid.currency == currency)
    .sort((a, b) => a.paid.amount - b.paid.amount)
    .filter(({ shop }) => !seen.has(shop) && !!seen.add(shop))
    .map(({ product }) => product);
  return (descending ? rows.reverse() : rows).slice(0, limit);
}
