import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { autolink } from '../../src/autolink/index.js';
import { env } from '../../src/page/env.js';
import { hasNoOffer } from '../../src/autolink/detect.js';
import { coreFor } from '../../src/page/api.js';
import { heldTimers, holdAnswers, recordFetches } from '../components/support/elements.js';
import { key, MERCHANT, nextTask, useStack } from './support/article.js';

/**
 * A link that opens in an `<iframe name="landing">` beside it: a click this
 * file lets through, or holds when it should not, navigates that frame,
 * never the test page itself (it would end the file's run, in any engine).
 */
async function inFrame(href: string) {
  const page = await fixture<HTMLElement>(html`
    <article>
      <a href=${href} target="landing">Winter sale</a>
      <iframe name="landing" title="landing"></iframe>
    </article>
  `);
  // (An iframe without `src` has loaded its about:blank as it was inserted.)
  const frame = page.querySelector('iframe')!;
  const navigated = new Promise((loaded) => frame.addEventListener('load', loaded, { once: true }));
  return { page, link: page.querySelector('a')!, navigated };
}

/** A real click (with user activation) in the middle of `element`. */
async function realClick(element: Element) {
  const box = element.getBoundingClientRect();
  await sendMouse({
    type: 'click',
    position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
  });
}

describe('autolink: clicks', () => {
  const stack = useStack();
  afterEach(async () => {
    // (the mouse moved over the page: put it back where it hovers nothing)
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('a real click while the tracking link is coming is held, then follows the tracking link', async () => {
    // The hold's 1 s is the test's: the answer decides, however long a busy machine takes.
    const hold = heldTimers([1e3]);
    env.timers = hold.timers;
    // The answer comes once the click is seen held (300 ms of latency could end before a
    // busy machine had delivered the click, and the hold ended before it was looked at).
    const answers = holdAnswers();
    const { page, link, navigated } = await inFrame(MERCHANT);
    stack.stop = autolink(page, { api: stack.proxy.url, key });
    await realClick(link);
    expect(hold.pending(1e3), 'held').to.have.length(1);
    answers.release();
    await navigated;
    expect(hold.pending(), 'the answer ended the hold').to.deep.equal([]);
    expect(link.getAttribute('data-pubnet-href')).to.equal(MERCHANT);
    // The landing frame went through the emulator's click URL: the click is recorded.
    const clicks = (await stack.emu.requests()).filter((r) => r.path.startsWith('/click/'));
    expect(clicks.map((r) => r.path)).to.deep.equal([new URL(link.href).pathname]);
  });

  it('the hold ends after 1 s at most: the original href is followed, and nothing waits on', async () => {
    await stack.emu.setFaults([{ path: '/publisher/offers/*', kind: 'hang' }]);
    const hold = heldTimers([1e3]);
    env.timers = hold.timers;
    // A link the frame can load: the emulator's own host is not the API's (the proxy's).
    const original = `${stack.emu.url}publisher/`;
    const { page, link, navigated } = await inFrame(original);
    stack.stop = autolink(page, { api: stack.proxy.url, key });
    let prevented: boolean | undefined;
    link.addEventListener('click', (e) => (prevented = e.defaultPrevented));
    await realClick(link);
    expect(prevented, 'the page handler ran before the hold').to.equal(false);
    expect(hold.pending(1e3), 'one hold of 1 s').to.have.length(1);
    hold.fire(1e3);
    await navigated;
    expect(link.getAttribute('href')).to.equal(original);
    expect(hold.pending()).to.deep.equal([]);
  });

  for (const [name, init] of [
    ['Ctrl', { ctrlKey: true }],
    ['⌘', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['the middle button', { button: 1 }],
  ] as [string, MouseEventInit][])
    it(`a click with ${name} is the browser's at once, never held`, async () => {
      await stack.emu.setFaults([{ path: '/publisher/offers/*', kind: 'hang' }]);
      const hold = heldTimers([1e3]);
      env.timers = hold.timers;
      const { page, link } = await inFrame(MERCHANT);
      stack.stop = autolink(page, { api: stack.proxy.url, key });
      let prevented: boolean | undefined;
      // After auto-linking's own listener: record, then keep this test page where it is.
      const onClick = (e: Event) => {
        prevented = e.defaultPrevented;
        e.preventDefault();
      };
      document.addEventListener('click', onClick);
      try {
        link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));
        expect(prevented).to.equal(false);
        expect(hold.held).to.have.length(0);
      } finally {
        document.removeEventListener('click', onClick);
      }
    });

  it('a plain click on a link of a host known to have no offer is not held', async () => {
    const { page, link } = await inFrame('https://no-offer.example/');
    stack.stop = autolink(page, { api: stack.proxy.url, key });
    const fetches = recordFetches();
    link.dispatchEvent(new FocusEvent('focus'));
    // The detect's answer read, then what it leads to.
    await fetches.bodiesRead(1);
    fetches.restore();
    await nextTask();
    expect(hasNoOffer(coreFor(stack.proxy.url), 'no-offer.example'), 'detected').to.equal(true);
    const hold = heldTimers([1e3]);
    env.timers = hold.timers;
    let prevented: boolean | undefined;
    const onClick = (e: Event) => {
      prevented = e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener('click', onClick);
    link.click();
    document.removeEventListener('click', onClick);
    expect(prevented).to.equal(false);
    expect(hold.held).to.have.length(0);
  });
});
