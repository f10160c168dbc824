// ViewportGate alone, on a bare LitElement: shut until the host nears the
// viewport (300 px), open at once when eager or when eager is set while it
// waits, open on demand, and rejecting when its signal aborts.
import { expect, fixtureSync, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { ViewportGate } from '../../../src/components/lifecycle/viewport.js';
import { intersectionsDelivered } from '../support/elements.js';
import { isSettled } from './support/settled.js';

class GateHost extends LitElement {
  static override properties = { eager: { type: Boolean } };
  declare eager: boolean;
  gate = new ViewportGate(this);
  constructor() {
    super();
    this.eager = false;
  }
}
customElements.define('x-gate-host', GateHost);

describe('ViewportGate', () => {
  afterEach(() => window.scrollTo(0, 0));

  /** A host `below` px down the page. */
  const host = async (below: number) => {
    const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
    wrap.style.paddingTop = `${below}px`;
    const el = document.createElement('x-gate-host') as GateHost;
    el.style.display = 'block';
    el.style.height = '10px';
    wrap.append(el);
    await el.updateComplete;
    return el;
  };

  it('stays shut far below the fold, and opens within 300 px of the viewport', async () => {
    const el = await host(5000);
    const opened = el.gate._wait(new AbortController().signal);
    await intersectionsDelivered(el);
    expect(await isSettled(opened), 'shut').to.equal(false);
    // 200 px below the viewport: within the margin, not yet visible.
    window.scrollTo(0, 5000 - innerHeight - 200);
    await intersectionsDelivered(el);
    await opened;
  });

  it('opens at once, before the first frame, when the host is in view already', async () => {
    const el = await host(0);
    let framed = false;
    requestAnimationFrame(() => (framed = true));
    // Whether a frame had come when it opened: read then, not once the check below has waited
    // a task (a busy browser may paint a frame before that task).
    let framedWhenOpen: boolean | undefined;
    const opened = el.gate._wait(new AbortController().signal).then(() => {
      framedWhenOpen = framed;
    });
    expect(await isSettled(opened), 'open').to.equal(true);
    expect(framedWhenOpen, 'before the first frame').to.equal(false);
  });

  it('a host not rendered (display: none) waits', async () => {
    const el = await host(0);
    el.style.display = 'none';
    const opened = el.gate._wait(new AbortController().signal);
    await intersectionsDelivered(el);
    expect(await isSettled(opened)).to.equal(false);
  });

  it('opens at once when the host is eager', async () => {
    const el = await host(5000);
    el.eager = true;
    await el.updateComplete;
    await el.gate._wait(new AbortController().signal);
  });

  it('opens when eager is set while a load waits', async () => {
    const el = await host(5000);
    const opened = el.gate._wait(new AbortController().signal);
    await intersectionsDelivered(el);
    expect(await isSettled(opened)).to.equal(false);
    el.eager = true;
    await el.updateComplete;
    await opened;
  });

  it('opens on demand (an offer link the reader points at)', async () => {
    const el = await host(5000);
    const opened = el.gate._wait(new AbortController().signal);
    el.gate._open();
    await opened;
  });

  it('rejects with the reason when the signal aborts first', async () => {
    const el = await host(5000);
    const controller = new AbortController();
    const opened = el.gate._wait(controller.signal);
    const reason = new Error('left the page');
    controller.abort(reason);
    let error: unknown;
    await opened.catch((e) => (error = e));
    expect(error).to.equal(reason);
  });
});
