// A server-rendered element's box is final at its first paint, whatever the
// parser's pace. A server streams its page, and the network (or the parser's
// own time slices) may stop it anywhere: between a widget's start tag and its
// shadow root, or inside the shadow root, after its label, after one card.
// Every engine paints what it has parsed by then. So the room must be known
// from the start tag alone: pubnet.css in <head> (as the README's quick start
// has it) reads the element's `data-room`, which the render writes.
//
// The site streams each page in pieces and stops at each such place until
// the engine has parsed up to it and painted it twice; the page records its
// boxes on every animation frame (test/e2e/pages/watch.js). Neither widget,
// nor the text between and after them, may ever move by half a pixel, in
// Chromium, Firefox and WebKit, with each way of carrying the styles
// (docs/render.md): a <style>, a <style> with the page's nonce, linked
// stylesheets (in <head> too), and the proxy's /render/ fragments. Then the
// bundle takes them over, still without a move.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { known } from '../../src/emulator/known.js';
import { renderAdslot, renderProductGrid, type StylesOption } from '../../src/render/index.js';
import { forEachEngine, type EngineHandle, type EnginePage } from './support/engines.js';
import { openSession, type Session } from './support/session.js';
import type { Site } from './support/site.js';
import { streamPieces } from './support/stream.js';
import { boxesOf, frames, readWatch, watchScript } from './support/watch.js';
import { waitForLoads, within } from './support/widgets.js';

const key = known.website.guid;
const NONCE = 'cm9vbS10ZXN0LW5vbmNl';
const STRICT = "default-src 'self'; script-src 'self'; style-src 'self'";
const IDS = ['slot', 'text', 'grid', 'after'];

/** Enough text for every engine to paint the top on its own (WebKit waits for some). */
const INTRO = Array.from(
  { length: 3 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the top of the page, painted at once: a publisher's server flushes what it has, and the widgets below come as they are written.</p>`,
).join('\n');

let session: Session | undefined;
let site: Site;

/** Where the stream stops, in order: what the page has parsed there (see `parsedUpTo`). */
interface Stop {
  /** The element the stream stops in. */
  id: 'slot' | 'grid';
  /** Its cards parsed by then: none (and no shadow root yet: `undefined`), or so many. */
  cards?: number;
  /** Its label parsed by then. */
  label?: boolean;
}

interface StreamedPage {
  /** The page in pieces: each but the last ends where the stream stops (`stops`). */
  pieces: string[];
  stops: Stop[];
  csp?: string;
}

const STOPS: Stop[] = [
  // The slot's start tag, and nothing of its shadow root.
  { id: 'slot' },
  // Its label and first card.
  { id: 'slot', cards: 1, label: true },
  // The grid's label, no card (what a busy Chromium painted in a CI run).
  { id: 'grid', cards: 0, label: true },
];

/** The page's HTML cut after each stop (a start tag, a card's `</li>`, the label's `</span>`). */
function cut(html: string): string[] {
  const slot = html.indexOf('<pubnet-adslot ');
  const grid = html.indexOf('<pubnet-product-grid ');
  const at = [
    html.indexOf('>', slot) + 1,
    html.indexOf('</li>', slot) + '</li>'.length,
    html.indexOf('</span>', html.indexOf('part="disclosure"', grid)) + '</span>'.length,
  ];
  assert.ok(
    at.every((place, i) => place > (at[i - 1] ?? 0)),
    'the page has every stop',
  );
  return [...at, html.length].map((end, i) => html.slice(at[i - 1] ?? 0, end));
}

async function streamedPage(
  styles: StylesOption | 'proxy',
  csp?: string,
  nonce?: string,
): Promise<StreamedPage> {
  const api = `${site.url}api/`;
  const fromProxy = async (path: string) => {
    const response = await fetch(`${api}${path}`);
    assert.equal(response.headers.get('x-pubnet-render'), 'ready');
    return { html: await response.text(), stylesheet: undefined };
  };
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
  const withId = (html: string, tag: string, id: string) =>
    html.replace(`<${tag} `, `<${tag} id="${id}" `);
  const linked = new Set(
    [slot.html, grid.html].flatMap((html) =>
      [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(([, href]) => href!),
    ),
  );
  const attributes = nonce ? ` nonce="${nonce}"` : '';
  // pubnet.css first, as the README's quick start has it; the rendered ones' stylesheets too.
  const head = ['/cdn/pubnet.css', ...linked]
    .map((href) => `<link rel="stylesheet" href="${href}"${attributes}>`)
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">${watchScript(IDS)}<title>Streamed</title>${head}</head>
<body><main><h1>Streamed in pieces</h1>
${INTRO}
${withId(slot.html, 'pubnet-adslot', 'slot')}
<p id="text">The article goes on right below the slot.</p>
${withId(grid.html, 'pubnet-product-grid', 'grid')}
<p id="after">And goes on.</p>
</main>
<script async src="/cdn/pubnet.min.js" data-api="${api}" data-key="${key}"></script>
</body></html>`;
  return { pieces: cut(html), stops: STOPS, csp };
}

/**
 * Resolves once the page has parsed up to `stop` (into a shadow root, or into the template an
 * engine keeps until its end tag) and painted twice since.
 */
async function parsedUpTo(page: EnginePage, stop: Stop) {
  const reached = () =>
    page.evaluate(({ id, cards, label }) => {
      const host = document.getElementById(id);
      if (!host) return false;
      const template = host.querySelector('template');
      const root = host.shadowRoot ?? template?.content;
      if (cards === undefined) return !root;
      return (
        !!root &&
        root.querySelectorAll('li.card').length == cards &&
        !!root.querySelector('[part=disclosure]') == !!label
      );
    }, stop);
  await within(
    `the page parsed up to ${JSON.stringify(stop)}`,
    (async () => {
      while (!(await reached())) await new Promise((resolve) => setTimeout(resolve, 20));
    })(),
  );
  await frames(page);
}

before(async () => {
  session = await openSession();
  site = session.site;
});

after(() => session?.close());

const SETUPS: { name: string; page: () => Promise<StreamedPage> }[] = [
  { name: 'a <style>', page: () => streamedPage('inline') },
  {
    name: 'a <style> with the page’s nonce',
    page: () =>
      streamedPage(
        { nonce: NONCE },
        `default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${NONCE}'`,
        NONCE,
      ),
  },
  {
    name: 'linked stylesheets, in <head> too',
    page: () => streamedPage({ stylesheets: `${site.url}cdn/` }, STRICT),
  },
  { name: 'the proxy’s /render/ fragments', page: () => streamedPage('proxy', STRICT) },
];

forEachEngine((engine) => {
  for (const { name, page } of SETUPS)
    test(`${engine.label}: with ${name}, streamed with pauses inside the widgets: their boxes are final at their first paint`, async () =>
      streamedThrough(engine, name, await page()));
});

async function streamedThrough(engine: EngineHandle, name: string, served: StreamedPage) {
  const path = `/room-${name.replace(/\W+/g, '-')}-${engine.name}.html`;
  const next = streamPieces(site, path, served.pieces, served.csp);
  const page = await engine.open(site.url + path.slice(1));
  try {
    // The first piece is on its way; each next one once the page has painted what came.
    for (const stop of served.stops) {
      await parsedUpTo(page, stop);
      next();
    }
    const loads = await waitForLoads(page, ['slot', 'grid']);
    assert.deepEqual(
      [...loads],
      [
        ['slot', 8],
        ['grid', 4],
      ],
    );
    await frames(page);
    const watch = await readWatch(page);
    for (const id of IDS)
      assert.deepEqual(boxesOf(watch, id).moves, [], `${engine.label}: #${id} moved`);
    // Painted before the rest arrived: the slot at its first stop, the grid at its last.
    const firstFrame = (id: string) =>
      watch.boxes.find(({ boxes }) => boxes[id]?.width && boxes[id]?.height)?.frame ?? Infinity;
    assert.ok(firstFrame('slot') < firstFrame('text'), 'the slot painted before the rest');
    assert.ok(firstFrame('grid') < firstFrame('after'), 'the grid painted before the rest');
    if (engine.reportsShifts) assert.deepEqual(watch.shifts, [], 'layout shifts');
    assert.deepEqual(watch.violations, []);
    assert.deepEqual(watch.errors, []);
  } finally {
    for (const _ of served.pieces) next();
    await page.close();
  }
}
