// Server-rendered widgets on a publisher's page, the way a publisher serves
// them: the elements rendered by `pubnet-widgets/render` through the proxy,
// written into the page's HTML, and the CDN bundle loaded `async` after them.
// Without JavaScript the links are there; with it, the bundle takes them over
// with no API request and no layout shift; under the strict CSP they are
// styled by a linked stylesheet, or by a `<style>` with the page's nonce.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { known } from '../../src/emulator/known.js';
import { renderAdslot, renderProductGrid, type StylesOption } from '../../src/render/index.js';
import { watchPage } from './support/browser.js';
import { openSession, type Session } from './support/session.js';
import type { Site } from './support/site.js';
import {
  layoutShifts,
  recordLayoutShifts,
  recordWidgetEvents,
  waitForLoads,
  within,
} from './support/widgets.js';

const key = known.website.guid;
const NONCE = 'c3NyLXRlc3Qtbm9uY2U=';
const NONCE_CSP = `default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${NONCE}'; require-trusted-types-for 'script'`;

let session: Session | undefined;
let browser: Browser;
let site: Site;

/**
 * A publisher page with a server-rendered slot and grid above and between
 * text; the bundle `async` at the end, or (`early`) a plain script in <head>,
 * which defines the elements before the parser reaches them.
 */
async function publisherPage(styles: StylesOption | 'proxy', early = false): Promise<string> {
  const api = `${site.url}api/`;
  const [slot, grid] =
    styles == 'proxy'
      ? await Promise.all([
          fromProxy(`render/adslots/${known.filterAdslot}/?key=${key}`),
          fromProxy(`render/product-grid/?query=headphones&limit=4&key=${key}`),
        ])
      : await Promise.all([
          renderAdslot({ adslot: known.filterAdslot, key, api, styles }),
          renderProductGrid({ query: 'headphones', limit: '4', key }, { api, styles }),
        ]);
  assert.equal(slot.state, 'ready');
  assert.equal(grid.state, 'ready');
  const withId = (html: string, tag: string, id: string) =>
    html.replace(`<${tag} `, `<${tag} id="${id}" `);
  const script = `<script ${early ? '' : 'async '}src="/cdn/pubnet.min.js" data-api="/api/" data-key="${key}"></script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Server-rendered</title>${early ? script : ''}</head>
<body><main>
${withId(slot.html, 'pubnet-adslot', 'slot')}
<p id="text">The article starts right below the slot.</p>
${withId(grid.html, 'pubnet-product-grid', 'grid')}
<p>And goes on.</p>
</main>
${early ? '' : script}
</body></html>`;
}

/** A fragment of the proxy's `/render/` routes, as a publisher's server fetches it. */
async function fromProxy(path: string) {
  const response = await fetch(`${site.url}api/${path}`);
  assert.equal(response.headers.get('x-pubnet-render'), 'ready');
  return { state: 'ready', html: await response.text() };
}

before(async () => {
  session = await openSession();
  ({ browser, site } = session);
  site.page('/ssr-linked.html', await publisherPage({ stylesheets: `${site.url}cdn/` }));
  site.page('/ssr-early.html', await publisherPage({ stylesheets: `${site.url}cdn/` }, true));
  site.page('/ssr-proxy.html', await publisherPage('proxy'));
  const nonced = await publisherPage({ nonce: NONCE });
  site.route(
    '/ssr-nonce.html',
    () =>
      new Response(nonced, {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'content-security-policy': NONCE_CSP,
        },
      }),
  );
});

after(() => session?.close());

/** The API requests the site received from `index` on (path and query): not the proxy's stylesheets. */
const apiRequests = (from: number) =>
  site.requests
    .slice(from)
    .filter((path) => path.startsWith('/api/') && !path.startsWith('/api/render/styles/'));

/** What a reader sees of the widgets: their links, label, images and boxes. */
async function readPage(page: Page) {
  const read = async (id: string) => {
    const links = page.locator(`#${id} a[data-i]`);
    const count = await links.count();
    const all = [];
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      all.push({
        href: await link.getAttribute('href'),
        rel: await link.getAttribute('rel'),
        visible: await link.isVisible(),
      });
    }
    const images = page.locator(`#${id} img`);
    const image = images.first();
    return {
      links: all,
      label: await page.locator(`#${id} [part=disclosure]`).first().textContent(),
      labelVisible: await page.locator(`#${id} [part=disclosure]`).first().isVisible(),
      images: await images.count(),
      image: {
        loading: await image.getAttribute('loading'),
        width: await image.getAttribute('width'),
        height: await image.getAttribute('height'),
        alt: await image.getAttribute('alt'),
      },
      box: await page.locator(`#${id}`).boundingBox(),
    };
  };
  return { slot: await read('slot'), grid: await read('grid') };
}

test('without JavaScript the page shows the products as sponsored links, the label and lazy images', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const from = site.requests.length;
    await page.goto(`${site.url}strict/ssr-linked.html`);
    const { slot, grid } = await readPage(page);
    assert.equal(slot.links.length, 8);
    assert.equal(grid.links.length, 4);
    for (const link of [...slot.links, ...grid.links]) {
      assert.match(link.href!, /^https?:\/\//);
      assert.deepEqual(link.rel!.split(' ').sort(), ['noopener', 'sponsored']);
      assert.ok(link.visible);
    }
    assert.equal(slot.label, 'Ad');
    assert.ok(slot.labelVisible);
    assert.equal(slot.images, 8);
    assert.equal(slot.image.loading, 'lazy');
    assert.match(slot.image.width!, /^\d+$/);
    assert.match(slot.image.height!, /^\d+$/);
    assert.notEqual(slot.image.alt, null);
    // Styled by the linked stylesheet: cards in a grid, not a bare list.
    assert.ok(slot.box!.height > 200 && slot.box!.height < 1000, `height ${slot.box!.height}`);
    assert.deepEqual(apiRequests(from), []);
  } finally {
    await context.close();
  }
});

for (const [name, path] of [
  ['a linked stylesheet under the strict CSP', 'strict/ssr-linked.html'],
  ['a <style> with the page’s nonce', 'ssr-nonce.html'],
  // The proxy's fragments link its own stylesheet: the strict CSP as it is.
  ['the proxy’s /render/ fragments under the strict CSP', 'strict/ssr-proxy.html'],
  // The elements exist before their shadow roots are parsed: the browser
  // refuses the declarative ones, and the elements render from their answer.
  ['the bundle loaded before the elements', 'strict/ssr-early.html'],
] as const)
  test(`with ${name}: taken over with no API request and no layout shift, and pubnet-load fires`, async () => {
    const page = await browser.newPage();
    try {
      const problems = await watchPage(page);
      await recordWidgetEvents(page);
      await recordLayoutShifts(page);
      const from = site.requests.length;
      const response = await page.goto(site.url + path);
      assert.match(response!.headers()['content-security-policy']!, /style-src 'self'/);
      const loads = await waitForLoads(page, ['slot', 'grid']);
      assert.deepEqual(
        [...loads],
        [
          ['slot', 8],
          ['grid', 4],
        ],
      );
      const { slot, grid } = await readPage(page);
      assert.equal(slot.links.length, 8);
      assert.equal(grid.links.length, 4);
      assert.ok(slot.box!.height > 200 && slot.box!.height < 1000, `height ${slot.box!.height}`);
      // Two frames after the loads: anything the take-over moved has been laid out.
      await within(
        'two frames',
        page.evaluate(
          () =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        ),
      );
      const shifts = await layoutShifts(page);
      assert.deepEqual(shifts, []);
      // Impression stats may go out; nothing the widgets show is asked for.
      assert.deepEqual(
        apiRequests(from).filter(
          (request) => !request.startsWith('/api/publisher/products/stats/'),
        ),
        [],
      );
      assert.deepEqual(await problems.violations(), []);
      // Chromium says so in the console when it refuses a declarative shadow root.
      const refused = 'A second declarative shadow root cannot be created on a host.';
      assert.deepEqual(problems.consoleErrors, path.includes('early') ? [refused, refused] : []);
      assert.deepEqual(problems.pageErrors, []);
    } finally {
      await page.close();
    }
  });
