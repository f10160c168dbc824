import {
  aTimeout,
  expect,
  fixture,
  fixtureSync,
  html,
  oneEvent,
  waitUntil,
} from '@open-wc/testing';
import '../../src/components/offer-link/define.js';
import type { PubnetOfferLink } from '../../src/components/offer-link/offer-link.js';
import { env } from '../../src/components/shared/env.js';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { emulator, requests, shadow, trapErrors } from './helpers.js';

const key = known.website.guid;
const [offer] = known.offers;
const ORIGINAL = 'https://shop.example/sale';

/** What the API answers for this tracking-link body (asked directly). */
async function trackingLink(emu: TestEmulator, id: string, body: object) {
  const res = await fetch(`${emu.url}publisher/offers/${id}/tracking_link/`, {
    method: 'PUT',
    headers: { Authorization: `Token ${emu.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()).tracking_link as string;
}

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
  afterEach(() => emu.stop());

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

  it('asks on pointerover or focusin before it is near the viewport', async () => {
    const wrap = fixtureSync<HTMLElement>(html`<div style="padding-top: 5000px"></div>`);
    wrap.style.paddingTop = '5000px';
    const make = () => {
      const el = document.createElement('pubnet-offer-link');
      Object.assign(el, { api: emu.url, key, offer });
      el.append(anchor('offer'));
      wrap.append(el);
      return el;
    };
    const hover = make();
    const focus = make();
    await aTimeout(100);
    expect(await requests(emu)).to.have.length(0);
    const loaded = oneEvent(hover, 'pubnet-load');
    hover.querySelector('a')!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    await loaded;
    const focused = oneEvent(focus, 'pubnet-load');
    focus.querySelector('a')!.focus();
    await focused;
    expect(await requests(emu)).to.have.length(1); // same offer, same body: shared
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

  it('a click before the link is known is held for 1 s at most, then follows the original href', async () => {
    await emu.setLatency(5000);
    // The hold's timer is run here, by hand: no waiting, no timing.
    const holds: (() => void)[] = [];
    const real = env.timers;
    env.timers = {
      ...real,
      setTimeout: (run, ms) => (ms == 1e3 ? holds.push(run) : real.setTimeout(run, ms)),
    };
    const nav = followed();
    try {
      const el = await enhanced();
      const clicked = oneEvent(el, 'pubnet-click');
      el.querySelector('a')!.click();
      await aTimeout(50);
      expect(holds, 'one hold of 1 s').to.have.length(1);
      expect(nav.hrefs, 'followed before the hold ended').to.deep.equal([]);
      holds[0]();
      await waitUntil(() => nav.hrefs.length, 'not followed');
      expect(nav.hrefs).to.deep.equal([ORIGINAL]);
      expect((await clicked).detail).to.deep.equal({ href: ORIGINAL, offer });
    } finally {
      env.timers = real;
      nav.stop();
    }
  });

  it('a click while the link is coming follows the tracking link as soon as it is there', async () => {
    await emu.setLatency(150);
    const nav = followed();
    const el = await enhanced();
    el.querySelector('a')!.click();
    await waitUntil(() => nav.hrefs.length, 'not followed', { timeout: 3000 });
    nav.stop();
    expect(nav.hrefs).to.deep.equal([await trackingLink(emu, offer, { website: key })]);
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
