/**
 * A widget's impressions: each item it shows counts once per element and
 * page view, however often it is loaded again, as a `pubnet-impression` and,
 * for products, in the product stats (impressions.ts).
 */
import { emit, type PubnetItem } from './events.js';
import { countView, watch, type StatsTarget } from './impressions.js';

/**
 * Who an item is: a product by its id (else its link), an offer link by its
 * offer id, a placed widget of a `manual` slot by its id (else what it shows).
 */
function identity(item: PubnetItem): string {
  if (item.product) return 'product ' + (item.product.id ?? item.product.link);
  const offer = item.offer;
  return typeof offer == 'string'
    ? 'offer ' + offer
    : 'widget ' + (offer.id ?? JSON.stringify(offer));
}

/** The items a widget has counted, and where their stats go. */
export class ItemViews {
  /** Where the product stats go; none without a website key. */
  _stats?: StatsTarget;
  private _seen = new Set<string>();

  constructor(private _host: HTMLElement) {}

  /** Counts each of `targets` (its element, its item) the first time it is half visible. */
  _watch(targets: [Element, PubnetItem][]) {
    for (const [element, item] of targets) if (item) watch(element, () => this._count(item));
  }

  private _count(item: PubnetItem) {
    const who = identity(item);
    if (this._seen.has(who)) return;
    this._seen.add(who);
    emit(this._host, 'pubnet-impression', item);
    const id = item.product?.id;
    if (this._stats && typeof id == 'string') countView(this._stats, id);
  }
}
