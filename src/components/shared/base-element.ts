/**
 * The widgets' base class: a small reactive custom element in place of
 * `LitElement`. Lit's `ReactiveElement` and `LitElement` cost about 2.5 KB
 * min+gzip of the CDN file's 11 KB budget (embed-contract "Loading"), for far
 * more than the widgets use; the templates stay Lit's (`lit-html`: `html`,
 * `render`, `nothing`, imported from `lit/html.js`, never from `lit`), and
 * this class keeps, in Lit's shape, the part of Lit's element API the widgets
 * use:
 *
 * - `static properties` declared as for Lit (`type: Boolean | String`,
 *   `attribute` — default the property name in lower case —, `converter` from
 *   the attribute value, `reflect` for strings), so the docs and
 *   `custom-elements.json` read them as before; the attributes are observed
 *   and converted;
 * - setting a property to a new value schedules one update (all changes of a
 *   microtask together; the first one once the element is connected), and
 *   `updateComplete` resolves once it is done; `requestUpdate()` asks for one;
 * - an update reflects the changed `reflect` properties to their attributes,
 *   renders `render()` with lit-html into the open shadow root, sets
 *   `hasUpdated` and calls `updated(changed)` (property → previous value);
 * - `static styles`: CSS strings (see {@link css}) adopted as one constructable
 *   stylesheet per class: no `<style>` element, nothing a strict CSP refuses.
 *
 * Not supported, because no widget needs it: `hasChanged`, `noAccessor`,
 * `attribute: false`, `toAttribute`, `willUpdate`, `firstUpdated`,
 * `shouldUpdate`, `createRenderRoot`, controllers, `static get properties()`.
 *
 * (`@internal`: the elements' manifest lists their own API, as with `LitElement`.)
 */
import { render } from 'lit/html.js';

/** How a property is declared in `static properties` (a subset of Lit's). */
export interface PropertyDeclaration {
  /**
   * How the attribute value is read when there is no `converter`: `Boolean`
   * (present or not) or `String` (the default). For a number, give a `converter`.
   */
  type?: typeof Boolean | typeof String;
  /** The attribute's name; default: the property's name in lower case. */
  attribute?: string;
  /** Attribute value (`null`: removed) → property value. */
  converter?: (value: string | null) => unknown;
  /** Write the property (a string) to its attribute on each update (`null`: removed). */
  reflect?: boolean;
}

export type PropertyDeclarations = Record<string, PropertyDeclaration>;

/** The properties an update is for, each with its previous value. */
export type PropertyValues = Map<string, unknown>;

/** CSS for `static styles`: a plain string (the tag is there for editors and the build). */
export const css: (strings: TemplateStringsArray, ...values: (string | number)[]) => string =
  String.raw;

type Values = Record<string, unknown>;

/** The `properties` of class `c` and of its superclasses (a subclass's declaration wins). */
const merge = (c: typeof BaseElement): PropertyDeclarations =>
  c.properties ? { ...merge(Object.getPrototypeOf(c)), ...c.properties } : {};

/** (A function, not in the constructor: the manifest analyzer would take it for a field.) */
const adopt = (root: ShadowRoot, sheet: CSSStyleSheet) => (root.adoptedStyleSheets = [sheet]);

/** @internal The widgets' reactive base (see the module comment). */
export abstract class BaseElement extends HTMLElement {
  /** The reactive properties (merged with the superclasses' ones). */
  static properties?: PropertyDeclarations;
  /** The CSS of the shadow root. */
  declare static styles: string[];

  /** Set by `observedAttributes`, per class: every declaration, by property. */
  private static _props: PropertyDeclarations;
  /** Property by attribute. */
  private static _attrs: Record<string, string>;
  private static _sheet: CSSStyleSheet;

  /**
   * Read once per class by `customElements.define`: finalizes the class
   * (accessors, attribute names, stylesheet) and lists its attributes.
   */
  static get observedAttributes(): string[] {
    const props = (this._props = merge(this));
    const attrs: Record<string, string> = (this._attrs = {});
    for (const name in props) {
      attrs[(props[name].attribute ??= name.toLowerCase())] = name;
      Object.defineProperty(this.prototype, name, {
        get(this: BaseElement) {
          return this._values[name];
        },
        set(this: BaseElement, value: unknown) {
          const old = this._values[name];
          if (Object.is(old, value)) return;
          if (!this._changed.has(name)) this._changed.set(name, old);
          this._values[name] = value;
          this.requestUpdate();
        },
        configurable: true,
      });
    }
    (this._sheet = new CSSStyleSheet()).replaceSync(this.styles.join(''));
    return Object.keys(attrs);
  }

  /** @internal Whether the element has rendered (set by the first update). */
  declare hasUpdated?: boolean;
  private _values: Values = {};
  private _changed: PropertyValues = new Map();
  /** The update scheduled and not done yet. */
  private _pending?: Promise<boolean>;
  private _done!: Promise<boolean>;

  constructor() {
    super();
    const c = this.constructor as typeof BaseElement;
    adopt(this.attachShadow({ mode: 'open' }), c._sheet);
    // A value set on the element before it was upgraded hides the accessor: set it through it.
    for (const name in c._props)
      if (Object.hasOwn(this, name)) {
        const value = (this as unknown as Values)[name];
        delete (this as unknown as Values)[name];
        (this as unknown as Values)[name] = value;
      }
    this.requestUpdate();
  }

  /**
   * @internal Resolves (with whether no other update is pending) once the
   * pending update is done.
   */
  get updateComplete(): Promise<boolean> {
    return this._done;
  }

  /** Schedules an update (at most one pending at a time). */
  requestUpdate(): void {
    this._done = this._pending ??= Promise.resolve().then(() => this._update());
  }

  private _update(): boolean {
    this._pending = undefined;
    // Nothing before the element is first connected (`connectedCallback` asks again).
    if (!this.hasUpdated && !this.isConnected) return false;
    const changed = this._changed;
    const props = (this.constructor as typeof BaseElement)._props;
    this._changed = new Map();
    for (const [name] of changed) {
      const { reflect, attribute } = props[name];
      const value = this._values[name] as string;
      if (!reflect) continue;
      if (value == null) this.removeAttribute(attribute!);
      else this.setAttribute(attribute!, value);
    }
    render(this.render(), this.shadowRoot!);
    this.hasUpdated = true;
    this.updated(changed);
    return !this._pending;
  }

  connectedCallback(): void {
    if (!this.hasUpdated) this.requestUpdate();
  }

  attributeChangedCallback(attr: string, _old: string | null, value: string | null): void {
    const c = this.constructor as typeof BaseElement;
    const name = c._attrs[attr];
    const { converter, type } = c._props[name];
    (this as unknown as Values)[name] = converter
      ? converter(value)
      : type == Boolean
        ? value != null
        : value;
  }

  /** What the shadow root shows: anything lit-html renders. */
  protected abstract render(): unknown;

  /** After each update, with the properties it was for. */
  protected updated(_changed: PropertyValues): void {}
}
