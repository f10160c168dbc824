import { LitElement, html, type PropertyDeclarations, type PropertyValues } from 'lit';
import { ItemViews } from '../lifecycle/item-views.js';
import { LoadTask } from '../lifecycle/load-task.js';
import { TakeOver } from '../lifecycle/take-over.js';
import { ViewportGate } from '../lifecycle/viewport.js';
import { coreFor, type LoadContext } from '../../page/api.js';
import { attr, checkProperties } from './attributes.js';
import { emit, type PubnetItem } from '../../page/events.js';
import { langOf, LangController, wordsFor, type Words } from '../../page/lang.js';
import { jsOption, resolveOption } from '../../page/options.js';
import { httpUrl } from '../../page/safe-url.js';
import type { WidgetState } from '../../page/widget-state.js';

export type { LoadContext };

/** A value the widgets accept as a SubID: `A-Z a-z 0-9 _ -`, at most 32. */
const sidValue = (value: string) => (/^[\w-]{1,32}$/.test(value) ? value : undefined);

/**
 * What every widget shares, and only that: the common attributes, and
 * the wiring of the lifecycle's controllers (`components/lifecycle/`):
 *
 * - `LoadTask`: a load runs after the first update and again when what it
 *   depends on (`_loadInputs()`) changes, aborted when superseded or when the
 *   element leaves the page (not when it moves), under one deadline;
 * - `ViewportGate`: nothing loads until the element nears the viewport,
 *   unless `eager`;
 * - `ItemViews`: impressions count once per item;
 * - `TakeOver`: a server-rendered element shows what the server showed.
 *
 * Failing shows the fallback or collapses; clicks are reported.
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
  /** Load at once instead of when near the viewport. */
  declare eager: boolean;
  /**
   * `loading`, `ready`, `fallback` (the `slot="fallback"` child is shown),
   * `collapsed` (failed or empty with no fallback: `display: none`) or, for
   * `<pubnet-offer-link>`, `error`. Reflected.
   */
  declare state: 'loading' | 'ready' | 'fallback' | 'collapsed' | 'error';

  /** The items shown, by their `data-i`. */
  protected _items: PubnetItem[] = [];
  /** The gate the load waits at: `_open()` starts it now (an offer link the reader points at). */
  protected _viewport = new ViewportGate(this);
  /** The items counted, and where their stats go. */
  private _views = new ItemViews(this, () => this._targets());
  /**
   * The take-over of server-rendered HTML. A server renderer (`pubnet-widgets/render`)
   * asks `takeOver.count(answer)` what the element shows from an answer.
   */
  readonly takeOver: TakeOver = new TakeOver(this, (answer) => this._show(answer));

  constructor() {
    super();
    this.state = 'loading';
    new LangController(this);
    new LoadTask(this, {
      _args: () => this._loadInputs(),
      _gate: (signal) => {
        const given = this.takeOver._take();
        if (given !== undefined) return given;
        // Shown again (a collapsed element never nears the viewport), content kept.
        this.state = 'loading';
        return this._viewport._wait(signal);
      },
      _task: (signal, given) => this._load(signal, given),
      _error: (error) => {
        this.state = this._failed();
        emit(this, 'pubnet-error', { error });
      },
    });
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

  /** The ad slot the widget's impression stats are for (an ad slot says; none else). */
  protected _statsAdslot?(): string | null;

  protected override willUpdate(changed: PropertyValues<this>) {
    super.willUpdate(changed);
    // The first render (in the browser, and in Lit SSR) shows what the server showed.
    if (!this.hasUpdated && this.takeOver._read()) this.state = 'ready';
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

  /** The words of the element's language (src/page/lang.ts). */
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

  /** One load, once its gate opened: `given` is the answer a server rendered from, if any. */
  private async _load(signal: AbortSignal, given: unknown) {
    // The server showed the fallback, or collapsed: it stays so.
    if (given === null) return;
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
    // Superseded or stopped meanwhile: the task aborted it, and this throws.
    signal.throwIfAborted();
    // `_fetch` may have found the key (an ad slot's own website).
    const { key } = context;
    this._views._stats =
      api && key ? { api, key, token, adslot: this._statsAdslot?.() ?? null } : undefined;
    this.state = count ? 'ready' : this._failed();
    this.requestUpdate();
    // Listeners may read what is shown, so the items are rendered first.
    await this.updateComplete;
    signal.throwIfAborted();
    emit(this, 'pubnet-load', { count });
  }

  /** The state after a failure or an empty answer. */
  protected _failed(): WidgetState {
    return this.querySelector(':scope > [slot=fallback]') ? 'fallback' : 'collapsed';
  }
}
