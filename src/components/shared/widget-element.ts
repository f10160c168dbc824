import { html, LitElement, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { Core } from '../../client/core.js';
import { coreFor } from './api.js';
import { attr } from './attributes.js';
import { emit, type PubnetEventMap } from './events.js';
import { countView, unwatch, watch, type StatsTarget } from './impressions.js';
import { nearViewport } from './near-viewport.js';
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
 * Subclasses implement `load()` and `content()`.
 *
 * Attribute changes after the first load abort the request in flight at once
 * and load again 50 ms after the last change.
 */
export abstract class PubnetWidget extends LitElement {
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
  protected items: Item[] = [];
  /** Starts the waiting load now (an offer link the reader points at). */
  protected start?: () => void;
  private _run = 0;
  private _abort?: AbortController;
  private _debounce?: ReturnType<typeof setTimeout>;
  private _seen = new Set<Item>();
  private _stats?: StatsTarget | '';

  constructor() {
    super();
    this.state = 'loading';
    this.addEventListener('click', (e) => this.clicked(e));
  }

  /** Fetches what to show; resolves with the number of items shown. */
  protected abstract load(context: LoadContext): Promise<number>;

  /** What is shown unless the fallback is. */
  protected abstract content(): unknown;

  override render() {
    return this.state == 'fallback' ? html`<slot name="fallback"></slot>` : this.content();
  }

  /** The label, unless the page or the ad slot hid it with `""`. */
  protected label(fromConfig?: string) {
    const text = this.disclosure ?? fromConfig ?? 'Ad';
    return text && html`<span part="disclosure" class="ad">${text}</span>`;
  }

  /** A click on a shown item's link (not cancelled): `pubnet-click` with its exact `href`. */
  protected clicked(e: Event) {
    const a =
      !e.defaultPrevented &&
      e
        .composedPath()
        .find((n): n is HTMLAnchorElement => n instanceof HTMLAnchorElement && !!n.dataset.i);
    if (a)
      emit(this, 'pubnet-click', { href: a.getAttribute('href')!, ...this.items[+a.dataset.i!] });
  }

  /** The shown items' elements, for impressions. */
  protected targets(): [Element, Item][] {
    return [...this.renderRoot.querySelectorAll<HTMLElement>('[data-i]')].map((el) => [
      el,
      this.items[+el.dataset.i!],
    ]);
  }

  override connectedCallback() {
    super.connectedCallback();
    if (this.hasUpdated) this._load();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this._stop();
    for (const [el] of this.targets()) unwatch(el);
  }

  protected override updated(changed: PropertyValues) {
    // The first load waits for the first update, so that attributes set just
    // after creating the element count; after it, anything but `state` reloads.
    if (!this._abort) this._load();
    else if (changed.size > +changed.has('state')) {
      this._stop();
      this._debounce = setTimeout(() => this._load(), 50);
    }
    if (this.state == 'ready')
      for (const [el, item] of this.targets()) if (item) watch(el, () => this._impress(item));
  }

  private _stop() {
    this._run++;
    this._abort?.abort();
    clearTimeout(this._debounce);
  }

  private async _load() {
    this._stop();
    // Shown again (a collapsed element never nears the viewport), content kept.
    this.state = 'loading';
    const run = this._run;
    const abort = (this._abort = new AbortController());
    const { signal } = abort;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    try {
      await new Promise<void>((go, fail) => {
        this.start = go;
        if (this.eager) go();
        else nearViewport(this, signal).then(go, fail);
      });
      // One deadline for all the requests of this load, retries included.
      deadline = setTimeout(
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
      const count = await this.load(context);
      signal.throwIfAborted();
      if (run != this._run) return;
      // `load` may have found the key (an ad slot's own website).
      const { key } = context;
      this._stats = key && { api, key, token, adslot: this.slotId() };
      this.state = count ? 'ready' : this.failed();
      this.requestUpdate();
      emit(this, 'pubnet-load', { count });
    } catch (error) {
      if (run != this._run) return;
      this.state = this.failed();
      emit(this, 'pubnet-error', { error });
    } finally {
      clearTimeout(deadline);
    }
  }

  /** The state after a failure or an empty answer. */
  protected failed(): string {
    return this.querySelector(':scope > [slot=fallback]') ? 'fallback' : 'collapsed';
  }

  private _impress(item: Item) {
    if (this._seen.has(item)) return;
    this._seen.add(item);
    emit(this, 'pubnet-impression', item);
    const id = (item.product as { id?: unknown })?.id;
    if (this._stats && typeof id == 'string') countView(this._stats, id);
  }

  /** The ad slot the stats count for. */
  protected slotId(): string | null {
    return null;
  }
}
