// The ad slot's `widget_code`, exactly as the API gives it, pasted twice into
// a page: each tag renders its own slot right after itself, with its own key,
// whichever execution of the bundle defined the element.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { known } from '../../src/emulator/index.js';
import { watchPage, type PageProblems } from './support/browser.js';
import { openSession, type Session } from './support/session.js';
import type { Site } from './support/site.js';
import { nextFrame, readWidget, recordWidgetEvents, until } from './support/widgets.js';

/** A filter slot of the second website: another key than `known.filterAdslot`'s. */
const COFFEE_ADSLOT = 'a1000000-0000-4000-8000-000000000006';

let session: Session | undefined;
let browser: Browser;
let site: Site;
let page: Page;
let problems: PageProblems;
const codes: string[] = [];

/** The publisher adds their proxy's URL to the snippet, as the embed contract shows. */
const withApi = (code: string, api: string) =>
  code.replace('<script ', `<script data-api="${api}" `);

before(async () => {
  session = await openSession();
  ({ browser, site } = session);
  for (const id of [known.filterAdslot, COFFEE_ADSLOT]) {
    codes.push((await site.api<{ widget_code: string }>(`/publisher/adslots/${id}/`)).widget_code);
  }
  site.page(
    '/two-slots.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Two slots</title></head>
<body>
<h1>Two ad slots, pasted as the network gives them</h1>
<p id="first-para">Before the first slot.</p>
${withApi(codes[0]!, `${site.url}api/`)}
<p id="between">Between the slots.</p>
${withApi(codes[1]!, `${site.url}api/`)}
<p id="last-para">After the second slot.</p>
</body></html>`,
  );
  page = await browser.newPage();
  problems = await watchPage(page);
  await recordWidgetEvents(page);
  await page.goto(`${site.url}two-slots.html`);
});

after(() => session?.close());

test('the API’s widget_code loads this site’s bundle, async, with data-config and data-key', () => {
  const expected = [
    [known.filterAdslot, known.website.guid],
    [COFFEE_ADSLOT, known.websites.secondActive.guid],
  ];
  codes.forEach((code, i) => {
    assert.equal(
      code,
      `<script async src="${site.url}cdn/pubnet.min.js" data-config="${expected[i]![0]}" ` +
        `data-key="${expected[i]![1]}"></script>`,
    );
  });
});

test('two widget_code tags render two slots, each right after its own script tag', async () => {
  const order = await until(
    'both slots',
    async () => {
      const children = await page.$$eval('body > *', (elements) =>
        elements.map((el) =>
          el.localName === 'script'
            ? `script:${(el as HTMLScriptElement).dataset.config}`
            : el.localName === 'pubnet-adslot'
              ? `slot:${el.getAttribute('adslot')}:${el.getAttribute('key')}`
              : el.id || el.localName,
        ),
      );
      return children.filter((child) => child.startsWith('slot:')).length >= 2 && children;
    },
    () => nextFrame(page),
  );
  assert.deepEqual(order, [
    'h1',
    'first-para',
    `script:${known.filterAdslot}`,
    `slot:${known.filterAdslot}:${known.website.guid}`,
    'between',
    `script:${COFFEE_ADSLOT}`,
    `slot:${COFFEE_ADSLOT}:${known.websites.secondActive.guid}`,
    'last-para',
  ]);
});

test('both slots load their products, each credited to its own website key', async () => {
  const slots = await until(
    'both slots to load',
    async () => {
      const states = await page.$$eval('pubnet-adslot', (all) =>
        all.map((el) => el.getAttribute('state')),
      );
      return states.length === 2 && states.every((state) => state === 'ready') && states;
    },
    () => nextFrame(page),
  );
  assert.deepEqual(slots, ['ready', 'ready']);
  const [filter, coffee] = await Promise.all([
    readWidget(page, `pubnet-adslot[adslot="${known.filterAdslot}"]`),
    readWidget(page, `pubnet-adslot[adslot="${COFFEE_ADSLOT}"]`),
  ]);
  assert.ok(filter.links.length > 0 && coffee.links.length > 0);
  const searches = site.emulator.requests
    .filter((entry) => entry.method === 'POST' && entry.path === '/publisher/products/')
    .map((entry) => new URLSearchParams(entry.search).get('key'))
    .sort();
  assert.deepEqual(searches, [known.website.guid, known.websites.secondActive.guid].sort());
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.consoleErrors, []);
});

test('an async widget_code that runs while the page is still arriving renders in place', async () => {
  // The page stops after the snippet until the slot has asked the API for
  // itself: the bundle ran, and inserted the slot, before the rest was parsed.
  const asked = () =>
    site.requests.filter(
      (path) => path.split('?')[0] === `/api/publisher/adslots/${COFFEE_ADSLOT}/`,
    ).length;
  const before = asked();
  site.route('/streamed.html', () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(
          encoder.encode(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Streamed</title></head>' +
              `<body><p id="first-para">Before.</p>${withApi(codes[1]!, `${site.url}api/`)}` +
              // Enough bytes for the parser to run what it has so far.
              `<!-- ${' '.repeat(4096)} -->`,
          ),
        );
        // Its answer reaching the page: the site has logged the request by then.
        await streamed
          .waitForResponse(
            (response) =>
              new URL(response.url()).pathname === `/api/publisher/adslots/${COFFEE_ADSLOT}/`,
            { timeout: 5000 },
          )
          .catch(() => {});
        controller.enqueue(encoder.encode('<p id="last-para">After.</p></body></html>'));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  });
  const streamed = await browser.newPage();
  const streamedProblems = await watchPage(streamed);
  await streamed.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.dataset.slotBeforeReady = String(
        !!document.querySelector('pubnet-adslot'),
      );
    });
  });
  await streamed.goto(`${site.url}streamed.html`);
  assert.ok(asked() > before, 'the slot never asked the API for itself');
  assert.equal(
    await streamed.evaluate(() => document.documentElement.dataset.slotBeforeReady),
    'true',
    'the slot was inserted only after the page was parsed',
  );
  const order = await streamed.$$eval('body > *', (elements) =>
    elements.map((el) => el.id || el.localName),
  );
  assert.deepEqual(order, ['first-para', 'script', 'pubnet-adslot', 'last-para']);
  await until(
    'the streamed slot to load',
    () => streamed.$eval('pubnet-adslot', (el) => el.getAttribute('state') === 'ready'),
    () => nextFrame(streamed),
  );
  assert.deepEqual(streamedProblems.pageErrors, []);
  await streamed.close();
});
