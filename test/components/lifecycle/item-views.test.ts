// ItemViews alone, on a bare LitElement whose items carry `data-i`: counted
// once each, the first time half visible, only while the host is `ready`;
// again watched after a move or a return; products go to the stats.
import { expect, fixtureSync, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { batching } from '../../../src/components/lifecycle/impressions.js';
import { ItemViews } from '../../../src/components/lifecycle/item-views.js';
import { env, resetWidgets } from '../../../src/page/env.js';
import type { PubnetItem } from '../../../src/page/events.js';
import { heldTimers, intersectionsDelivered } from '../support/elements.js';

class ViewsHost extends LitElement {
  static override properties = { state: {}, items: { attribute: false } };
  declare state: string;
  declare items: PubnetItem[];
  views = new ItemViews(this, () =>
    [...this.renderRoot.querySelectorAll<HTMLElement>('[data-i]')].map((element) => [
      element,
      this.items[+element.dataset.i!],
    ]),
  );
  constructor() {
    super();
    this.state = 'loading';
    this.items = [];
  }
  override render() {
    return this.items.map(
      (_, i) => html`<div data-i=${i} style="height: 100px; margin-bottom: 20px"></div>`,
    );
  }
}
customElements.define('x-views-host', ViewsHost);

const products = (...ids: string[]): PubnetItem[] => ids.map((id) => ({ product: { id } }));

/** The impressions `el` reports, by product id, as they come. */
function impressions(el: Element) {
  const seen: string[] = [];
  const waiting: [number, () => void][] = [];
  el.addEventListener('pubnet-impression', (event) => {
    seen.push(String((event as CustomEvent<PubnetItem>).detail.product?.id));
    for (const [count, resolve] of waiting) if (seen.length >= count) resolve();
  });
  /** Resolves once `count` impressions came (the event, no polling). */
  const reach = (count: number) =>
    new Promise<void>((resolve) =>
      seen.length >= count ? resolve() : waiting.push([count, resolve]),
    );
  return { seen, reach };
}

/** Every item of `el` has been looked at by the page's IntersectionObservers. */
const delivered = (el: ViewsHost) =>
  Promise.all([...el.renderRoot.querySelectorAll('[data-i]')].map(intersectionsDelivered));

describe('ItemViews', () => {
  beforeEach(() => resetWidgets());
  afterEach(() => {
    window.scrollTo(0, 0);
    resetWidgets();
  });

  const host = async (items: PubnetItem[], below = 0) => {
    const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
    wrap.style.paddingTop = `${below}px`;
    const el = document.createElement('x-views-host') as ViewsHost;
    el.items = items;
    const seen = impressions(el);
    wrap.append(el);
    await el.updateComplete;
    return { el, wrap, ...seen };
  };

  it('counts nothing until the host is ready, then each item once', async () => {
    const { el, seen, reach } = await host(products('a', 'b'));
    await delivered(el);
    expect(seen, 'loading: not watched').to.deep.equal([]);
    el.state = 'ready';
    await el.updateComplete;
    await reach(2);
    // Rendered again, the same items: no second count.
    el.items = products('b', 'a');
    await el.updateComplete;
    await delivered(el);
    expect(seen.sort()).to.deep.equal(['a', 'b']);
  });

  it('an item scrolled into view after a move is counted', async () => {
    const { el, seen, reach } = await host(products('far'), 5000);
    el.state = 'ready';
    await el.updateComplete;
    await delivered(el);
    expect(seen).to.deep.equal([]);
    const other = fixtureSync<HTMLElement>(html`<div></div>`);
    other.style.paddingTop = '5000px';
    other.append(el);
    window.scrollTo(0, el.getBoundingClientRect().top + scrollY - 100);
    await reach(1);
    expect(seen).to.deep.equal(['far']);
  });

  it('an item not seen before the host left is counted once it is back and in view', async () => {
    const { el, wrap, seen, reach } = await host(products('later'), 5000);
    el.state = 'ready';
    await el.updateComplete;
    await delivered(el);
    el.remove();
    wrap.style.paddingTop = '0px';
    wrap.append(el);
    await reach(1);
    expect(seen).to.deep.equal(['later']);
  });

  it('products go to the stats target, one id per product', async () => {
    const stats = heldTimers();
    batching.timers = stats.timers;
    const bodies: unknown[] = [];
    env.fetch = async (_url, init) => {
      bodies.push(JSON.parse(init!.body as string));
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    };
    const { el, reach } = await host(products('p1', 'p2'));
    el.views._stats = { api: 'https://proxy.example/', key: 'site', adslot: 'slot' };
    el.state = 'ready';
    await el.updateComplete;
    await reach(2);
    stats.fire();
    expect(bodies).to.deep.equal([
      { event: 'view', products: ['p1', 'p2'], adslot: 'slot', website: 'site' },
    ]);
  });
});
