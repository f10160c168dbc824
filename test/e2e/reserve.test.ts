// dist/cdn/pubnet.css reserves, for a grid not yet defined, exactly the room
// its skeleton takes once defined: for each limit, columns, layout, an empty
// disclosure and the --pubnet-* sizes, at widths from a phone's to a wide
// column; and for an ad slot, its label row and stated height. A reservation
// off by a pixel would show as a shift of everything below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSession } from './support/session.js';

const WIDTHS = [300, 320, 360, 412, 474, 500, 600, 636, 700, 800, 1000, 1200];
const GRIDS = [
  '',
  'limit="4"',
  'limit="1"',
  'columns="3"',
  'columns="1" limit="3"',
  'limit="100" columns="9"',
  'limit="2.6" columns="0"',
  'limit="abc"',
  'layout="list"',
  'layout="list" limit="3"',
  'disclosure=""',
  'style="--pubnet-gap: 20px; --pubnet-font: 16px/1.5 serif; --pubnet-card-min-width: 200px"',
  'layout="list" style="--pubnet-image-size: 64px"',
];
const SLOTS = ['', 'style="--pubnet-slot-min-height: 600px"', 'disclosure=""'];

const session = useSession();

test('pubnet.css reserves exactly what the defined element takes while it loads', async () => {
  const boxes = WIDTHS.flatMap((width) => [
    ...GRIDS.map((attributes) => ({ width, tag: 'pubnet-product-grid', attributes })),
    ...SLOTS.map((attributes) => ({ width, tag: 'pubnet-adslot', attributes })),
  ]);
  session.site.page(
    '/reserve.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reserve</title>
<link rel="stylesheet" href="/cdn/pubnet.css"></head><body style="margin:0">
${boxes
  .map(
    ({ width, tag, attributes }) =>
      `<div style="width:${width}px"><${tag} api="${session.site.url}held/" adslot="x" eager ${attributes}></${tag}></div>`,
  )
  .join('\n')}
</body></html>`,
  );
  const page = await session.browser.newPage();
  try {
    // The API never answers: each element stays in its loading state.
    await page.route('**/held/**', () => {});
    await page.goto(`${session.site.url}reserve.html`);
    const heights = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('pubnet-product-grid, pubnet-adslot')].map(
          (element) => element.getBoundingClientRect().height,
        ),
      );
    const reserved = await heights();
    await page.addScriptTag({ url: '/cdn/pubnet.min.js' });
    await page.evaluate(() =>
      Promise.all(
        [...document.querySelectorAll('pubnet-product-grid, pubnet-adslot')].map(
          (element) =>
            (element as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete,
        ),
      ),
    );
    const loading = await heights();
    const off = boxes
      .map((box, i) => ({ ...box, reserved: reserved[i], loading: loading[i] }))
      .filter((box) => !(Math.abs(box.reserved - box.loading) < 0.5));
    assert.deepEqual(off, []);
    // Not trivially equal: grids and slots kept room, and widths changed it.
    assert.ok(reserved.every((height) => height > 100));
    assert.ok(new Set(reserved.map(Math.round)).size > 50);
  } finally {
    await page.close();
  }
});
