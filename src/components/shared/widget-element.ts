import { html } from 'lit/html.js';
import type { Core } from '../../client/core.js';
import { productSearch } from '../../client/routes/products.js';
import type { ProductSearch } from '../../client/types.js';
import { coreFor } from './api.js';
import { attr } from './attributes.js';
import { BaseElement, type PropertyDeclarations, type PropertyValues } from './base-element.js';
import { env } from './env.js';
import { emit, type PubnetEventMap } from './events.js';
import { countView, unwatch, watch, type StatsTarget } from './impressions.js';
import { nearViewport } from './near-viewport.js';
import { usable, type Shown } from './product-card.js';
import { jsOption, resolveOption } from './options.js';
import { httpUrl } from './safe-url.js';

/** An item a widget shows: `{ product }` or `{ offer }`. */
export type Item = PubnetEventMap['pubnet-impression'];

/** What a load needs, resolved once per load. */
export interface LoadContext {
  core: Core;
  key?: string;
  sid?: string;
  signal: AbortSignal;
}

/**
 * What the three widgets share: the common attributes, the load lifecycle
 * (nothing until near the viewport, one overall deadline, aborted when
 * disconnected or superseded), fallback or collapse, impressions and clicks.
 * Subclasses implement `_fetch()` and `_content()`.
 *
 * Attribute changes after the first load abort the request in flight at once
 * and load again 50 ms after the last change.
 */
export abstract class PubnetWidget extends BaseElement {
  static override properties: PropertyDeclarations = {
    api: attr('api', httpUrl),
    key: {},
    sid: attr('sid', (v) => (/^[\w-]{1,32}$/.test(v) ? v : undefined)),
    target: {},
    disclosure: {},
    eager: { type: Boolean },
    state: { reflect: true },
  };

  /** Base URL of the publisher's proxy (or, private tools only, of the API). */
  declare api?: string;
  /** The website guid (public website key). */
  declare key?: string;
  /** SubID (`A-Z a-z 0-9 _ -`, at most 32). */
  declare sid?: string;
  /** Where links open; default `_blank`. */
  declare target?: string;
  /** The disclosure label; default `Ad`; `""` hides it. */
  declare disclosure?: string;
  /** Load at once instead of when near the viewport. */
  declare eager: boolean;
  /**
   * `loading`, `ready`, `fallback` (the `slot="fallback"` child is shown),
   * `collapsed` (failed or empty with no fallback: `display: none`) or, for
   * `<pubnet-offer-link>`, `error`. Reflected.
   */
  declare state: string;

  /** The items shown, by their `data-i`. */
  protected _items: Item[] = [];
  /** The products shown (a grid or a `filter` slot). */
  protected _products?: Shown[];
  /** Starts the waiting load now (an offer link the reader points at). */
  protected _start?: () => void;
  /** The current load's controller (`undefined` before the first load, `null` when stopped). */
  private _abort?: AbortController | null;
  private _debounce?: unknown;
  private _seen = new Set<Item>();
  private _stats?: StatsTarget | '';

  constructor() {
    super();
    this.state = 'loading';
    this.addEventListener('click', (e) => this._click(e));
  }

  /** Fetches what to show; resolves with the number of items shown. */
  protected abstract _fetch(context: LoadContext): Promise<number>;

  /** What is shown unless the fallback is. */
  protected abstract _content(): unknown;

  protected render() {
    return this.state == 'fallback' ? html`<slot name="fallback"></slot>` : this._content();
  }

  /** One product search (`?key=`): its usable products, at most `limit`, are shown. */
  protected async _search({ core, key, signal }: LoadContext, body: ProductSearch, limit: number) {
    const page = await core.request(productSearch, { query: { key }, body, signal });
    this._items = (this._products = usable(page?.results, limit)).map((product) => ({ product }));
    return this._items.length;
  }

  /** Where links open. */
  protected _target() {
    return this.target ?? '_blank';
  }

  /** The label, unless the page or the ad slot hid it with `""`. */
  protected _label(fromConfig?: string) {
    const text = this.disclosure ?? fromConfig ?? 'Ad';
    return text && html`<span part="disclosure" class="ad">${text}</span>`;
  }

  /** A click on a shown item's link (not cancelled): `pubnet-click` with its exact `href`. */
  protected _click(e: Event) {
    const a =
      !e.defaultPrevented &&
      e
        .composedPath()
        .find((n): n is HTMLAnchorElement => n instanceof HTMLAnchorElement && !!n.dataset.i);
    if (a)
      emit(this, 'pubnet-click', { href: a.getAttribute('href')!, ...this._items[+a.dataset.i!] });
  }

  /** The shown items' elements, for impressions. */
  protected _targets(): [Element, Item][] {
    return [...this.shadowRoot!.querySelectorAll<HTMLElement>('[data-i]')].map((el) => [
      el,
      this._items[+el.dataset.i!],
    ]);
  }

  override connectedCallback() {
    super.connectedCallback();
    if (this.hasUpdated) this._load();
  }

  disconnectedCallback() {
    this._stop();
    for (const [el] of this._targets()) unwatch(el);
  }

  protected override updated(changed: PropertyValues) {
    // The first load waits for the first update, so that attributes set just
    // after creating the element count; after it, anything but `state` reloads.
    if (this._abort === undefined) this._load();
    else if (changed.size > +changed.has('state')) {
      this._stop();
      this._debounce = env.timers.setTimeout(() => this._load(), 50);
    }
    if (this.state == 'ready')
      for (const [el, item] of this._targets()) if (item) watch(el, () => this._impress(item));
  }

  private _stop() {
    this._abort?.abort();
    this._abort = null;
    env.timers.clearTimeout(this._debounce);
  }

  private async _load() {
    this._stop();
    // Shown again (a collapsed element never nears the viewport), content kept.
    this.state = 'loading';
    const abort = (this._abort = new AbortController());
    const { signal } = abort;
    let deadline: unknown;
    try {
      await new Promise<void>((go, fail) => {
        this._start = go;
        if (this.eager) go();
        else nearViewport(this, signal).then(go, fail);
      });
      // One deadline for all the requests of this load, retries included.
      deadline = env.timers.setTimeout(
        () => abort.abort(new Error('pubnet-widgets: the API did not answer in time')),
        jsOption('deadline') ?? 8e3,
      );
      const api = resolveOption('api', this.api);
      const token = jsOption('token');
      if (!api) throw new Error('pubnet-widgets: no api');
      const context: LoadContext = {
        core: coreFor(api, token),
        key: resolveOption('key', this.key),
        sid: resolveOption('sid', this.sid),
        signal,
      };
      const count = await this._fetch(context);
      // Superseded or stopped meanwhile: `_stop()` aborted it, and this throws.
      signal.throwIfAborted();
      // `_fetch` may have found the key (an ad slot's own website).
      const { key } = context;
      this._stats = key && {
        api,
        key,
        token,
        adslot: (this as { adslot?: string }).adslot ?? null,
      };
      this.state = count ? 'ready' : this._failed();
      this.requestUpdate();
      // Listeners may read what is shown, so the items are rendered first.
      await this.updateComplete;
      if (signal.aborted) return;
      emit(this, 'pubnet-load', { count });
    } catch (error) {
      // Superseded by another load, or stopped: silently.
      if (this._abort != abort) return;
      this.state = this._failed();
      emit(this, 'pubnet-error', { error });
    } finally {
      env.timers.clearTimeout(deadline);
    }
  }

  /** The state after a failure or an empty answer. */
  protected _failed(): string {
    return this.querySelector(':scope > [slot=fallback]') ? 'fallback' : 'collapsed';
  }

  private _impress(item: Item) {
    if (this._seen.has(item)) return;
    this._seen.add(item);
    emit(this, 'pubnet-impression', item);
    const id = (item.product as { id?: unknown })?.id;
    if (this._stats && typeof id == 'string') countView(this._stats, id);
  }
}
