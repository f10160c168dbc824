// The README's quick start, pasted as it is (bench/quick-start.mjs reads it
// from README.md), shifts nothing a reader sees: the `async` script arrives
// only after the page's first paint (held until then), and the text below a
// product grid or a sized ad slot stays where it was painted, through the
// definition, the skeleton and the content, on a desktop and a mobile
// viewport. Server-rendered, with the same stylesheet: the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { quickStart, substitute } from '../../bench/quick-start.mjs';
import { known } from '../../src/emulator/known.js';
import { renderTags } from '../../src/render/index.js';
import { root } from './support/bundle.js';
import { useSession } from './support/session.js';
import {
  layoutShifts,
  nextFrame,
  recordLayoutShifts,
  recordWidgetEvents,
  waitForLoads,
  within,
} from './support/widgets.js';

const VIEWPORTS: Record<string, BrowserContextOptions> = {
  desktop: { viewport: { width: 1350, height: 940 } },
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true },
};

const session = useSession();

/** The quick start's page for one widget: its `<head>` block, a heading, the widget, text. */
function quickStartPage(tag: string): string {
  const { head, widgets } = quickStart(readFileSync(`${root}README.md`, 'utf8'));
  const fill = (html: string) =>
    substitute(html, {
      cdn: `${session.site.url}cdn/`,
      api: `${session.site.url}api/`,
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
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Quick start</title>
${fill(head.join('\n'))}
</head><body><main><h1>Today's picks</h1>
${fill(widget).replace(`<${tag}`, `<${tag} id="widget"`)}
${text}
</main></body></html>`;
}

/** Where the text below the widget is, and how tall the widget is. */
const measure = (page: Page) =>
  page.evaluate(() => ({
    text: document.getElementById('text')!.getBoundingClientRect().top,
    widget: document.getElementById('widget')!.getBoundingClientRect().height,
    defined: !!customElements.get('pubnet-product-grid'),
  }));

/** Opens `path` with the CDN script held until the page has painted; gives the shifts seen. */
async function shiftsOf(path: string, viewport: BrowserContextOptions, held = true) {
  const context = await session.browser.newContext(viewport);
  try {
    const page = await context.newPage();
    await recordWidgetEvents(page);
    await recordLayoutShifts(page);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/cdn/pubnet.min.js', async (route) => {
      if (held) await released;
      await route.continue();
    });
    await page.goto(session.site.url + path.slice(1), { waitUntil: 'domcontentloaded' });
    // Painted (two frames) with the script still held: what the reader sees first.
    await nextFrame(page);
    await nextFrame(page);
    const first = await measure(page);
    if (held) assert.equal(first.defined, false, 'the script was held until after the first paint');
    release();
    await waitForLoads(page, ['widget']);
    // Images decoded and laid out, then two frames: whatever moves has moved.
    await within(
      'images',
      page.evaluate(() =>
        Promise.all(
          [...document.getElementById('widget')!.shadowRoot!.querySelectorAll('img')].map((img) =>
            img.decode().catch(() => {}),
          ),
        ),
      ),
    );
    await nextFrame(page);
    await nextFrame(page);
    const last = await measure(page);
    const shifts = await layoutShifts(page);
    return { first, last, shifts };
  } finally {
    await context.close();
  }
}

for (const [tag, name] of [
  ['pubnet-product-grid', 'a product grid'],
  ['pubnet-adslot', 'an ad slot of the stated size'],
] as const) {
  test(`the quick start as pasted: ${name} shifts nothing, desktop and mobile`, async () => {
    session.site.page(`/quick-start-${tag}.html`, quickStartPage(tag));
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      const { first, last, shifts } = await shiftsOf(`/quick-start-${tag}.html`, viewport);
      assert.ok(
        first.widget > 200,
        `${viewportName}: room kept before the script: ${first.widget}px`,
      );
      // Within layout's rounding (1/64 px at a device pixel ratio of 1.75).
      for (const what of ['text', 'widget'] as const)
        assert.ok(
          Math.abs(last[what] - first[what]) < 0.5,
          `${viewportName}: ${what} at ${last[what]}, first painted at ${first[what]}`,
        );
      assert.deepEqual(shifts, [], `${viewportName}: layout shifts`);
    }
  });

  test(`server-rendered with the quick start's stylesheet: ${name} shifts nothing`, async () => {
    const page = await renderTags(quickStartPage(tag), {
      api: `${session.site.url}api/`,
      key: known.website.guid,
    });
    assert.equal(page.widgets[0]?.state, 'ready');
    session.site.page(`/quick-start-ssr-${tag}.html`, page.html);
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      const { first, last, shifts } = await shiftsOf(`/quick-start-ssr-${tag}.html`, viewport);
      assert.deepEqual(last, { ...first, defined: true }, viewportName);
      assert.deepEqual(shifts, [], `${viewportName}: layout shifts`);
    }
  });
}
