// A long article (issue 21): 500 links over twelve merchant hosts, nine with an offer and three
// without, plus opt-outs, through the shipped proxy and the emulator. Read through to its end,
// it costs one detect per qualifying host and no tracking link before intent (its long tasks are
// the bench's: `npm run bench autolink`).
import { expect, fixture, html } from '@open-wc/testing';
import { autolink } from '../../src/autolink/index.js';
import { intersectionsDelivered, recordFetches } from '../components/support/elements.js';
import { articleLinks, HOSTS, WITH_OFFER } from '../../bench/fixtures/long-article.mjs';
import {
  detectedHosts,
  idle,
  key,
  nextTask,
  sid,
  trackingRequests,
  useStack,
} from './support/article.js';

/**
 * The article (bench/fixtures/long-article.mjs) in paragraphs, each opt-out
 * made as it says. Returns it and how many links qualify.
 */
async function longArticle() {
  const page = await fixture<HTMLElement>(html`<article lang="en"></article>`);
  const optOuts: ((a: HTMLAnchorElement, p: HTMLElement) => void)[] = [
    (a) => a.setAttribute('data-pubnet', 'off'),
    (_, p) => p.setAttribute('data-pubnet', 'off'),
    (a) => a.classList.add('nav'),
  ];
  let qualifying = 0;
  articleLinks().forEach(({ href, optOut }, i) => {
    const p = document.createElement('p');
    const a = document.createElement('a');
    p.append(`Paragraph ${i}, with `, a, ' in it.');
    a.href = href;
    a.textContent = `item ${i}`;
    if (optOut < 0) qualifying++;
    else optOuts[optOut](a, p);
    page.append(p);
  });
  return { page, qualifying };
}

/**
 * Records the elements `IntersectionObserver`s are asked to observe, until
 * `restore()`; `reach(n)` resolves once `n` were (at once if they were, else
 * as the observer is asked about the `n`th): on the calls, never on time.
 */
function recordObserved() {
  const observed = new Set<Element>();
  const waiting: [count: number, resolve: () => void][] = [];
  const original = IntersectionObserver.prototype.observe;
  IntersectionObserver.prototype.observe = function (this: IntersectionObserver, target) {
    observed.add(target);
    for (const [count, resolve] of waiting) if (observed.size >= count) resolve();
    return original.call(this, target);
  };
  return {
    observed,
    reach: (count: number) =>
      new Promise<void>((resolve) =>
        observed.size >= count ? resolve() : waiting.push([count, resolve]),
      ),
    restore: () => (IntersectionObserver.prototype.observe = original),
  };
}

describe('autolink: a long article', () => {
  const stack = useStack();
  const restores: (() => void)[] = [];
  afterEach(() => {
    restores.splice(0).forEach((restore) => restore());
  });

  // (Long tasks during the scan are a time budget: `npm run bench autolink` measures them.)
  it('500 links over 12 hosts, read to the end: one detect per qualifying host, no tracking link', async () => {
    const { page, qualifying } = await longArticle();
    const fetches = recordFetches();
    const observed = recordObserved();
    restores.push(fetches.restore, observed.restore);
    const links = [...page.querySelectorAll('a')];

    stack.stop = autolink(page, { api: stack.proxy.url, key, sid, exclude: '.nav' });
    // The scan, in idle moments: every qualifying link is watched for the viewport, no other.
    await observed.reach(qualifying);
    await idle();
    expect(observed.observed.size).to.equal(qualifying);
    const optedOut = links.filter((a) => a.closest('[data-pubnet=off], .nav'));
    expect(optedOut.filter((a) => observed.observed.has(a))).to.deep.equal([]);

    // Read to the end: every link nears the viewport in turn.
    for (let i = 0; i < links.length; i += 10) {
      links[i].scrollIntoView();
      await intersectionsDelivered(links[i]);
    }
    links.at(-1)!.scrollIntoView();
    await intersectionsDelivered(links.at(-1)!);
    await fetches.until((calls) => detectedHosts(calls).length >= HOSTS.length);
    await Promise.allSettled(fetches.results);
    await nextTask();
    // Read again from the top: nothing more is asked.
    window.scrollTo(0, 0);
    await intersectionsDelivered(links[0]);
    await Promise.allSettled(fetches.results);
    await nextTask();

    expect(detectedHosts(fetches.calls).sort()).to.deep.equal([...HOSTS].sort());
    // The nine hosts with an offer were found to have one, the three others not (the proxy
    // answers "no offer" 200 with the API's 404 in X-Pubnet-Status: api-contract §14).
    const statuses = await Promise.all(
      fetches.results.map(async (res) => {
        const { status, headers } = await res;
        return Number(headers.get('x-pubnet-status')) || status;
      }),
    );
    const found = detectedHosts(fetches.calls).filter((_, i) => statuses[i] == 200);
    expect(found.sort()).to.deep.equal([...WITH_OFFER].sort());
    expect(trackingRequests(fetches.calls)).to.deep.equal([]);
    expect(page.querySelectorAll('[data-pubnet-href]')).to.have.length(0);
  });
});
