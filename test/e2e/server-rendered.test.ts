// Server-rendered widgets on a publisher's page, the way a publisher serves
// them: the elements rendered by `pubnet-widgets/render` through the proxy,
// written into the page's HTML, and the CDN bundle loaded `async` after them.
// Without JavaScript the links are there; with it, the bundle takes them over
// with no API request and no layout shift; under the strict CSP they are
// styled by a linked stylesheet, or by a `<style>` with the page's nonce.
//
// The take-over runs in Chromium, Firefox and WebKit. The site streams each
// page as a server that flushes early does: its top, and the rest (the
// widgets, the text between and after them) once the top has painted; and
// it holds the linked stylesheets (and the bundle, so that what is painted
// meanwhile is the server's HTML alone) until the page has painted them (or
// for a second, when nothing paints without them), as a slow network would.
// What is measured: the page records itself from its first script on
// (test/e2e/pages/watch.js), on every animation frame from the first paint,
// the boxes of the slot, the grid and the text after each; none may ever move
// by half a pixel (boxes are not read while a stylesheet of the document
// loads: reading them would make WebKit paint without it). Chromium also
// reports layout shifts, and there must be none; Firefox and WebKit have no
// such API. With the stylesheets linked in <head> too, the page's own list
// must keep its own look. Errors and CSP violations are the page's own record
// (WebKit's console cannot be read), console errors too where the driver
// reads them. Firefox waits for no stylesheet in <body>: its pages link them
// in <head>, as docs/render.md says.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { known } from '../../src/emulator/known.js';
import { renderAdslot, renderProductGrid, type StylesOption } from '../../src/render/index.js';
import { forEachEngine, type EngineHandle, type EnginePage } from './support/engines.js';
import { openSession, type Session } from './support/session.js';
import type { Site } from './support/site.js';
import { streamPieces } from './support/stream.js';
import { boxesOf, frames, paintedOr, readWatch, watchScript } from './support/watch.js';
import { waitForLoads } from './support/widgets.js';

const key = known.website.guid;
const NONCE = 'c3NyLXRlc3Qtbm9uY2U=';
const NONCE_CSP = `default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${NONCE}'; require-trusted-types-for 'script'`;

let session: Session | undefined;
let browser: Browser;
let site: Site;

/** A page in two parts: its top (<head>, a heading, an intro) and the rest, flushed later. */
interface PublisherPage {
  top: string;
  rest: string;
  /** Its own CSP header; without one, it is served under `/strict/`. */
  csp?: string;
}

/** Enough text for every engine to paint the top on its own (WebKit waits for some). */
const INTRO = Array.from(
  { length: 3 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the intro, above the widgets: a publisher's page flushes its top before its server has rendered what comes below, and the reader sees it at once.</p>`,
).join('\n');

/**
 * A publisher page with a server-rendered slot and grid above and between
 * text; the bundle `async` at the end, or (`early`) a plain script in <head>,
 * which defines the elements before the parser reaches them. With `head`, the
 * stylesheets the rendered elements link are linked in its <head> too, as the
 * docs/render.md says for Firefox; and the page has a list of its own, which they
 * must leave alone.
 */
async function publisherPage(
  styles: StylesOption | 'proxy',
  { early = false, head = false } = {},
): Promise<PublisherPage> {
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
  // The proxy's URL as a publisher gives it (absolute, as the README's `data-api`).
  const script = `<script ${early ? '' : 'async '}src="/cdn/pubnet.min.js" data-api="${api}" data-key="${key}"></script>`;
  const sheets = new Set(
    [slot.html, grid.html].flatMap((html) =>
      [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(([, href]) => href!),
    ),
  );
  // pubnet.css in <head>, as the README's quick start has it: it keeps their room from their
  // start tags on (server-rendered-room.test.ts); with `head`, their own stylesheets there too.
  const links = ['/cdn/pubnet.css', ...(head ? sheets : [])]
    .map((href) => `<link rel="stylesheet" href="${href}">`)
    .join('');
  return {
    top: `<!doctype html><html lang="en"><head><meta charset="utf-8">${watchScript(['slot', 'text', 'grid', 'after'])}<title>Server-rendered</title>${links}${early ? script : ''}</head>
<body><main><h1>Server-rendered</h1>
${INTRO}
`,
    rest: `${withId(slot.html, 'pubnet-adslot', 'slot')}
<p id="text">The article goes on right below the slot.</p>
${withId(grid.html, 'pubnet-product-grid', 'grid')}
<p id="after">And goes on.</p>
${head ? '<ul id="list"><li>The page’s own list</li></ul>' : ''}
</main>
${early ? '' : script}
</body></html>`,
  };
}

const pages = new Map<string, PublisherPage>();

/** A fragment of the proxy's `/render/` routes, as a publisher's server fetches it. */
async function fromProxy(path: string) {
  const response = await fetch(`${site.url}api/${path}`);
  assert.equal(response.headers.get('x-pubnet-render'), 'ready');
  return { state: 'ready', html: await response.text() };
}

before(async () => {
  session = await openSession();
  ({ browser, site } = session);
  const linked = { stylesheets: `${site.url}cdn/` };
  pages.set('linked', await publisherPage(linked));
  pages.set('linked-head', await publisherPage(linked, { head: true }));
  pages.set('early', await publisherPage(linked, { early: true }));
  pages.set('proxy', await publisherPage('proxy'));
  pages.set('proxy-head', await publisherPage('proxy', { head: true }));
  pages.set('nonce', { ...(await publisherPage({ nonce: NONCE })), csp: NONCE_CSP });
  const { top, rest } = pages.get('linked')!;
  site.page('/ssr-linked.html', top + rest);
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

/** What the take-over shows: the widgets' links, their height, and the page's own list. */
const readTakeOver = (page: EnginePage) =>
  page.evaluate(() => {
    // (No named inner functions: the callback runs in the page, without tsx's helpers.)
    const [slot, grid] = ['slot', 'grid'].map((id) => {
      const host = document.getElementById(id)!;
      return {
        links: host.shadowRoot!.querySelectorAll('a[data-i]').length,
        height: host.getBoundingClientRect().height,
      };
    });
    const list = document.getElementById('list');
    const style = list && getComputedStyle(list);
    return {
      slot: slot!,
      grid: grid!,
      list: style && { display: style.display, listStyle: style.listStyleType },
    };
  });

/**
 * Firefox paints what <body> holds before a stylesheet there arrives: only one in <head> waits
 * (which is why docs/render.md says to link `stylesheet` in <head>). There the test checks what
 * Firefox does instead: the server's HTML is painted unstyled first, and moves once the held
 * stylesheet arrives; everything else (take-over, no request, no error) holds as elsewhere.
 */
const BODY_ONLY = { paintsUnstyled: ['firefox'] };

forEachEngine((engine) => {
  for (const { name, page, held, paintsUnstyled = [] } of [
    {
      name: 'a linked stylesheet under the strict CSP, as rendered',
      page: 'linked',
      held: '/cdn/pubnet-',
      ...BODY_ONLY,
    },
    {
      name: 'a linked stylesheet under the strict CSP, linked in <head> too',
      page: 'linked-head',
      held: '/cdn/pubnet-',
    },
    { name: 'a <style> with the page’s nonce', page: 'nonce' },
    // The proxy's fragments link its own stylesheet: the strict CSP as it is.
    {
      name: 'the proxy’s /render/ fragments under the strict CSP, as they are',
      page: 'proxy',
      held: '/api/render/styles/',
      ...BODY_ONLY,
    },
    {
      name: 'the proxy’s /render/ fragments under the strict CSP, their stylesheets in <head> too',
      page: 'proxy-head',
      held: '/api/render/styles/',
    },
    // The elements exist before their shadow roots are parsed: the browser
    // refuses the declarative ones, and the elements render from their answer.
    { name: 'the bundle loaded before the elements', page: 'early' },
  ])
    test(
      paintsUnstyled.includes(engine.name)
        ? `${engine.label}: with ${name}: painted unstyled until the stylesheet in <body> arrives, then taken over with no API request, and pubnet-load fires`
        : `${engine.label}: with ${name}: taken over with no API request and no layout shift, and pubnet-load fires`,
      () => takenOver(engine, page, held, paintsUnstyled.includes(engine.name)),
    );
});

async function takenOver(
  engine: EngineHandle,
  name: string,
  held?: string,
  paintsUnstyled = false,
) {
  const served = pages.get(name)!;
  const path = `/ssr-${name}-${engine.name}.html`;
  // Its top at once, the rest once `flush()` is called (a server that streams its page).
  const flush = streamPieces(site, path, [served.top, served.rest], served.csp);
  // The elements' stylesheets arrive late: after the page has painted them, or a second late;
  // the bundle with them, so that what is painted meanwhile is the server's HTML alone.
  const holds = held ? [site.hold(held), site.hold('/cdn/pubnet.min.js')] : [];
  const from = site.requests.length;
  const page = await engine.open(
    site.url +
      (served.csp ? '' : 'strict/') +
      path.slice(1) +
      (paintsUnstyled ? '?watch=always' : ''),
  );
  try {
    // The top painted (or a second passed: its <head> may wait for a held stylesheet).
    const painted = await paintedOr(page);
    flush();
    if (holds.length) {
      // The rest parsed (its last paragraph painted) and painted twice, or a second later.
      await paintedOr(page, { after: painted, id: 'after' });
      for (const hold of holds) hold.release();
    }
    const loads = await waitForLoads(page, ['slot', 'grid']);
    assert.deepEqual(
      [...loads],
      [
        ['slot', 8],
        ['grid', 4],
      ],
    );
    // Two frames after the loads: anything the take-over moved has been laid out.
    await frames(page);
    const { slot, grid, list } = await readTakeOver(page);
    assert.equal(slot.links, 8);
    assert.equal(grid.links, 4);
    assert.ok(slot.height > 200 && slot.height < 1000, `height ${slot.height}`);
    if (list)
      assert.deepEqual(list, { display: 'block', listStyle: 'disc' }, 'the page’s own list');
    const watch = await readWatch(page);
    if (paintsUnstyled)
      assert.notDeepEqual(
        boxesOf(watch, 'text').moves,
        [],
        `${engine.label} now waits for a stylesheet in <body>: update docs/render.md and this test`,
      );
    else
      for (const id of ['slot', 'text', 'grid', 'after'])
        assert.deepEqual(boxesOf(watch, id).moves, [], `${engine.label}: #${id} moved`);
    if (!engine.reportsShifts) assert.equal(watch.shifts, null);
    else if (!paintsUnstyled) assert.deepEqual(watch.shifts, [], 'layout shifts');
    // Impression stats may go out; nothing the widgets show is asked for.
    assert.deepEqual(
      apiRequests(from).filter((request) => !request.startsWith('/api/publisher/products/stats/')),
      [],
    );
    assert.deepEqual(watch.violations, []);
    assert.deepEqual(watch.errors, []);
    // Chromium says so in the console when it refuses a declarative shadow root;
    // Firefox says nothing; WebKit's console cannot be read.
    const refused = 'A second declarative shadow root cannot be created on a host.';
    const expected = engine.name == 'chromium' && path.includes('early') ? [refused, refused] : [];
    if (page.consoleErrors) assert.deepEqual(page.consoleErrors, expected);
  } finally {
    for (const hold of holds) hold.release();
    await page.close();
  }
}
