/**
 * The take-over of a server-rendered element (declarative shadow DOM,
 * api-contract §11): its first render shows what the server showed, from the
 * same answer (`data-answer`), so nothing moves and nothing is fetched.
 *
 * The first render replaces the server's nodes (Lit's own hydration would
 * keep them, for 2 KB more). A link the reader focused before the bundle
 * arrived is focused again in the new nodes, at the same place; the answer,
 * once read, leaves the element's attributes.
 */
import type { LitElement, ReactiveController } from 'lit';

/**
 * The elements under `root` that a render writes: not style sheets (adopted,
 * not written), nor slots (the server's shadow root has one of its own, for
 * its stylesheet link: src/render/styles.ts; the elements' own are all alike).
 */
const rendered = (root: ShadowRoot) => [...root.querySelectorAll(':not(style,link,slot)')];

export class TakeOver implements ReactiveController {
  /**
   * The answer the element was rendered from, until the first load takes it;
   * `null` when the server could not load it and showed the fallback or
   * collapsed.
   */
  private _given?: unknown;
  /** Where the focus was among the server's nodes (in document order), else -1. */
  private _focus = -1;

  /**
   * `count(answer)` shows what `answer` holds and gives the number of items
   * shown, or `undefined` when more must load first.
   */
  constructor(
    private _host: LitElement,
    readonly count: (answer: unknown) => number | undefined,
  ) {
    _host.addController(this);
  }

  /**
   * Reads `data-answer` before the first render (from `willUpdate`, which
   * Lit SSR calls too): whether it shows what the element is to show.
   */
  _read(): boolean {
    const answer = this._host.getAttribute('data-answer');
    try {
      return !!answer && !!(this._given = JSON.parse(answer)) && !!this.count(this._given);
    } catch {
      // Not JSON: loaded as if there were none.
      return false;
    }
  }

  /** The answer the server rendered from, once (for the first load). */
  _take(): unknown {
    const given = this._given;
    this._given = undefined;
    return given;
  }

  hostUpdate(): void {
    const root = this._host.shadowRoot;
    if (this._host.hasUpdated || !root) return;
    this._focus = rendered(root).indexOf(root.activeElement!);
    root.replaceChildren();
    // Lit would render before the server's first node, which is gone.
    this._host.renderOptions.renderBefore = null;
  }

  hostUpdated(): void {
    // The same answer renders the same elements: the one at the same place takes the focus.
    if (this._focus >= 0)
      (rendered(this._host.shadowRoot!)[this._focus] as HTMLElement).focus({ preventScroll: true });
    this._focus = -1;
    this._host.removeAttribute('data-answer');
  }
}
