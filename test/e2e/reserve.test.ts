// dist/cdn/pubnet.css reserves, for a grid not yet defined, exactly the room
// its skeleton takes once defined: for each limit, columns, layout, an empty
// disclosure and the --pubnet-* sizes, at widths from a phone's to a wide
// column; for an ad slot, its label row and stated height; for a price
// comparison, its lead (hidden in its place), label row and rows; and for loan
// offers, their label row and empty offers, in a list or a grid. A reservation
// off by a pixel would show as a shift of everything below. In Chromium,
// Firefox and WebKit; where CSS cannot read attributes as numbers (typed
// attr(), and a length divided by a length: Chromium 133 and later), the
// docs/widgets.md promises exactness only for the default limit and columns and the
// default gap and card width, so that is what is checked there.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { forEachEngine } from './support/engines.js';
import { startSite, type Site } from './support/site.js';

const WIDTHS = [300, 320, 360, 412, 474, 500, 600, 636, 700, 800, 1000, 1200];
/** Each grid's attributes, and whether its columns and rows need attributes read as numbers. */
const GRIDS: [string, boolean][] = [
  ['', false],
  ['limit="4"', true],
  ['limit="1"', true],
  ['columns="3"', true],
  ['columns="1" limit="3"', true],
  ['limit="100" columns="9"', true],
  ['limit="2.6" columns="0"', true],
  ['limit="abc"', false],
  ['layout="list"', false],
  ['layout="list" limit="3"', true],
  ['disclosure=""', false],
  ['style="--pubnet-font: 16px/1.5 serif"', false],
  [
    'style="--pubnet-gap: 20px; --pubnet-font: 16px/1.5 serif; --pubnet-card-min-width: 200px"',
    true,
  ],
  ['layout="list" style="--pubnet-image-size: 64px"', false],
];
const SLOTS = ['', 'style="--pubnet-slot-min-height: 600px"', 'disclosure=""'];
const LEAD = '<p slot="lead">Where to buy it, cheapest first:</p>';
const FALLBACK = '<p slot="fallback">Nothing to compare.</p>';
/** Each price comparison's attributes, children, and whether its rows need attributes read as numbers. */
const COMPARISONS: [string, string, boolean][] = [
  ['', '', false],
  ['limit="3"', '', false],
  ['limit="1"', LEAD, false],
  ['limit="12"', FALLBACK, false],
  ['limit="20"', '', true],
  ['limit="2.6"', '', true],
  ['limit="abc"', LEAD + FALLBACK, false],
  ['disclosure=""', LEAD, false],
  ['style="--pubnet-font: 16px/1.5 serif"', LEAD, false],
];
/** Each loan offers' attributes, and whether its offers need attributes read as numbers. */
const LOANS: [string, boolean][] = [
  ['', false],
  ['limit="3"', false],
  ['limit="1" disclosure=""', false],
  ['limit="20"', true],
  ['limit="abc"', false],
  ['layout="grid"', false],
  ['layout="grid" limit="5"', false],
  ['style="--pubnet-gap: 20px" limit="4"', false],
];

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site?.close());

const boxes: {
  width: number;
  tag: string;
  attributes: string;
  numbers: boolean;
  children?: string;
}[] = WIDTHS.flatMap((width) => [
  ...GRIDS.map(([attributes, numbers]) => ({
    width,
    tag: 'pubnet-product-grid',
    attributes,
    numbers,
  })),
  ...SLOTS.map((attributes) => ({ width, tag: 'pubnet-adslot', attributes, numbers: false })),
  ...COMPARISONS.map(([attributes, children, numbers]) => ({
    width,
    tag: 'pubnet-price-comparison',
    attributes,
    children,
    numbers,
  })),
  ...LOANS.map(([attributes, numbers]) => ({
    width,
    tag: 'pubnet-loan-offers',
    attributes,
    children: FALLBACK,
    numbers,
  })),
]);
const TAGS = 'pubnet-product-grid, pubnet-adslot, pubnet-price-comparison, pubnet-loan-offers';

forEachEngine((engine) => {
  test(`${engine.label}: pubnet.css reserves exactly what the defined element takes while it loads`, async () => {
    site.page(
      '/reserve.html',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reserve</title>
<link rel="stylesheet" href="/cdn/pubnet.css"></head><body style="margin:0">
${boxes
  .map(
    ({ width, tag, attributes, children = '' }) =>
      `<div style="width:${width}px"><${tag} api="${site.url}held/" adslot="x" gtin="5901234123457" key="x" eager ${attributes}>${children}</${tag}></div>`,
  )
  .join('\n')}
</body></html>`,
    );
    // The API never answers: each element stays in its loading state.
    const held = site.hold('/held/');
    const page = await engine.open(`${site.url}reserve.html`);
    try {
      const heights = () =>
        page.evaluate(async (tags) => {
          // Parsed and styled: the stylesheet gives every slot its room.
          while (
            document.readyState == 'loading' ||
            document.querySelector('pubnet-adslot')!.getBoundingClientRect().height == 0
          )
            await new Promise((resolve) => requestAnimationFrame(resolve));
          return [...document.querySelectorAll(tags)].map(
            (element) => element.getBoundingClientRect().height,
          );
        }, TAGS);
      const typed = await page.evaluate(
        () =>
          CSS.supports('width: calc(1px / 1px * 1px)') &&
          CSS.supports('width: attr(x type(<length>))'),
      );
      assert.equal(
        typed,
        engine.name == 'chromium',
        `${engine.label}: reads attributes as numbers`,
      );
      const reserved = await heights();
      await page.evaluate(
        () =>
          new Promise((resolve, reject) => {
            const script = document.createElement('script');
            script.src = '/cdn/pubnet.min.js';
            script.onload = () => resolve(true);
            script.onerror = () => reject(new Error('the bundle did not load'));
            document.head.append(script);
          }),
      );
      await page.evaluate(
        (tags) =>
          Promise.all(
            [...document.querySelectorAll(tags)].map(
              (element) =>
                (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete,
            ),
          ).then(() => true),
        TAGS,
      );
      const loading = await heights();
      const off = boxes
        .map(({ numbers, ...box }, i) => ({
          ...box,
          numbers,
          reserved: reserved[i],
          loading: loading[i],
        }))
        .filter((box) => typed || !box.numbers)
        .filter((box) => !(Math.abs(box.reserved! - box.loading!) < 0.5))
        .map(({ numbers: _, ...box }) => box);
      assert.deepEqual(off, [], `${engine.label}: reserved ≠ loading`);
      // Not trivially equal: every element kept room, and widths changed it.
      assert.ok(reserved.every((height) => height >= 56));
      const checked = reserved.filter((_, i) => typed || !boxes[i]!.numbers);
      const distinct = new Set(checked.map(Math.round)).size;
      assert.ok(distinct > (typed ? 50 : 25), `${engine.label}: ${distinct} different heights`);
    } finally {
      held.release();
      await page.close();
    }
  });
});
