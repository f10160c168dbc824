// A publisher's plain HTML page with the built CDN file (async), every element
// of the embed contract, and the proxy in front of the API.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { known } from '../../src/emulator/index.js';
import { packageVersion } from './support/bundle.js';
import { watchPage, type PageProblems } from './support/browser.js';
import { openSession, type Session } from './support/session.js';
import type { Site } from './support/site.js';
import { domTexts, Traffic } from './support/traffic.js';
import {
  ApiAnswers,
  readWidget,
  recordWidgetEvents,
  waitForLoads,
  type RenderedWidget,
} from './support/widgets.js';

let session: Session | undefined;
let browser: Browser;
let site: Site;
let page: Page;
let problems: PageProblems;
let answers: ApiAnswers;
let loads: Map<string, number>;
let traffic: Traffic;

const WIDGETS = ['offer-link', 'grid', 'filter-slot', 'manual-slot'];

before(async () => {
  session = await openSession();
  ({ browser, site } = session);
  page = await browser.newPage();
  problems = await watchPage(page);
  traffic = new Traffic(page);
  await recordWidgetEvents(page);
  answers = new ApiAnswers(page);
  await page.goto(`${site.url}widgets.html`);
  loads = await waitForLoads(page, WIDGETS);
  await answers.settled();
});

after(() => session?.close());

/** Guarantee 1: every link is a click URL the API gave, sponsored and noopener, in a new tab. */
function assertSponsoredLinks(widget: RenderedWidget, count: number) {
  assert.equal(widget.links.length, count, `${widget.tag}: ${JSON.stringify(widget.links)}`);
  for (const link of widget.links) {
    assert.ok(answers.links.has(link.href), `${link.href} is not a click URL the API gave`);
    assert.match(link.href, new RegExp(`^${site.url}click/\\w+/`));
    assert.deepEqual(link.rel.split(/\s+/).sort(), ['noopener', 'sponsored']);
    assert.equal(link.target, '_blank');
  }
}

/** Guarantee 4: images have alt, width, height and loading=lazy. */
function assertImages(widget: RenderedWidget, atLeast: number) {
  assert.ok(widget.images.length >= atLeast, `${widget.tag}: ${widget.images.length} images`);
  for (const image of widget.images) {
    assert.ok(image.alt, `${image.src} has no alt`);
    assert.match(image.width ?? '', /^\d+$/);
    assert.match(image.height ?? '', /^\d+$/);
    assert.equal(image.loading, 'lazy');
    assert.ok(image.src.startsWith(site.url), image.src);
  }
}

test('the async bundle gives the page window.Pubnet with the package version', async () => {
  const global = await page.evaluate(() => ({
    version: window.Pubnet?.version,
    configure: typeof window.Pubnet?.configure,
  }));
  assert.deepEqual(global, { version: packageVersion, configure: 'function' });
});

/**
 * How many products the filter slot should show, asked of the emulator itself (with the
 * token, no proxy, no widget code): the products its rows find, as the API's filters written
 * out here (seed/adslots.ts: Sony or Bose headphones, 10 to 5000, not refurbished), at most
 * the `limit` of its config.
 */
async function filterSlotProducts(): Promise<number> {
  const adslot = await site.api<{ config: string; filters: unknown[] }>(
    `/publisher/adslots/${known.filterAdslot}/`,
  );
  assert.deepEqual(adslot.filters, [
    { brand: 'Sony|Bose', category: 'Headphones' },
    { price: '10..5000', title: '!refurbished' },
  ]);
  const { limit } = JSON.parse(adslot.config) as { limit: number };
  const found = await site.api<{ count: number }>(
    `/publisher/products/?key=${known.website.guid}`,
    {
      filters: [
        { brand: { lookup: 'contains', value: ['Sony', 'Bose'] } },
        { category: { lookup: 'contains', value: 'Headphones' } },
        { price: { lookup: 'range', value: [10, 5000] } },
        { title: { lookup: '~contains', value: 'refurbished' } },
      ],
      page_size: 1,
    },
  );
  assert.ok(found.count > 0 && limit > 0, `${found.count} products, limit ${limit}`);
  return Math.min(found.count, limit);
}

test('every widget fires pubnet-load with the number of items it shows', async () => {
  assert.deepEqual(Object.fromEntries(loads), {
    'offer-link': 1,
    grid: 4,
    'filter-slot': await filterSlotProducts(),
    'manual-slot': 4,
  });
});

test('<pubnet-product-grid> shows product cards linking to the API’s click URLs', async () => {
  const grid = await readWidget(page, '#grid');
  assert.equal(grid.state, 'ready');
  assertSponsoredLinks(grid, 4);
  assert.equal(new Set(grid.links.map((link) => link.href)).size, 4, 'the same card twice');
  assertImages(grid, 4);
  assert.deepEqual(grid.disclosure, ['Ad']);
});

test('a filter <pubnet-adslot> shows the products its filters find, labelled as its config says', async () => {
  const slot = await readWidget(page, '#filter-slot');
  const count = await filterSlotProducts();
  assertSponsoredLinks(slot, count);
  assertImages(slot, count);
  assert.deepEqual(slot.disclosure, ['Ad']);
  const brands = await page.$$eval('#filter-slot >> [part~="brand"]', (brands) =>
    brands.map((brand) => brand.textContent),
  );
  assert.ok(
    brands.length > 0 && brands.every((brand) => /^(Sony|Bose)$/.test(brand!)),
    `${brands}`,
  );
});

test('a manual <pubnet-adslot> places its product, offer, banner and html widgets', async () => {
  const slot = await readWidget(page, '#manual-slot');
  // The product and the offer are links; creatives are frames. Through the
  // shipped proxy the slot's answer holds what they show: the product's card
  // (image, title, price) and the offer's logo and name.
  assertSponsoredLinks(slot, 2);
  assertImages(slot, 2);
  const shown = await page.$eval('#manual-slot', (element) =>
    [...element.shadowRoot!.querySelectorAll('.placed [part=title]')].map(
      (title) => title.textContent,
    ),
  );
  assert.equal(shown.length, 2, `placed titles: ${shown.join(', ')}`);
  assert.ok(shown.every(Boolean));
  assert.deepEqual(slot.disclosure, ['Sponsored']);
  assert.equal(slot.frames.length, 2);
  for (const frame of slot.frames) {
    const flags = frame.sandbox.split(/\s+/);
    assert.ok(!(flags.includes('allow-scripts') && flags.includes('allow-same-origin')));
    assert.ok(!flags.includes('allow-scripts'), 'creatives run no script');
    assert.ok(frame.title, 'a frame without a title');
  }
  // The html creative's script must not have run, neither in its frame nor on the page.
  assert.equal(await page.evaluate(() => document.body.dataset.pwned), undefined);
  const ran = await Promise.all(page.frames().map((frame) => frame.$('#script-ran')));
  assert.ok(
    ran.every((found) => found === null),
    'a creative script ran',
  );
  assert.ok(problems.creativeMessages.length > 0, 'the sandbox blocked nothing');
  for (const message of problems.creativeMessages)
    assert.match(message, /^Blocked script execution/);
  // The banner's image is shown inside its frame.
  const banner = await Promise.all(
    page.frames().map((frame) => frame.$('img[src*="/images/banner-"]')),
  );
  assert.ok(banner.some(Boolean), 'the banner creative shows no image');
});

test('<pubnet-offer-link> turns the publisher’s own <a> into the offer’s tracking link', async () => {
  const link = await readWidget(page, '#offer-link');
  assertSponsoredLinks(link, 1);
  assert.deepEqual(link.disclosure, ['Ad']);
  // Still the publisher's anchor, with its text, not a copy in the shadow root.
  assert.equal(
    await page.$eval('#offer-link > a', (a) => [a.textContent, a.getAttribute('href')].join(' ')),
    `MediaPoint ${link.links[0]!.href}`,
  );
});

test('the widgets went through the proxy: the token never reached the page', async () => {
  const calls = site.emulator.requests.filter((entry) => entry.path.startsWith('/publisher/'));
  assert.ok(calls.some((entry) => entry.path === `/publisher/adslots/${known.filterAdslot}/`));
  assert.ok(
    calls.some((entry) => entry.path === `/publisher/offers/${known.offers[0]}/tracking_link/`),
  );
  // Everything the page saw: each request and response (headers and bodies), each frame's
  // light DOM and every shadow root, storage and cookies.
  const seen = [...(await traffic.settled()), ...(await domTexts(page))];
  const api = seen.filter(({ where }) => /^response 200 .*\/api\//.test(where));
  assert.ok(api.length >= WIDGETS.length, `only ${api.length} API answers were recorded`);
  const roots = seen.filter(({ where }) => where.includes('shadow root of <pubnet-'));
  assert.ok(roots.length >= WIDGETS.length, `only ${roots.length} shadow roots were read`);
  const token = site.emulator.token;
  const forms = [token, encodeURIComponent(token)];
  assert.notEqual(
    forms[0],
    forms[1],
    'a token URL-encoding leaves as it is makes the encoded check no check',
  );
  const leaks = seen.filter(({ text }) => forms.some((form) => text.includes(form)));
  assert.deepEqual(
    leaks.map(({ where }) => where),
    [],
    'the token reached the page',
  );
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.consoleErrors, []);
});
