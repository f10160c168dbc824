// The same publisher page under the strictest usual policy: scripts and styles
// from the page's own origin only, and Trusted Types for every HTML sink.
// Everything the widgets need (bundle, API through the proxy, images) is on
// that origin, so the header is exactly the strict one.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Frame, Page } from 'playwright-core';
import { watchPage, type PageProblems } from './support/browser.js';
import { openSession, type Session } from './support/session.js';
import { STRICT_CSP, type Site } from './support/site.js';
import { readWidget, recordWidgetEvents, waitForLoads, within } from './support/widgets.js';

let session: Session | undefined;
let browser: Browser;
let site: Site;
let page: Page;
let problems: PageProblems;
let policy: string | undefined;

before(async () => {
  session = await openSession();
  ({ browser, site } = session);
  page = await browser.newPage();
  problems = await watchPage(page);
  await recordWidgetEvents(page);
  const response = await page.goto(`${site.url}strict/widgets.html`);
  policy = response?.headers()['content-security-policy'];
  await waitForLoads(page, ['offer-link', 'grid', 'filter-slot', 'manual-slot']);
});

after(() => session?.close());

/** The creative frames of the manual slot, by what they hold. */
async function creativeFrames(): Promise<{ banner?: Frame; html?: Frame }> {
  const found: { banner?: Frame; html?: Frame } = {};
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    if (await frame.$('img[src*="/images/banner-"]')) found.banner = frame;
    else if ((await frame.textContent('body'))?.includes('Black Friday')) found.html = frame;
  }
  return found;
}

test('the page is served with exactly the strict policy', () => {
  assert.equal(policy, STRICT_CSP);
});

test('all four widgets render with no CSP or Trusted Types violation and no error', async () => {
  assert.deepEqual(await problems.violations(), []);
  assert.deepEqual(problems.consoleErrors, []);
  assert.deepEqual(problems.pageErrors, []);
  const grid = await readWidget(page, '#grid');
  assert.equal(grid.links.length, 4);
  assert.equal(grid.images.length, 4);
  const link = await readWidget(page, '#offer-link');
  assert.match(link.links[0]!.href, new RegExp(`^${site.url}click/`));
});

test("product images load from the page’s origin under img-src 'self'", async () => {
  // Lazy images: the page waits until the browser has either loaded or refused each one.
  const sizes = await within(
    'the grid’s images',
    page.$$eval('#grid >> img', (all) =>
      Promise.all(
        all.map((element) => {
          const image = element as HTMLImageElement;
          return image.complete
            ? image.naturalWidth
            : new Promise<number>((resolve) => {
                image.addEventListener('load', () => resolve(image.naturalWidth));
                image.addEventListener('error', () => resolve(0));
              });
        }),
      ),
    ),
  );
  assert.equal(sizes.length, 4);
  for (const width of sizes) assert.ok(width > 0, 'an image did not load');
});

test('the manual slot’s banner and html creatives render in their sandboxed frames', async () => {
  const slot = await readWidget(page, '#manual-slot');
  assert.equal(slot.frames.length, 2);
  for (const frame of slot.frames) assert.ok(frame.srcdoc.length > 0, 'a frame got no srcdoc');
  const { banner, html } = await creativeFrames();
  assert.ok(banner && html, 'a creative frame is missing');
  const width = await banner.$eval('img', (image) => (image as HTMLImageElement).naturalWidth);
  assert.ok(width > 0, 'the banner image was blocked');
  assert.match((await html.textContent('body'))!, /Black Friday at SportZone/);
  assert.equal(await html.$('#script-ran'), null, 'a creative script ran');
  // In the frames, only what the sandbox and the page's own policy block in the
  // creative itself: its <script> (sandbox) and its inline style attribute
  // (srcdoc frames inherit the page's CSP; nothing the widget can relax).
  for (const message of problems.creativeMessages) {
    assert.match(message, /^(Blocked script execution in 'about:srcdoc'|Applying inline style)/);
  }
});

test('the violation watcher is live: a violation made on purpose is seen', async () => {
  const violations = await within(
    'the violation event',
    page.evaluate(async () => {
      // The watcher listens on the document in the capture phase, before this
      // listener: once the event is here, the watcher has recorded it.
      const reported = new Promise((resolve) =>
        document.addEventListener('securitypolicyviolation', resolve, { once: true }),
      );
      document.body.setAttribute('style', 'color: red');
      await reported;
      return (window as unknown as { __violations: string[] }).__violations;
    }),
  );
  assert.equal(violations.length, 1);
  assert.match(violations[0]!, /^style-src-attr/);
});
