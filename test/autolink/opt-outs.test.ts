import { expect, html, fixture } from '@open-wc/testing';
import { autolink } from '../../src/autolink/index.js';
import { recordFetches } from '../components/support/elements.js';
import {
  attributeSet,
  detectedHosts,
  key,
  MERCHANT,
  nextTask,
  pointAt,
  trackingRequests,
  useStack,
} from './support/article.js';

describe('autolink: which links qualify', () => {
  const stack = useStack();

  it('only the merchant link in scope with no opt-out is rewritten; the others cost no request', async () => {
    const fetches = recordFetches();
    const clickUrl = `${stack.proxy.url}click/0123456789abcdef/`;
    const page = await fixture<HTMLElement>(html`
      <div>
        <article>
          <a id="good" href=${MERCHANT}>good</a>
          <a id="own" href=${`${location.origin}/elsewhere`}>own host</a>
          <a id="own-absolute" href=${`http://${location.hostname}:1/x`}>own host, other port</a>
          <a id="click" href=${clickUrl}>click host</a>
          <a id="mail" href="mailto:shop@mediapoint.example">mail</a>
          <a id="off" data-pubnet="off" href=${MERCHANT}>off</a>
          <div data-pubnet="off">
            <span><a id="off-ancestor" href=${MERCHANT}>off above</a></span>
          </div>
          <a id="excluded" class="nav" href=${MERCHANT}>excluded</a>
          <nav><a id="excluded-ancestor" href=${MERCHANT}>in excluded nav</a></nav>
          <pubnet-thing><a id="widget" href=${MERCHANT}>in a widget</a></pubnet-thing>
        </article>
        <aside><a id="out-of-scope" href=${MERCHANT}>out of scope</a></aside>
      </div>
    `);
    const before = [...page.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    stack.stop = autolink(page, {
      api: stack.proxy.url,
      key,
      scope: 'article',
      exclude: '.nav, nav',
    });
    for (const link of page.querySelectorAll('a')) pointAt(link);
    const good = page.querySelector<HTMLAnchorElement>('#good')!;
    await attributeSet(good, 'data-pubnet-href');
    await nextTask();
    const rewritten = [...page.querySelectorAll('[data-pubnet-href]')].map((a) => a.id);
    expect(rewritten).to.deep.equal(['good']);
    const asked = `asked: ${fetches.calls.map((call) => call.url).join(' ')}; page: ${location.href}`;
    expect(detectedHosts(fetches.calls), asked).to.deep.equal([new URL(MERCHANT).host]);
    expect(trackingRequests(fetches.calls)).to.have.length(1);
    const after = [...page.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(after.filter((_, i) => i != 0)).to.deep.equal(before.filter((_, i) => i != 0));
  });

  it('links on the API host or on the host of a tracking link seen are the click host: no detect', async () => {
    const fetches = recordFetches();
    const page = await fixture<HTMLElement>(html`<article><a href=${MERCHANT}>shop</a></article>`);
    stack.stop = autolink(page, { api: stack.proxy.url, key });
    const first = page.querySelector('a')!;
    pointAt(first);
    await attributeSet(first, 'data-pubnet-href');
    const clickHost = new URL(first.href).origin;
    const later = [`${clickHost}/click/fedcba9876543210/`, `${stack.proxy.url}click/abc/`].map(
      (href) => {
        const a = document.createElement('a');
        a.href = href;
        page.append(a);
        return a;
      },
    );
    for (const link of later) pointAt(link);
    await nextTask();
    await Promise.allSettled(fetches.results);
    await nextTask();
    expect(detectedHosts(fetches.calls)).to.deep.equal([new URL(MERCHANT).host]);
    for (const link of later) expect(link.hasAttribute('data-pubnet-href')).to.equal(false);
  });
});
