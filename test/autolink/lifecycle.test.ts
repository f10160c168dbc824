import { expect } from '@open-wc/testing';
import { isDetected } from '../../src/autolink/detect.js';
import { autolink, createConsent } from '../../src/autolink/index.js';
import { coreFor } from '../../src/page/api.js';
import { env } from '../../src/page/env.js';
import {
  heldTimers,
  intersectionsDelivered,
  recordFetches,
} from '../components/support/elements.js';
import {
  article,
  attributeSet,
  detectedHosts,
  idle,
  key,
  manualConsent,
  MERCHANT,
  nextTask,
  OTHER_MERCHANT,
  paragraph,
  pointAt,
  trackingRequests,
  useStack,
} from './support/article.js';
import { cmp, tc } from './support/tcf-stub.js';

/** Consent has come: the page's one link is detected, then rewritten on intent. */
async function worksNow(page: HTMLElement, fetches: ReturnType<typeof recordFetches>) {
  await idle();
  const link = page.querySelector('a')!;
  await intersectionsDelivered(link);
  // Detected once consent came, then rewritten on intent.
  await fetches.until((calls) => detectedHosts(calls).length == 1);
  pointAt(link);
  await attributeSet(link, 'data-pubnet-href');
}

describe('autolink: consent and stop()', () => {
  const stack = useStack();

  /**
   * Everything that could start work on `page`'s links: idle, the viewport,
   * intent, a click. The links open in a frame of the page: a click held
   * (what these tests look for) is followed once its wait ends, and it takes
   * that frame, never the test page (leaving would end the file's run
   * instead of failing the test).
   */
  async function tryEverything(page: HTMLElement) {
    await idle();
    await intersectionsDelivered(page.querySelector('a:last-of-type')!);
    const frame = Object.assign(document.createElement('iframe'), {
      name: 'tried',
      title: 'tried',
    });
    page.append(frame);
    const hold = heldTimers([1e3]);
    env.timers = hold.timers;
    let prevented = false;
    const onClick = (e: Event) => {
      prevented ||= e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener('click', onClick);
    for (const link of page.querySelectorAll('a')) {
      link.target = 'tried';
      pointAt(link);
      link.dispatchEvent(new FocusEvent('focus'));
      link.click();
    }
    document.removeEventListener('click', onClick);
    await nextTask();
    return { prevented, held: hold.held.length };
  }

  for (const answer of [false, undefined])
    it(`consent ${answer}: no request at all, nothing rewritten, no click held`, async () => {
      const fetches = recordFetches();
      const consent = manualConsent(answer);
      const page = await article([MERCHANT, OTHER_MERCHANT]);
      stack.stop = autolink(page, { api: stack.proxy.url, key, consent: consent.gate });
      expect(await tryEverything(page)).to.deep.equal({ prevented: false, held: 0 });
      expect(fetches.calls).to.deep.equal([]);
      expect(page.querySelectorAll('[data-pubnet-href]')).to.have.length(0);
      stack.stop();
      expect(consent.listeners.size, 'unsubscribed').to.equal(0);
    });

  it('consent granted later starts the work', async () => {
    const fetches = recordFetches();
    const consent = manualConsent(false);
    const page = await article([MERCHANT]);
    stack.stop = autolink(page, { api: stack.proxy.url, key, consent: consent.gate });
    await tryEverything(page);
    expect(fetches.calls).to.deep.equal([]);
    consent.set(true);
    await worksNow(page, fetches);
  });

  it('a TCF CMP that answers late, through the real consent gate: work starts on the reader’s yes', async () => {
    const fetches = recordFetches();
    const stub = cmp();
    const consent = createConsent({ win: { __tcfapi: stub.api, navigator: {} } });
    const page = await article([MERCHANT]);
    stack.stop = autolink(page, { api: stack.proxy.url, key, consent });
    stub.send(tc('cmpuishown', []));
    await tryEverything(page);
    expect(fetches.calls, 'nothing before the answer').to.deep.equal([]);
    stub.send(tc('useractioncomplete', [1]));
    await worksNow(page, fetches);
    consent.stop();
  });

  it('consent withdrawn while the host is being detected: no tracking link asked, nothing rewritten', async () => {
    const fetches = recordFetches();
    const consent = manualConsent(true);
    const page = await article([MERCHANT]);
    stack.stop = autolink(page, { api: stack.proxy.url, key, consent: consent.gate });
    const link = page.querySelector('a')!;
    pointAt(link);
    consent.set(false);
    // The detect's answer read, then what it leads to.
    await fetches.bodiesRead(1);
    await nextTask();
    expect(isDetected(coreFor(stack.proxy.url), new URL(MERCHANT).hostname), 'detected').to.equal(
      true,
    );
    expect(trackingRequests(fetches.calls)).to.deep.equal([]);
    expect(link.hasAttribute('data-pubnet-href')).to.equal(false);
    // Consent again: the next intent rewrites.
    consent.set(true);
    pointAt(link);
    await attributeSet(link, 'data-pubnet-href');
  });

  it('stop() removes the observers and listeners and abandons the requests in flight', async () => {
    await stack.emu.setLatency(5e3);
    const fetches = recordFetches();
    const page = await article([MERCHANT]);
    stack.stop = autolink(page, { api: stack.proxy.url, key });
    const link = page.querySelector('a')!;
    pointAt(link);
    await fetches.called(1);
    stack.stop();
    expect(fetches.calls[0].init!.signal!.aborted, 'the request is abandoned').to.equal(true);
    // Links added afterwards, intent, clicks: nothing.
    page.append(paragraph(OTHER_MERCHANT));
    await nextTask();
    expect(await tryEverything(page)).to.deep.equal({ prevented: false, held: 0 });
    expect(fetches.calls).to.have.length(1);
    expect(page.querySelectorAll('[data-pubnet-href]')).to.have.length(0);
  });
});
