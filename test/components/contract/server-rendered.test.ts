// Every registered element with server rendering (its manifest's `render`), rendered by
// the shipped proxy's `/render/` route (api-contract §11) and put in a page where the
// bundle is loaded: it takes its declarative shadow DOM and its answer over with no API
// request and no change of size, and events, clicks and impressions then work as usual.
// (Before the bundle, and what each element renders: server-rendered.test.ts.)
import { expect, fixtureSync, html } from '@open-wc/testing';
import '../../../src/components/define.js';
import { batching } from '../../../src/components/lifecycle/impressions.js';
import { known } from '../../../src/emulator/known.js';
import { startProxy, type TestEmulator, type TestProxy } from '../../support/emulator.js';
import {
  countEvents,
  emulatorBehindProxy,
  frames,
  heldTimers,
  intersectionsDelivered,
  layoutShifts,
  nextEvent,
  placeRendered,
  recordFetches,
  seen,
} from '../support/elements.js';
import { contract, type Placement } from './support/fixture.js';
import { links } from './support/place.js';

/** The words an element shows: its label, prices, call to action and links. */
const words = (root: ParentNode) =>
  ['[part=disclosure]', '[part=button]', '[part=price]', 'a'].flatMap((selector) =>
    [...root.querySelectorAll(selector)].map((n) => n.textContent!.replace(/\s+/g, ' ').trim()),
  );

/** How long the impressions' stats are batched (components/lifecycle/impressions.ts). */
const STATS_WAIT = 1e3;

contract('server-rendered, taken over in the browser', ({ tag, manifest, fixture }) => {
  const { render } = manifest;
  if (!render) return;
  let emu: TestEmulator;
  /** The proxy the page knows (the rendered elements' `api`, their stylesheets' origin). */
  let front: TestProxy;
  /** The proxy that renders: a publisher's server's, with `front` as its public URL. */
  let proxy: TestProxy;
  beforeEach(async () => {
    ({ emu, proxy: front } = await emulatorBehindProxy());
    proxy = await startProxy(emu, { publicUrl: front.url });
    // The impressions' stats wait (1 s) never ends: no stats request comes while a test
    // checks that the page made none (emulator() resets the batching for the next test).
    batching.timers = heldTimers([STATS_WAIT]).timers;
  });
  afterEach(() => emu.stop());

  /**
   * The element as the render route answers `placement` (its path segment and its query
   * from the placement's attributes, with `key`), and the state the render wrote.
   */
  async function rendered(placement: Placement, query: Record<string, string> = {}) {
    const attributes: Record<string, string> = { ...placement.attributes, ...query };
    const path = render!.route.replace(/\{([\w-]+)\}/, (_, name: string) => {
      const value = attributes[name];
      delete attributes[name];
      return encodeURIComponent(value);
    });
    const search = new URLSearchParams({ key: known.website.guid, ...attributes });
    const response = await fetch(`${proxy.url}render/${path}?${search}`);
    expect(response.status).to.equal(200);
    const fragment = await response.text();
    const parsed = Document.parseHTMLUnsafe(fragment).querySelector(tag)!;
    return { html: fragment, parsed, state: parsed.getAttribute('state') };
  }

  /** The API reads the proxies have answered (their stylesheets left out). */
  const reads = async () =>
    [...(await proxy.log()), ...(await front.log())].filter(
      (entry) => !entry.path.startsWith('/render/styles/'),
    ).length;

  /**
   * What the server's HTML shows before any script of ours runs: `seen` of it under a tag
   * no script defines (the bundle is loaded in this page), once its stylesheets have
   * loaded; then taken out of the page.
   */
  async function shownWithoutScript(fragment: string) {
    const inert = fragment.replace(new RegExp(`(</?)${tag}\\b`, 'g'), `$1x-inert-${tag}`);
    const el = placeRendered(inert);
    expect(customElements.get(el.localName), 'an undefined tag').to.equal(undefined);
    const sheets = [...el.querySelectorAll('link'), ...el.shadowRoot!.querySelectorAll('link')];
    await Promise.all(
      sheets.map(
        (link) =>
          new Promise((loaded, failed) => {
            if (link.sheet) return loaded(link);
            link.addEventListener('load', loaded, { once: true });
            link.addEventListener('error', () => failed(new Error(`${link.href} did not load`)));
          }),
      ),
    );
    await frames();
    const shown = seen(el);
    el.parentElement!.remove();
    return shown;
  }

  it('taken over with no request, the same size, links and label, and pubnet-load', async () => {
    const { html: fragment, state } = await rendered(fixture.loads);
    expect(state).to.equal('ready');
    // What the server wrote, with no script.
    const server = await shownWithoutScript(fragment);
    expect(server.links).to.not.have.length(0);
    for (const link of server.links) {
      expect(link.rel.split(' ')).to.include.members(['sponsored', 'noopener']);
      expect(link.href).to.match(/^https?:\/\//);
    }
    expect(server.label).to.equal('Ad');
    expect(server.height).to.be.greaterThan(0);
    const before = await reads();
    const fetches = recordFetches();
    const shifts = layoutShifts();
    try {
      const loaded = nextEvent(tag, 'pubnet-load');
      const el = placeRendered(fragment);
      expect((await loaded).detail.count).to.equal(fixture.loads.count);
      await frames();
      expect(seen(el)).to.deep.equal(server);
      expect(el.getAttribute('state')).to.equal('ready');
      expect(el.shadowRoot!.querySelector('style'), 'adopted style sheets instead').to.equal(null);
      expect(fetches.calls.map((call) => call.url)).to.deep.equal([]);
      expect(await reads()).to.equal(before);
      shifts.stop();
      expect(shifts.shifts).to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });

  it('rendered in Polish: the take-over says the same words, with no shift', async () => {
    const { html: fragment, parsed } = await rendered(fixture.loads, { lang: 'pl' });
    // What the server wrote, read in a document where the elements are not defined.
    expect(parsed.getAttribute('lang')).to.equal('pl');
    const server = words(parsed.shadowRoot!);
    expect(server).to.not.have.length(0);
    const shifts = layoutShifts();
    const loaded = nextEvent(tag, 'pubnet-load');
    const el = placeRendered(fragment);
    await loaded;
    await frames();
    shifts.stop();
    expect(words(el.shadowRoot!), 'the same text after the take-over').to.deep.equal(server);
    expect(shifts.shifts).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('clicks and impressions work once taken over', async () => {
    const { html: fragment } = await rendered(fixture.loads);
    const sink = fixtureSync<HTMLIFrameElement>(html`<iframe name="sink"></iframe>`);
    const events = countEvents();
    try {
      const loaded = nextEvent(tag, 'pubnet-load');
      // The publisher's own attribute, kept beside the rendered ones (as renderTags keeps it).
      const el = placeRendered(fragment.replace(`<${tag}`, `<${tag} target="sink"`));
      await loaded;
      await intersectionsDelivered(el);
      await frames();
      // The items in view are counted once each.
      expect(events.counts.impression).to.be.greaterThan(0);
      const [link] = links(el);
      const clicked = nextEvent(tag, 'pubnet-click');
      const navigated = new Promise((done) => sink.addEventListener('load', done, { once: true }));
      link.click();
      const { detail } = await clicked;
      expect(detail.href).to.equal(link.getAttribute('href'));
      expect(detail.product ?? detail.offer).to.not.equal(undefined);
      if (detail.product) expect(detail.product.link).to.equal(link.getAttribute('href'));
      await navigated;
    } finally {
      events.stop();
    }
  });

  it('one the server found nothing for stays as the server left it, with no request and no event', async () => {
    const { html: fragment, state } = await rendered(fixture.findsNothing);
    expect(state).to.equal('collapsed');
    const fetches = recordFetches();
    const events = countEvents();
    try {
      const el = placeRendered(fragment);
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      await frames();
      expect(el.getAttribute('state')).to.equal('collapsed');
      expect(getComputedStyle(el).display).to.equal('none');
      expect(fetches.calls).to.deep.equal([]);
      expect(events.counts).to.deep.equal({ load: 0, error: 0, impression: 0 });
    } finally {
      fetches.restore();
      events.stop();
    }
  });
});
