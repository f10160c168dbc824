import { expect, fixture, fixtureSync, html, oneEvent } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../../src/components/define.js';
import type { PubnetOfferLink } from '../../../src/components/offer-link/offer-link.js';
import { env, resetWidgets } from '../../../src/page/env.js';
import { known } from '../../../src/emulator/known.js';
import type { TestEmulator } from '../../support/emulator.js';
import {
  emulator,
  heldTimers,
  holdAnswers,
  intersectionsDelivered,
  recordFetches,
  requests,
  shadow,
  trackingLink,
  trapErrors,
} from '../support/elements.js';

const key = known.website.guid;
const [offer] = known.offers;
const ORIGINAL = 'https://shop.example/sale';

/** A publisher's anchor to the merchant. */
function anchor(text: string) {
  const a = document.createElement('a');
  a.href = ORIGINAL;
  a.textContent = text;
  return a;
}

/** Records the clicks that would navigate (and stops them: this is a test page). */
function followed() {
  const hrefs: string[] = [];
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented) return;
    const a = e.composedPath().find((n) => n instanceof HTMLAnchorElement) as HTMLAnchorElement;
    if (a) hrefs.push(a.getAttribute('href')!);
    e.preventDefault();
  };
  addEventListener('click', onClick);
  return { hrefs, stop: () => removeEventListener('click', onClick) };
}

describe('<pubnet-offer-link>', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => {
    resetWidgets();
    return emu.stop();
  });

  /** An eager offer link enhancing the publisher's anchor to ORIGINAL. */
  const enhanced = () =>
    fixture<PubnetOfferLink>(html`
      <pubnet-offer-link eager api=${emu.url} key=${key} offer=${offer}>
        <a href=${ORIGINAL}>Winter sale</a>
      </pubnet-offer-link>
    `);

  it('enhances the anchor it wraps: tracking link, rel, target; accessible', async () => {
    const el = await fixture<PubnetOfferLink>(html`
      <pubnet-offer-link
        api=${emu.url}
        key=${key}
        offer=${offer}
        sid="news_1"
        deep-link=${ORIGINAL}
      >
        <a href=${ORIGINAL} rel="nofollow">Winter sale</a>
      </pubnet-offer-link>
    `);
    const loaded = oneEvent(el, 'pubnet-load');
    const a = el.querySelector('a')!;
    expect(a.getAttribute('href')).to.equal(ORIGINAL);
    await expect(el).to.be.accessible();
    await loaded;
    const put = await requests(emu, '/publisher/offers/');
    expect(put.map((r) => `${r.method} ${r.path}`)).to.deep.equal([
      `PUT /publisher/offers/${offer}/tracking_link/`,
    ]);
    const body = { website: key, sid: 'news_1', deep_link: ORIGINAL };
    expect(put[0].body).to.deep.equal(body);
    expect(a.getAttribute('href')).to.equal(await trackingLink(emu, offer, body));
    expect(a.relList.contains('sponsored')).to.equal(true);
    expect(a.relList.contains('noopener')).to.equal(true);
    expect(a.relList.contains('nofollow')).to.equal(true);
    expect(a.target).to.equal('_blank');
    // The publisher's anchor is still the real one, in the light DOM.
    expect(a.parentElement).to.equal(el);
    expect(shadow(el).querySelector('a')).to.equal(null);
    expect(shadow(el).querySelector('[part=disclosure]')!.textContent).to.equal('Ad');
    await expect(el).to.be.accessible();
  });

  it('with no anchor inside, makes its content a link once the tracking link is known', async () => {
    const el = await fixture<PubnetOfferLink>(html`
      <pubnet-offer-link eager api=${emu.url} key=${key} offer=${offer} target="_self"
        >Shop now</pubnet-offer-link
      >
    `);
    await oneEvent(el, 'pubnet-load');
    await el.updateComplete;
    const a = shadow(el).querySelector('a')!;
    expect(a.getAttribute('href')).to.equal(await trackingLink(emu, offer, { website: key }));
    expect(a.rel).to.equal('sponsored noopener');
    expect(a.target).to.equal('_self');
    expect(a.querySelector('slot')!.assignedNodes()[0].textContent).to.equal('Shop now');
    await expect(el).to.be.accessible();
  });

  it('asks once per offer + sid + deep link: 12 links over 3 offers make 3 requests', async () => {
    const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
    const els = Array.from({ length: 12 }, (_, i) => {
      const el = document.createElement('pubnet-offer-link');
      Object.assign(el, { api: emu.url, key, offer: known.offers[i % 3] });
      el.append(anchor(`offer ${i}`));
      return el;
    });
    const loaded = els.map((el) => oneEvent(el, 'pubnet-load'));
    wrap.append(...els);
    await Promise.all(loaded);
    const puts = await requests(emu, '/publisher/offers/', 'PUT');
    expect(puts.map((r) => r.path).sort()).to.deep.equal(
      known.offers.map((id) => `/publisher/offers/${id}/tracking_link/`).sort(),
    );
    expect(new Set(els.map((el) => el.querySelector('a')!.href)).size).to.equal(3);
  });

  for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin'])
    it(`asks on ${type} before it is near the viewport`, async () => {
      const fetches = recordFetches();
      try {
        const wrap = fixtureSync<HTMLElement>(html`<div></div>`);
        wrap.style.paddingTop = '5000px';
        const el = document.createElement('pubnet-offer-link');
        Object.assign(el, { api: emu.url, key, offer });
        el.append(anchor('offer'));
        wrap.append(el);
        await el.updateComplete;
        await intersectionsDelivered(el);
        expect(fetches.calls).to.have.length(0);
        const loaded = oneEvent(el, 'pubnet-load');
        el.querySelector('a')!.dispatchEvent(new Event(type, { bubbles: true, composed: true }));
        await loaded;
        expect(fetches.calls).to.have.length(1);
      } finally {
        fetches.restore();
      }
    });

  it('keeps the original href when the tracking link cannot be had, and does not collapse', async () => {
    await emu.setFaults([{ path: '/publisher/offers/*', kind: 'status', status: 404 }]);
    const errors = trapErrors();
    const el = await enhanced();
    const { detail } = await oneEvent(el, 'pubnet-error');
    expect((detail.error as Error).name).to.equal('NotFoundError');
    expect(el.querySelector('a')!.getAttribute('href')).to.equal(ORIGINAL);
    expect(el.getAttribute('state')).to.equal('error');
    expect(getComputedStyle(el).display).to.equal('inline');
    errors.stop();
    expect(errors.seen).to.deep.equal([]);
  });

  /** An offer link whose links open in an `<iframe name="landing">` beside it. */
  async function inFrame(original: string) {
    const wrap = fixtureSync<HTMLElement>(html`
      <div>
        <pubnet-offer-link eager api=${emu.url} key=${key} offer=${offer} target="landing">
          <a href=${original} target="landing">Winter sale</a>
        </pubnet-offer-link>
        <iframe name="landing" title="landing"></iframe>
      </div>
    `);
    // (An iframe without `src` has loaded its about:blank as it was inserted.)
    const frame = wrap.querySelector('iframe')!;
    const el = wrap.querySelector('pubnet-offer-link')!;
    const navigated = new Promise((loaded) =>
      frame.addEventListener('load', loaded, { once: true }),
    );
    return { el, frame, navigated };
  }

  /** A real click (with user activation) in the middle of `element`. */
  async function realClick(element: Element) {
    const box = element.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
    });
  }

  it('a real click while the link is coming is held, then navigates to the tracking link', async () => {
    // The hold's 1 s is the test's, and the answer comes once the click is seen held: with
    // 300 ms of latency and a real 1 s, a busy machine's answer came before the click (no
    // hold), or after the hold had ended (the original href followed).
    const hold = heldTimers([1e3]);
    env.timers = hold.timers;
    const answers = holdAnswers();
    const { el, navigated } = await inFrame(ORIGINAL);
    const clicked = oneEvent(el, 'pubnet-click');
    await realClick(el.querySelector('a')!);
    expect(hold.pending(1e3), 'held').to.have.length(1);
    answers.release();
    await navigated;
    expect(hold.pending(), 'the answer ended the hold').to.deep.equal([]);
    const tracking = await trackingLink(emu, offer, { website: key });
    expect((await clicked).detail).to.deep.equal({ href: tracking, offer });
    // The landing frame went through the emulator's click URL: the click is recorded.
    const clicks = (await emu.requests()).filter((r) => r.path.startsWith('/click/'));
    expect(clicks.map((r) => r.path)).to.deep.equal([new URL(tracking).pathname]);
  });

  it('the hold ends after 1 s at most: the original href is followed, and nothing waits on', async () => {
    await emu.setFaults([{ path: '/publisher/offers/*', kind: 'hang' }]);
    const hold = heldTimers([1e3]);
    env.timers = hold.timers;
    const original = `${emu.url}publisher/`;
    const { el, navigated } = await inFrame(original);
    const clicks: string[] = [];
    el.addEventListener('pubnet-click', (e) => clicks.push(e.detail.href));
    await realClick(el.querySelector('a')!);
    expect(hold.pending(1e3), 'one hold of 1 s').to.have.length(1);
    expect(clicks, 'followed before the hold ended').to.deep.equal([]);
    hold.fire(1e3);
    await navigated;
    expect(clicks).to.deep.equal([original]);
    // The wait is over: a late answer does not follow the link again.
    el.dispatchEvent(new CustomEvent('pubnet-load', { detail: { count: 1 } }));
    await el.updateComplete;
    await Promise.resolve();
    expect(clicks).to.deep.equal([original]);
  });

  for (const [name, init] of [
    ['Ctrl', { ctrlKey: true }],
    ['⌘', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['the middle button', { button: 1 }],
  ] as [string, MouseEventInit][])
    it(`a click with ${name} is the browser's at once, never held`, async () => {
      await emu.setFaults([{ path: '/publisher/offers/*', kind: 'hang' }]);
      const hold = heldTimers([1e3]);
      env.timers = hold.timers;
      const el = await enhanced();
      let prevented: boolean | undefined;
      // After the element's own listener: record, then keep this test page where it is.
      const onClick = (e: Event) => {
        prevented = e.defaultPrevented;
        e.preventDefault();
      };
      document.addEventListener('click', onClick);
      try {
        const clicked = oneEvent(el, 'pubnet-click');
        el.querySelector('a')!.dispatchEvent(
          new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, ...init }),
        );
        expect(prevented).to.equal(false);
        expect(hold.held).to.have.length(0);
        expect((await clicked).detail).to.deep.equal({ href: ORIGINAL, offer });
      } finally {
        document.removeEventListener('click', onClick);
      }
    });

  it('fires pubnet-click and pubnet-impression with the offer', async () => {
    const nav = followed();
    const el = await enhanced();
    const seen = oneEvent(el, 'pubnet-impression');
    await oneEvent(el, 'pubnet-load');
    expect((await seen).detail).to.deep.equal({ offer });
    const clicked = oneEvent(el, 'pubnet-click');
    el.querySelector('a')!.click();
    const { detail } = await clicked;
    nav.stop();
    expect(detail).to.deep.equal({ href: el.querySelector('a')!.getAttribute('href'), offer });
    expect(nav.hrefs).to.deep.equal([detail.href]);
  });
});
