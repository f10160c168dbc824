// The elements are real LitElements: a Lit user extends each of them the way
// Lit documents it, and every part of that works.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { css, LitElement, type PropertyValues, type ReactiveController } from 'lit';
import { property } from 'lit/decorators.js';
import { PubnetAdslot } from '../../src/components/adslot/adslot.js';
import { PubnetOfferLink } from '../../src/components/offer-link/offer-link.js';
import { PubnetProductGrid } from '../../src/components/product-grid/product-grid.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { emulator, shadow } from './support/elements.js';

const key = known.website.guid;

/** A controller that records the host's lifecycle as Lit calls it. */
class LifecycleRecorder implements ReactiveController {
  calls: string[] = [];
  constructor(host: LitElement) {
    host.addController(this);
  }
  hostConnected() {
    this.calls.push('connected');
  }
  hostUpdate() {
    this.calls.push('update');
  }
  hostUpdated() {
    this.calls.push('updated');
  }
  hostDisconnected() {
    this.calls.push('disconnected');
  }
}

/**
 * Extends `Base` as a Lit user would: a decorated reactive property, a
 * `static properties` one, `willUpdate`, a controller, and styles added to
 * the element's own.
 */
function extend(Base: typeof PubnetProductGrid | typeof PubnetAdslot | typeof PubnetOfferLink) {
  // Only what the three share is used, so any of them stands for the others.
  class Extended extends (Base as typeof PubnetProductGrid) {
    static override styles = [
      Base.styles,
      css`
        :host {
          outline: 3px solid rgb(255, 0, 0);
        }
      `,
    ];
    static override properties = { tone: {} };
    declare tone?: string;
    @property({ attribute: 'badge-text' }) badgeText = 'new';
    recorder = new LifecycleRecorder(this);
    willUpdateCalls: string[][] = [];
    firstUpdatedCalls = 0;

    protected override willUpdate(changed: PropertyValues<this>) {
      super.willUpdate(changed);
      this.willUpdateCalls.push([...changed.keys()].map(String));
    }

    protected override firstUpdated() {
      this.firstUpdatedCalls++;
    }

    protected override render() {
      return html`${super.render()}<b class="badge" @click=${this.onBadge}
          >${this.badgeText} ${this.tone}</b
        >`;
    }

    /** Bound by Lit to the element (`host`), as in any LitElement. */
    onBadge() {
      this.badgeText = 'clicked by ' + this.localName;
    }
  }
  return Extended;
}

const cases = [
  ['pubnet-product-grid', PubnetProductGrid, 'x-grid'],
  ['pubnet-adslot', PubnetAdslot, 'x-adslot'],
  ['pubnet-offer-link', PubnetOfferLink, 'x-offer-link'],
] as const;

describe('extending the elements as a Lit user would', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  for (const [name, Base, tag] of cases)
    it(`${name}: reactive properties, willUpdate, firstUpdated, controllers, styles, host-bound listeners`, async () => {
      expect(Base.prototype).to.be.instanceOf(LitElement);
      if (!customElements.get(tag)) customElements.define(tag, extend(Base));
      const el = document.createElement(tag) as InstanceType<ReturnType<typeof extend>>;
      Object.assign(el, {
        api: emu.url,
        key,
        eager: true,
        adslot: known.filterAdslot,
        offer: known.offers[0],
      });
      el.setAttribute('badge-text', 'hot');
      el.tone = 'red';
      const loaded = oneEvent(el, 'pubnet-load');
      (await fixture(html`<div></div>`)).append(el);
      await loaded;
      await el.updateComplete;

      const badge = shadow(el).querySelector<HTMLElement>('.badge')!;
      expect(badge.textContent).to.equal('hot red');
      expect(el.willUpdateCalls[0]).to.include.members(['badgeText', 'tone', 'state']);
      expect(el.firstUpdatedCalls).to.equal(1);
      expect(el.recorder.calls.slice(0, 3)).to.deep.equal(['connected', 'update', 'updated']);
      // The subclass's styles come on top of the element's own.
      expect(getComputedStyle(el).outlineColor).to.equal('rgb(255, 0, 0)');
      expect(getComputedStyle(el).display).to.equal(
        name == 'pubnet-offer-link' ? 'inline' : 'block',
      );
      expect(el.state).to.equal('ready');

      badge.click();
      await el.updateComplete;
      expect(badge.textContent).to.equal(`clicked by ${tag} red`);
      // A property of the subclass only renders again: no reload, no second load.
      let loads = 0;
      el.addEventListener('pubnet-load', () => loads++);
      el.tone = 'blue';
      await el.updateComplete;
      expect(badge.textContent).to.contain('blue');
      expect(el.state).to.equal('ready');
      expect(loads).to.equal(0);

      el.remove();
      expect(el.recorder.calls.at(-1)).to.equal('disconnected');
    });
});
