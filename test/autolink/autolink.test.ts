import { expect } from '@open-wc/testing';
import { autolink } from '../../src/autolink/index.js';
import { known } from '../../src/emulator/known.js';
import {
  intersectionsDelivered,
  recordFetches,
  trackingLink,
} from '../components/support/elements.js';
import {
  article,
  attributeSet,
  detectedHosts,
  idle,
  key,
  MERCHANT,
  NO_OFFER,
  nextTask,
  OTHER_MERCHANT,
  paragraph,
  pointAt,
  sid,
  trackingRequests,
  useStack,
} from './support/article.js';

/**
 * What a finger put on a link fires that is intent by itself: `touchstart`
 * in an engine with touch events (Chromium and WebKit have `TouchEvent`);
 * desktop Firefox has none (no `TouchEvent`, no `touchstart`) and gets the
 * `pointerdown` of a touch pointer, which every engine fires first.
 */
const touchStart = () =>
  typeof TouchEvent == 'function'
    ? new TouchEvent('touchstart', { bubbles: true })
    : new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch' });

describe('autolink: detect and rewrite', () => {
  const stack = useStack();

  it('many links over three hosts in view: one detect per host, no tracking link before intent', async () => {
    const fetches = recordFetches();
    const hrefs = [MERCHANT, OTHER_MERCHANT, NO_OFFER].flatMap((href) =>
      Array.from({ length: 10 }, (_, i) => `${href}?item=${i}`),
    );
    const page = await article(hrefs);
    stack.stop = autolink(page, { api: stack.proxy.url, key, sid });
    await idle();
    await intersectionsDelivered(page.querySelector('a:last-of-type')!);
    await fetches.until((calls) => detectedHosts(calls).length == 3);
    await Promise.allSettled(fetches.results);
    await nextTask();
    // A second call on the same root shares the page's detect answers.
    const again = autolink(page, { api: stack.proxy.url, key, sid });
    await idle();
    await intersectionsDelivered(page.querySelector('a:last-of-type')!);
    await nextTask();
    again();
    expect(detectedHosts(fetches.calls).sort()).to.deep.equal(
      ['www.mediapoint.example', 'technova.example', 'no-offer.example'].sort(),
    );
    expect(trackingRequests(fetches.calls)).to.deep.equal([]);
    expect(page.querySelectorAll('[data-pubnet-href]')).to.have.length(0);
  });

  it('intent fetches the tracking link and rewrites: data-pubnet-href, rel, the disclosure', async () => {
    const fetches = recordFetches();
    const page = await article([MERCHANT]);
    page.append(paragraph(MERCHANT + '&tab=1', { target: '_blank', rel: 'author' }));
    stack.stop = autolink(page, { api: stack.proxy.url, key, sid, disclosure: 'Ad' });
    const [plain, blank] = page.querySelectorAll('a');
    pointAt(plain);
    blank.dispatchEvent(new FocusEvent('focus'));
    await attributeSet(plain, 'data-pubnet-href');
    await attributeSet(blank, 'data-pubnet-href');
    const [offer] = known.offers;
    expect(plain.href).to.equal(
      await trackingLink(stack.emu, offer, { website: key, sid, deep_link: MERCHANT }),
    );
    expect(plain.getAttribute('data-pubnet-href')).to.equal(MERCHANT);
    expect(plain.rel).to.equal('sponsored');
    expect(blank.getAttribute('data-pubnet-href')).to.equal(MERCHANT + '&tab=1');
    expect(blank.rel).to.equal('author sponsored noopener');
    expect(plain.nextElementSibling!.textContent).to.equal('Ad');
    expect(plain.nextElementSibling!.getAttribute('data-pubnet')).to.equal('off');
    const puts = trackingRequests(fetches.calls);
    expect(puts.map((call) => JSON.parse(call.init!.body as string))).to.deep.equal([
      { website: key, sid, deep_link: MERCHANT },
      { website: key, sid, deep_link: MERCHANT + '&tab=1' },
    ]);
    // Intent again: nothing more is asked.
    pointAt(plain);
    await nextTask();
    expect(trackingRequests(fetches.calls)).to.have.length(2);
  });

  it('a host with no offer: its links stay untouched, with no tracking-link request', async () => {
    const fetches = recordFetches();
    const page = await article([NO_OFFER]);
    stack.stop = autolink(page, { api: stack.proxy.url, key });
    const link = page.querySelector('a')!;
    link.dispatchEvent(new MouseEvent('mouseenter'));
    await fetches.until((calls) => detectedHosts(calls).length == 1);
    await Promise.allSettled(fetches.results);
    await nextTask();
    expect(link.getAttribute('href')).to.equal(NO_OFFER);
    expect(link.hasAttribute('data-pubnet-href')).to.equal(false);
    expect(trackingRequests(fetches.calls)).to.deep.equal([]);
  });

  it('links added later are found, detected near the viewport and rewritten on intent', async () => {
    const fetches = recordFetches();
    const page = await article([]);
    stack.stop = autolink(page, { api: stack.proxy.url, key });
    await idle();
    const added = paragraph(OTHER_MERCHANT);
    page.append(added);
    const link = added.querySelector('a')!;
    // The MutationObserver's records, then the idle scan, then the viewport.
    await nextTask();
    await idle();
    await intersectionsDelivered(link);
    await fetches.until((calls) => detectedHosts(calls).length == 1);
    expect(detectedHosts(fetches.calls)).to.deep.equal(['technova.example']);
    link.dispatchEvent(touchStart());
    await attributeSet(link, 'data-pubnet-href');
    expect(link.rel).to.equal('sponsored');
  });
});
