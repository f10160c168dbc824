// The BUILT auto-linking file (dist/cdn/pubnet-autolink.min.js) in real pages,
// from its script tag: its options from data-*, loaded twice, beside the
// widgets' file in both orders (one window.Pubnet, one request core), with a
// publisher's own consent banner, with bad options, and under a strict CSP
// with Trusted Types. Nothing waits on real time: the tests wait for the
// page's frames or for what the page tells.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { known } from '../../src/emulator/index.js';
import { packageVersion } from './support/bundle.js';
import { watchPage, type PageProblems } from './support/browser.js';
import { useSession } from './support/session.js';
import { STRICT_CSP } from './support/site.js';
import { nextFrame, recordWidgetEvents, until, waitForLoads } from './support/widgets.js';

const session = useSession();

const merchant = known.merchantUrl;
const AUTOLINK = '/cdn/pubnet-autolink.min.js';
const WIDGETS = '/cdn/pubnet.min.js';

/** A script tag of `src` with `data` as its data-* attributes (the site's api and key unless given). */
function tag(src: string, data: Record<string, string> = {}): string {
  const all = { api: `${session.site.url}api/`, key: known.website.guid, ...data };
  const attributes = Object.entries(all)
    .map(([name, value]) => ` data-${name}="${value}"`)
    .join('');
  return `<script src="${src}"${attributes}></script>`;
}

/** A publisher page: `head` (the script tags), a nav link and an article link to the merchant. */
function article(head: string, extra = ''): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Auto-linking</title>${head}</head>
  <body>
    <nav class="nav"><a id="nav-link" href="${merchant}">Shop</a></nav>
    <aside><a id="aside-link" href="${merchant}">Elsewhere</a></aside>
    <article><p>Our pick: <a id="link" href="${merchant}">these headphones</a>.</p></article>
    ${extra}
  </body>
</html>`;
}

let pages = 0;
/**
 * Serves `html` at a fresh path and opens it (goto waits for `load`: every script
 * has run), recording the page's tracking link requests (`puts`).
 */
async function open(
  html: string,
  strict = false,
): Promise<{ page: Page; problems: PageProblems; puts: string[]; policy?: string }> {
  const path = `/autolink-${++pages}.html`;
  session.site.page(path, html);
  const page = await session.browser.newPage();
  const problems = await watchPage(page);
  await recordWidgetEvents(page);
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() == 'PUT' && request.url().includes('/tracking_link/'))
      puts.push(request.url());
  });
  const response = await page.goto(`${session.site.url}${strict ? 'strict/' : ''}${path.slice(1)}`);
  return { page, problems, puts, policy: response?.headers()['content-security-policy'] };
}

/** The link's href once auto-linking rewrote it (after the reader's intent: focus). */
async function rewritten(page: Page, selector: string): Promise<string> {
  await page.focus(selector);
  return until(
    `${selector} rewritten`,
    () =>
      page.$eval(selector, (a) =>
        a.hasAttribute('data-pubnet-href') ? (a as HTMLAnchorElement).href : undefined,
      ),
    () => nextFrame(page),
  );
}

/** Whether `selector` is still as written after its focus and a few frames. */
async function untouched(page: Page, selector: string): Promise<boolean> {
  await page.focus(selector);
  for (let frame = 0; frame < 5; frame++) await nextFrame(page);
  return page.$eval(
    selector,
    (a, href) => !a.hasAttribute('data-pubnet-href') && (a as HTMLAnchorElement).href == href,
    merchant,
  );
}

const trackingPuts = (sid: string) =>
  session.site.emulator.requests.filter(
    (entry) =>
      entry.method === 'PUT' &&
      entry.path === `/publisher/offers/${known.offers[0]}/tracking_link/` &&
      (entry.body as { sid?: string } | undefined)?.sid === sid,
  );

const detects = () =>
  session.site.emulator.requests.filter((entry) => entry.path === '/publisher/offers/detect/')
    .length;

test('options from data-*: scope, exclude, sid and disclosure; the link keeps its original', async () => {
  const { page, problems } = await open(
    article(
      tag(AUTOLINK, {
        sid: 'cdn_options',
        scope: 'article',
        exclude: '.nav',
        disclosure: 'Ad',
        'tcf-purposes': '1,3',
      }),
    ),
  );
  const href = await rewritten(page, '#link');
  assert.match(href, new RegExp(`^${session.site.url}click/`));
  const link = await page.$eval('#link', (a) => ({
    original: a.getAttribute('data-pubnet-href'),
    rel: a.getAttribute('rel'),
    label: a.nextElementSibling?.textContent,
  }));
  assert.deepEqual(link, { original: merchant, rel: 'sponsored', label: 'Ad' });
  assert.equal(trackingPuts('cdn_options').length, 1);
  // Excluded, and out of the scope: never rewritten.
  assert.equal(await untouched(page, '#nav-link'), true);
  assert.equal(await untouched(page, '#aside-link'), true);
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.consoleErrors, []);
  assert.deepEqual(problems.consoleWarnings, []);
  await page.close();
});

test('loaded twice: the second copy does nothing, not even warn about its bad options', async () => {
  const { page, problems } = await open(
    article(
      tag(AUTOLINK, { sid: 'cdn_twice' }) +
        tag(AUTOLINK, { api: 'not a url', sid: 'cdn_twice_second' }),
    ),
  );
  await rewritten(page, '#link');
  assert.equal(trackingPuts('cdn_twice').length, 1);
  assert.equal(trackingPuts('cdn_twice_second').length, 0);
  assert.equal(await page.evaluate(() => window.Pubnet?.autolink?.version), packageVersion);
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.consoleWarnings, []);
  await page.close();
});

for (const order of ['widgets first', 'auto-linking first']) {
  test(`with the widgets' file, ${order}: one window.Pubnet with both parts, one tracking link request`, async () => {
    const sid = `cdn_${order.split(' ')[0]}`;
    const scripts = [tag(WIDGETS, { sid }), tag(AUTOLINK, { sid, scope: 'article' })];
    const offerLink = `<pubnet-offer-link id="offer-link" offer="${known.offers[0]}" deep-link="${merchant}" eager><a href="${merchant}">Buy</a></pubnet-offer-link>`;
    const { page, problems, puts } = await open(
      article((order == 'widgets first' ? scripts : scripts.reverse()).join(''), offerLink),
    );
    await waitForLoads(page, ['offer-link']);
    const global = await page.evaluate(() => {
      const pubnet = window.Pubnet!;
      return {
        version: pubnet.version,
        configure: typeof pubnet.configure,
        autolink: pubnet.autolink && {
          version: pubnet.autolink.version,
          consent: typeof pubnet.autolink.consent,
        },
        frozen: Object.isFrozen(pubnet),
      };
    });
    assert.deepEqual(global, {
      version: packageVersion,
      configure: 'function',
      autolink: { version: packageVersion, consent: 'function' },
      frozen: true,
    });
    // The widget (loaded: it has asked) and auto-linking want the tracking link of the same
    // deep link, for the same website and SubID: one request for both, if they share a core.
    const href = await rewritten(page, '#link');
    assert.match(href, new RegExp(`^${session.site.url}click/`));
    // Counted in the page: the proxy's own cache would hide a second request from the emulator.
    assert.equal(puts.length, 1, 'the two files did not share one request core');
    assert.deepEqual(problems.pageErrors, []);
    assert.deepEqual(problems.consoleErrors, []);
    await page.close();
  });
}

test('data-consent="manual": nothing until Pubnet.autolink.consent(true)', async () => {
  const before = detects();
  const { page, problems } = await open(
    article(tag(AUTOLINK, { sid: 'cdn_manual', consent: 'manual' })),
  );
  assert.equal(await untouched(page, '#link'), true);
  assert.equal(detects(), before, 'a detect request before consent');
  assert.equal(trackingPuts('cdn_manual').length, 0);
  await page.evaluate(() => window.Pubnet!.autolink!.consent(true));
  await page.focus('#nav-link'); // leave the link, to focus it again
  await rewritten(page, '#link');
  assert.equal(trackingPuts('cdn_manual').length, 1);
  assert.deepEqual(problems.pageErrors, []);
  await page.close();
});

for (const [data, attribute] of [
  [{ sid: 'has spaces' }, 'data-sid'],
  [{ api: '/relative/' }, 'data-api'],
  [{ scope: 'article[' }, 'data-scope'],
  [{ 'tcf-purposes': '1,x' }, 'data-tcf-purposes'],
  [{ gpc: 'yes' }, 'data-gpc'],
  [{ consent: 'banner' }, 'data-consent'],
] as [Record<string, string>, string][]) {
  test(`a bad ${attribute}: a warning naming it, no auto-linking, nothing thrown`, async () => {
    const { page, problems } = await open(article(tag(AUTOLINK, data)));
    assert.equal(await untouched(page, '#link'), true);
    assert.equal(problems.consoleWarnings.length, 1, problems.consoleWarnings.join('\n'));
    assert.ok(problems.consoleWarnings[0]!.includes(attribute), problems.consoleWarnings[0]);
    assert.deepEqual(problems.pageErrors, []);
    // The publisher's banner may still call it: a no-op.
    await page.evaluate(() => window.Pubnet!.autolink!.consent(true));
    assert.deepEqual(problems.pageErrors, []);
    await page.close();
  });
}

test('under a strict CSP with Trusted Types, beside the widgets: no violation', async () => {
  const sid = 'cdn_strict';
  const { page, problems, policy } = await open(
    article(tag(WIDGETS, { sid }) + tag(AUTOLINK, { sid, disclosure: 'Ad' })),
    true,
  );
  assert.equal(policy, STRICT_CSP);
  await rewritten(page, '#link');
  assert.equal(await page.$eval('#link + small', (label) => label.textContent), 'Ad');
  assert.deepEqual(await problems.violations(), []);
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.consoleErrors, []);
  await page.close();
});
