// The README's quick start, pasted as it is (bench/fixtures/quick-start.mjs reads it
// from README.md), shifts nothing a reader sees, in Chromium, Firefox and
// WebKit: the `async` script arrives only after the page's first paint (the
// site holds it until then), and the text below a product grid or a sized ad
// slot stays where it was painted, through the definition, the skeleton and
// the content, on a desktop and a mobile viewport. Server-rendered, with the
// same stylesheet: the same. And the demo's ad slots, whose heights the
// demo's own CSS states (demo/demo.css) as a publisher would; and offer links
// in running text, with their labels, and one styled as a button the way
// the demo does it (demo/offer-links.css).
//
// What is measured: the page records itself from its first script on
// (test/e2e/pages/watch.js), on every animation frame from the first paint,
// the box of the widget and of the text below it; neither may ever move by
// half a pixel. Chromium also reports layout shifts (the Layout Instability
// API), and there must be none; Firefox and WebKit have no such API, so
// there the boxes on every frame are the whole check.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { quickStart, substitute } from '../../bench/fixtures/quick-start.mjs';
import { known } from '../../src/emulator/known.js';
import { renderTags } from '../../src/render/index.js';
import { root } from './support/bundle.js';
import { forEachEngine, type EngineHandle, type Viewport } from './support/engines.js';
import { startSite, type Site } from './support/site.js';
import {
  boxesOf,
  frames,
  imagesDecoded,
  paintedOr,
  readWatch,
  watchScript,
} from './support/watch.js';
import { waitForLoads } from './support/widgets.js';

/**
 * Mobile: a phone's width at a device pixel ratio of 1.75 (in Chromium with
 * its meta viewport and touch; Firefox has no mobile emulation over BiDi, and
 * WebKit's window under Xvfb is at a ratio of 1 and at least 447px wide).
 */
const VIEWPORTS: Record<string, Viewport> = {
  desktop: { width: 1350, height: 940 },
  mobile: { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true },
};

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site?.close());

/** The quick start's page for one widget: its `<head>` block, a heading, the widget, text. */
function quickStartPage(tag: string): string {
  const { head, widgets } = quickStart(readFileSync(`${root}README.md`, 'utf8'));
  const fill = (html: string) =>
    substitute(html, {
      cdn: `${site.url}cdn/`,
      api: `${site.url}api/`,
      key: known.website.guid,
      // A 300×250 banner: the size the README's snippet states.
      adslot: known.bannerAdslot,
      offer: known.offers[0],
    });
  const widget = (widgets as Record<string, string>)[tag];
  assert.ok(widget, `the quick start places no <${tag}>`);
  const text = Array.from(
    { length: 12 },
    (_, i) => `<p${i ? '' : ' id="text"'}>Paragraph ${i + 1} of the article, below the widget.</p>`,
  ).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
${watchScript(['text', 'widget'])}
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Quick start</title>
${fill(head.join('\n'))}
</head><body><main><h1>Today's picks</h1>
${fill(widget).replace(`<${tag}`, `<${tag} id="widget"`)}
${text}
</main></body></html>`;
}

/**
 * Opens `path` with the CDN script held by the site until the page has
 * painted, then lets it load the widget; gives what the page recorded.
 */
async function shiftsOf(engine: EngineHandle, path: string, viewport: Viewport) {
  const held = site.hold('/cdn/pubnet.min.js');
  const page = await engine.open(site.url + path.slice(1), viewport);
  try {
    // Painted (two frames) with the script still held: what the reader sees first.
    await paintedOr(page, { ms: 20_000 });
    const defined = await page.evaluate(() => !!customElements.get('pubnet-product-grid'));
    assert.equal(defined, false, 'the script was held until after the first paint');
    held.release();
    await waitForLoads(page, ['widget']);
    // Images decoded and laid out, then two frames: whatever moves has moved.
    await imagesDecoded(page, 'widget');
    await frames(page);
    return await readWatch(page);
  } finally {
    held.release();
    await page.close();
  }
}

/** Neither the widget nor the text below it moved from where it was first painted. */
function assertStill(
  engine: EngineHandle,
  viewportName: string,
  watch: Awaited<ReturnType<typeof readWatch>>,
) {
  const where = `${engine.label}, ${viewportName}`;
  for (const id of ['text', 'widget'])
    assert.deepEqual(boxesOf(watch, id).moves, [], `${where}: #${id} moved`);
  if (engine.reportsShifts) assert.deepEqual(watch.shifts, [], `${where}: layout shifts`);
  else assert.equal(watch.shifts, null, `${where}: no Layout Instability API expected`);
}

/**
 * The demo's three ad slots as its pages place them (filter-slot.html,
 * polish.html, manual-slot.html): each in a column of its own with its
 * stated height (demo/demo.css), text after each; `eager`, so that the ones
 * below the viewport load too.
 */
function demoSlotsPage(): string {
  const slot = (id: string, className: string, adslot: string, lang = 'en') =>
    `<section class="example"><div class="live" lang="${lang}"><p class="label">Live</p>
<pubnet-adslot id="${id}" class="${className}" adslot="${adslot}" eager></pubnet-adslot></div></section>
<p id="after-${id}">The text after the slot.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
${watchScript(['headphones', 'after-headphones', 'ekspresy', 'after-ekspresy', 'featured', 'after-featured'])}
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo slots</title>
<link rel="stylesheet" href="/cdn/pubnet.css"><link rel="stylesheet" href="/pkg/demo/demo.css">
<script async src="/cdn/pubnet.min.js" data-api="${site.url}api/" data-key="${known.website.guid}"></script>
</head><body><main><h1>The demo's slots</h1>
${slot('headphones', 'slot-height', known.filterAdslot)}
${slot('ekspresy', 'slot-height', known.polishAdslot, 'pl')}
${slot('featured', 'slot-728x320', known.manualAdslot)}
</main></body></html>`;
}

/** Offer links as the demo places them (demo/offer-links.html), text after each. */
function offerLinksPage(): string {
  const [mediapoint, technova, sportzone] = known.offers;
  const sale = 'https://www.mediapoint.example/sale/';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
${watchScript(['mediapoint', 'after-mediapoint', 'polish', 'after-polish', 'technova', 'after-technova', 'sportzone', 'below-sportzone', 'own', 'after-own'])}
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Offer links</title>
<link rel="stylesheet" href="/cdn/pubnet.css"><link rel="stylesheet" href="/pkg/demo/offer-links.css">
<script async src="/cdn/pubnet.min.js" data-api="${site.url}api/" data-key="${known.website.guid}"></script>
</head><body><main><h1>Offer links</h1>
<p>This week <pubnet-offer-link id="mediapoint" offer="${mediapoint}" deep-link="${sale}"><a href="${sale}">MediaPoint has headphones on sale</a></pubnet-offer-link><span id="after-mediapoint">, up to a third off the usual price.</span></p>
<p lang="pl">W tym tygodniu <pubnet-offer-link id="polish" offer="${mediapoint}" deep-link="${sale}"><a href="${sale}">słuchawki w promocji</a></pubnet-offer-link><span id="after-polish"> w MediaPoint.</span></p>
<p>Read our review, then <pubnet-offer-link id="technova" offer="${technova}" disclosure="affiliate link"><a href="https://technova.example/">buy at TechNova</a></pubnet-offer-link><span id="after-technova">, or not.</span></p>
<div><pubnet-offer-link id="sportzone" offer="${sportzone}" sid="demo-button"><a class="button" href="https://sportzone.example/">Shop the SportZone sale</a></pubnet-offer-link></div>
<p id="below-sportzone">The text below the button.</p>
<p>With no link inside: <pubnet-offer-link id="own" offer="${sportzone}">SportZone</pubnet-offer-link><span id="after-own">, in running text.</span></p>
</main></body></html>`;
}

forEachEngine((engine) => {
  test(`${engine.label}: offer links, in running text and styled as a button, move nothing when defined`, async () => {
    site.page('/offer-links.html', offerLinksPage());
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      const held = site.hold('/cdn/pubnet.min.js');
      const page = await engine.open(`${site.url}offer-links.html`, viewport);
      try {
        await paintedOr(page, { ms: 20_000 });
        held.release();
        const links = ['mediapoint', 'polish', 'technova', 'sportzone', 'own'];
        await waitForLoads(page, links);
        await frames(page);
        const watch = await readWatch(page);
        const where = `${engine.label}, ${viewportName}`;
        const labels = await page.evaluate(
          (ids) =>
            ids.map(
              (id) =>
                document.getElementById(id)!.shadowRoot!.querySelector('[part=disclosure]')!
                  .textContent,
            ),
          links,
        );
        assert.deepEqual(labels, ['Ad', 'Reklama', 'affiliate link', 'Ad', 'Ad'], where);
        for (const id of [
          ...links,
          'after-mediapoint',
          'after-polish',
          'after-technova',
          'below-sportzone',
          'after-own',
        ])
          assert.deepEqual(boxesOf(watch, id).moves, [], `${where}: #${id} moved`);
        if (engine.reportsShifts) assert.deepEqual(watch.shifts, [], `${where}: layout shifts`);
      } finally {
        held.release();
        await page.close();
      }
    }
  });

  test(`${engine.label}: the demo's ad slots keep the height its CSS states, desktop and mobile`, async () => {
    site.page('/demo-slots.html', demoSlotsPage());
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      const held = site.hold('/cdn/pubnet.min.js');
      const page = await engine.open(`${site.url}demo-slots.html`, viewport);
      try {
        await paintedOr(page, { ms: 20_000 });
        held.release();
        const ids = ['headphones', 'ekspresy', 'featured'];
        await waitForLoads(page, ids);
        // (Their images are lazy, and sized by the cards: none is waited for.)
        await frames(page);
        const watch = await readWatch(page);
        const where = `${engine.label}, ${viewportName}`;
        for (const id of ids) {
          const { first, moves } = boxesOf(watch, id);
          assert.ok(first && first.height > 100, `${where}: #${id} kept room: ${first?.height}px`);
          assert.deepEqual(moves, [], `${where}: #${id} moved`);
          assert.deepEqual(
            boxesOf(watch, `after-${id}`).moves,
            [],
            `${where}: the text after #${id} moved`,
          );
        }
        if (engine.reportsShifts) assert.deepEqual(watch.shifts, [], `${where}: layout shifts`);
      } finally {
        held.release();
        await page.close();
      }
    }
  });

  for (const [tag, name] of [
    ['pubnet-product-grid', 'a product grid'],
    ['pubnet-adslot', 'an ad slot of the stated size'],
  ] as const) {
    test(`${engine.label}: the quick start as pasted: ${name} shifts nothing, desktop and mobile`, async () => {
      site.page(`/quick-start-${tag}.html`, quickStartPage(tag));
      for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
        const watch = await shiftsOf(engine, `/quick-start-${tag}.html`, viewport);
        const { first } = boxesOf(watch, 'widget');
        assert.ok(first, `${engine.label}, ${viewportName}: the widget was painted`);
        assert.equal(
          first.defined,
          false,
          `${engine.label}, ${viewportName}: painted before the script`,
        );
        assert.ok(
          first.height > 200,
          `${engine.label}, ${viewportName}: room kept before the script: ${first.height}px`,
        );
        assertStill(engine, viewportName, watch);
      }
    });

    test(`${engine.label}: server-rendered with the quick start's stylesheet: ${name} shifts nothing`, async () => {
      const page = await renderTags(quickStartPage(tag), {
        api: `${site.url}api/`,
        key: known.website.guid,
      });
      assert.equal(page.widgets[0]?.state, 'ready');
      site.page(`/quick-start-ssr-${tag}.html`, page.html);
      for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
        const watch = await shiftsOf(engine, `/quick-start-ssr-${tag}.html`, viewport);
        assertStill(engine, viewportName, watch);
      }
    });
  }
});
