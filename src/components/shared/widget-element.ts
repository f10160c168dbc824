import { LitElement, html, type PropertyDeclarations, type PropertyValues } from 'lit';
import { coreFor, type LoadContext } from './api.js';
import { attr, checkProperties } from './attributes.js';
import { env } from './env.js';
import { emit, type PubnetItem } from './events.js';
import { unwatch } from './impressions.js';
import { ItemViews } from './item-views.js';
import { langOf, LangController, wordsFor, type Words } from './lang.js';
import { nearViewport } from './near-viewport.js';
import { jsOption, resolveOption } from './options.js';
import { httpUrl } from './safe-url.js';
import type { WidgetState } from './widget-state.js';

export type { LoadContext };

/**
 * Where a widget is: `loading`, `ready`, `fallback` (the `slot="fallback"`
 * child is shown), `collapsed` (failed or empty with no fallback: `display:
 * none`) or, for `<pubnet-offer-link>`, `error`.
 */

/** A value the widgets accept as a SubID: `A-Z a-z 0-9 _ -`, at most 32. */
const sidValue = (value: string) => (/^[\w-]{1,32}$/.test(value) ? value : undefined);

/**
 * What the three widgets share, and only that: the common attributes, and the
 * load lifecycle. Nothing happens until the element is near the viewport;
 * one overall deadline covers a load; a load is aborted when the element
 * leaves the page or its inputs change; failing shows the fallback or
 * collapses; impressions count once per item; clicks are reported.
 *
 * - The first load starts after the first update, so that attributes set just
 *   after creating the element count.
 * - A change of what a load depends on (`_loadInputs()`) aborts the load in
 *   flight at once and loads again 50 ms after the last change. Other
 *   properties (a subclass's own, `target`, `layout`…) only render again.
 * - Moving the element (disconnect and connect in the same task, as a list
 *   reorder or a framework does) changes nothing: the work goes on, and
 *   nothing is loaded or counted again. Leaving the page for longer aborts
 *   the load in flight; coming back loads only if that load had not finished.
 *
 * Subclasses implement `_fetch()` and `_content()`, and add their own inputs
 * to `_loadInputs()`.
 */
export abstract class PubnetWidget extends LitElement {
  static override properties: PropertyDeclarations = {
    api: attr('api', httpUrl),
    websiteKey: { attribute: 'website-key' },
    key: {},
    sid: attr('sid', sidValue),
    target: {},
    disclosure: {},
    cta: {},
    eager: { type: Boolean },
    // Observed so that a change renders again (the language is looked up when rendering).
    _lang: { attribute: 'lang' },
    state: { reflect: true },
  };
  static {
    // Set as an attribute or from JavaScript (as frameworks do), one check.
    checkProperties(this);
  }

  /** Base URL of the publisher's proxy (or, private tools only, of the API). */
  declare api?: string;
  /** The website guid (public website key). */
  declare websiteKey?: string;
  /** `websiteKey` by its older name (frameworks reserve `key`: React, Preact, Vue). */
  declare key?: string;
  /** SubID (`A-Z a-z 0-9 _ -`, at most 32). */
  declare sid?: string;
  /** Where links open; default `_blank`. */
  declare target?: string;
  /**
   * The disclosure label; `""` hides it. First this, then the ad slot's config, then
   * `Pubnet.configure({ messages })`, then the table of the element's `lang` (`Ad`, `Reklama`).
   */
  declare disclosure?: string;
  /**
   * The call to action. First this, then the ad slot's config, then
   * `Pubnet.configure({ messages })`, then the table of the element's `lang` (`Shop now`, `Do sklepu`).
   */
  declare cta?: string;
  /** Load at once instead of when near the viewport. */
  declare eager: boolean;
  /**
   * `loading`, `ready`, `fallback` (the `slot="fallback"` child is shown),
   * `collapsed` (failed or empty with no fallback: `display: none`) or, for
   * `<pubnet-offer-link>`, `error`. Reflected.
   */
  declare state: 'loading' | 'ready' | 'fallback' | 'collapsed' | 'error';

  /**
   * The answer the element was rendered from on a server (its `data-answer`
   * attribute, api-contract §11), until the first load takes it; `null` when
   * the server could not load it and showed the fallback or collapsed.
   */
  private _given?: unknown;
  /** The items shown, by their `data-i`. */
  protected _items: PubnetItem[] = [];
  /** Starts the waiting load now (e.g. an offer link the reader points at). */
  protected _startNow?: () => void;
  /** The load running, if any. */
  private _loading?: AbortController;
  /** `_loadInputs()` of the last load started (JSON); `undefined` before the first. */
  private _inputs?: string;
  /** Whether the last load started has finished (shown, failed or empty). */
  private _finished = false;
  private _reloadTimer?: unknown;
  /** Set while disconnected, until the end of the task: was it a move? */
  private _leaveTimer?: unknown;
  /** The items counted, and where their stats go. */
  private _views = new ItemViews(this);

  constructor() {
    super();
    this.state = 'loading';
    new LangController(this);
    this.addEventListener('click', (event) => this._click(event));
  }

  /**
   * Fetches what to show, starting from `given` (the answer a server rendered
   * the element from) when there is one; resolves with the number of items
   * shown.
   */
  protected abstract _fetch(context: LoadContext, given?: unknown): Promise<number>;

  /**
   * Shows what `answer` (the element's first answer: a slot, a search page)
   * holds, at once: the number of items shown, or `undefined` when more must
   * load first. `context.key` gets the website the answer names, if any.
   */
  protected _show(_answer: unknown, _context?: Partial<LoadContext>): number | undefined {
    return undefined;
  }

  /** What is shown unless the fallback is. */
  protected abstract _content(): unknown;

  /** What a load depends on: when one of these changes, the widget loads again. */
  protected _loadInputs(): unknown[] {
    return [this.api, this._key(), this.sid];
  }

  /** The ad slot the widget's impression stats are for (none but for ad slots). */
  protected _statsAdslot(): string | null {
    return null;
  }

  /**
   * A server-rendered element (declarative shadow DOM) is taken over: what the
   * server rendered stays until the first render, which replaces it, from the
   * same answer (see `willUpdate`), so nothing moves and nothing is fetched.
   * (Lit's own hydration would keep the nodes, for 2 KB more.)
   */
  protected override update(changed: PropertyValues<this>) {
    if (!this.hasUpdated) {
      this.shadowRoot?.replaceChildren();
      // Lit would render before the server's first node, which is gone.
      this.renderOptions.renderBefore = null;
    }
    super.update(changed);
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    super.willUpdate(changed);
    const answer = !this.hasUpdated && this.getAttribute('data-answer');
    if (answer)
      try {
        // The first render (in the browser, and in Lit SSR) shows what the
        // server showed.
        if ((this._given = JSON.parse(answer)) && this._show(this._given)) this.state = 'ready';
      } catch {
        // Not JSON: loaded as if there were none.
      }
  }

  protected override render() {
    return this.state == 'fallback' ? html`<slot name="fallback"></slot>` : this._content();
  }

  /** The website key the element names (`website-key`, else `key`). */
  private _key() {
    return this.websiteKey ?? this.key;
  }

  /** Where links open. */
  protected _target() {
    return this.target ?? '_blank';
  }

  /** The words of the element's language (src/components/shared/lang.ts). */
  protected _words(): Words {
    return wordsFor(langOf(this));
  }

  /** The label, unless the page or the ad slot hid it with `""`. */
  protected _label(fromConfig?: string) {
    const text = this.disclosure ?? fromConfig ?? this._words().disclosure;
    return text && html`<span part="disclosure" class="disclosure">${text}</span>`;
  }

  /** A click on a shown item's link (not cancelled): `pubnet-click` with its exact `href`. */
  protected _click(event: Event) {
    const link =
      !event.defaultPrevented &&
      event
        .composedPath()
        .find(
          (node): node is HTMLAnchorElement =>
            node instanceof HTMLAnchorElement && !!node.dataset.i,
        );
    const item = link && this._items[+link.dataset.i!];
    if (item) emit(this, 'pubnet-click', { href: link.getAttribute('href')!, ...item });
  }

  /** The shown items' elements, for impressions. */
  protected _targets(): [Element, PubnetItem][] {
    return [...this.renderRoot.querySelectorAll<HTMLElement>('[data-i]')].map((element) => [
      element,
      this._items[+element.dataset.i!],
    ]);
  }

  override connectedCallback() {
    super.connectedCallback();
    if (this._leaveTimer !== undefined) {
      // Moved: disconnected and connected again within one task. Carry on.
      env.timers.clearTimeout(this._leaveTimer);
      this._leaveTimer = undefined;
    } else if (this.hasUpdated) {
      // Back after leaving: load again only what was stopped before it finished.
      if (!this._finished) this._load();
      else if (this.state == 'ready') this._views._watch(this._targets());
    }
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    env.timers.clearTimeout(this._leaveTimer);
    this._leaveTimer = env.timers.setTimeout(() => {
      this._leaveTimer = undefined;
      if (!this.isConnected) this._leave();
    }, 0);
  }

  protected override updated(changed: PropertyValues<this>) {
    super.updated(changed);
    if (changed.has('eager') && this.eager) this._startNow?.();
    const inputs = JSON.stringify(this._loadInputs());
    if (inputs != this._inputs && this.isConnected) {
      if (this._inputs === undefined) this._load();
      else {
        // Every change aborts at once; the last one loads.
        this._halt();
        this._finished = false;
        this._reloadTimer = env.timers.setTimeout(() => this.isConnected && this._load(), 50);
      }
    }
    if (this.state == 'ready') this._views._watch(this._targets());
  }

  /** Stops the load in flight and the reload waiting, if any. */
  private _halt() {
    this._loading?.abort();
    this._loading = undefined;
    env.timers.clearTimeout(this._reloadTimer);
  }

  /** The element left the page (not just moved): its work stops. */
  protected _leave() {
    this._halt();
    for (const [element] of this._targets()) unwatch(element);
  }

  private async _load() {
    this._halt();
    this._inputs = JSON.stringify(this._loadInputs());
    const given = this._given;
    this._given = undefined;
    // The server showed the fallback, or collapsed: it stays so.
    if ((this._finished = given === null)) return;
    // Shown again (a collapsed element never nears the viewport), content kept.
    if (given === undefined) this.state = 'loading';
    const controller = (this._loading = new AbortController());
    const { signal } = controller;
    let deadline: unknown;
    try {
      // A server-rendered element has what it shows: no wait (but the end
      // of the update that started the load).
      await new Promise<void>((start, fail) => {
        this._startNow = start;
        if (this.eager || given !== undefined) start();
        else nearViewport(this, signal).then(start, fail);
      });
      // One deadline for all the requests of this load, retries included.
      deadline = env.timers.setTimeout(
        () => controller.abort(new Error('pubnet-widgets: the API did not answer in time')),
        jsOption('deadline') ?? 8e3,
      );
      const api = resolveOption('api', this.api);
      const token = jsOption('token');
      const context: LoadContext = {
        // Needed only for a request: a server-rendered element may have none.
        get core() {
          if (!api) throw new Error('pubnet-widgets: no api');
          return coreFor(api, token);
        },
        key: resolveOption('key', this._key()),
        sid: resolveOption('sid', this.sid),
        signal,
      };
      const count = await this._fetch(context, given);
      // Superseded or stopped meanwhile: `_halt()` aborted it, and this throws.
      signal.throwIfAborted();
      // `_fetch` may have found the key (an ad slot's own website).
      const { key } = context;
      this._views._stats =
        api && key ? { api, key, token, adslot: this._statsAdslot() } : undefined;
      this.state = count ? 'ready' : this._failed();
      this.requestUpdate();
      // Listeners may read what is shown, so the items are rendered first.
      await this.updateComplete;
      signal.throwIfAborted();
      this._finished = true;
      emit(this, 'pubnet-load', { count });
    } catch (error) {
      // Superseded by another load, or stopped: silently.
      if (this._loading != controller) return;
      this._finished = true;
      this.state = this._failed();
      emit(this, 'pubnet-error', { error });
    } finally {
      env.timers.clearTimeout(deadline);
      if (this._loading == controller) this._loading = undefined;
    }
  }

  /** The state after a failure or an empty answer. */
  protected _failed(): WidgetState {
    return this.querySelector(':scope > [slot=fallback]') ? 'fallback' : 'collapsed';
  }
}
