/**
 * A widget's impressions: each item it shows counts once per element and
 * page view, however often it is loaded again or moved, as a
 * `pubnet-impression` and, for products, in the product stats
 * (impressions.ts).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { emit, type PubnetItem } from '../../page/events.js';
import { countView, unwatch, watch, type StatsTarget } from './impressions.js';

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

/** A host whose items are counted: an element with a `state`. */
export type ViewsHost = ReactiveControllerHost & HTMLElement & { state: string };

/**
 * The items a widget shows, watched while it is `ready` and on the page;
 * each counted the first time it is half visible.
 */
export class ItemViews implements ReactiveController {
  /** Where the product stats go; none without a website key. */
  _stats?: StatsTarget;
  private _seen = new Set<string>();

  /** `targets()`: the shown items' elements, each with its item. */
  constructor(
    private _host: ViewsHost,
    private _targets: () => [Element, PubnetItem][],
  ) {
    _host.addController(this);
  }

  hostUpdated(): void {
    if (this._host.state == 'ready')
      for (const [element, item] of this._targets())
        if (item) watch(element, () => this._count(item));
  }

  // Back on the page (or moved): what is shown is watched again.
  hostConnected(): void {
    this.hostUpdated();
  }

  hostDisconnected(): void {
    for (const [element] of this._targets()) unwatch(element);
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
