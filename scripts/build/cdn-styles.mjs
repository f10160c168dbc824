// The CDN's stylesheets, from the registry of elements (src/components/registry.ts, as the npm
// build has it in dist/), run after rollup (`npm run build`):
//
// - dist/cdn/<tag>.css: the CSS of each element that `pubnet-widgets/render` can render (its
//   manifest has `render`), for pages whose CSP refuses inline style (`styles: { stylesheets:
//   '<cdn>/' }` links them from each shadow root). Written from the element classes, so they
//   are exactly the styles the browser adopts.
// - dist/cdn/pubnet.css, the stylesheet for a page's <head> that keeps the room of widgets not
//   yet defined, server-rendered ones too: src/components/base/reserve.css and
//   product-card/reserve.css, then each element's src/components/<name>/reserve.css, in the
//   registry's order, with its SRI hash beside it as for the script.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const { ELEMENTS } = await import('../../dist/components/registry.js');
const { stylesheetText } = await import('../../dist/render/index.js');

/** Comments and the white space around punctuation go; nothing else changes. */
const minify = (css) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .trim();

for (const { tag, element, render } of ELEMENTS) {
  if (!render) continue;
  const file = fileURLToPath(new URL(`../../dist/cdn/${tag}.css`, import.meta.url));
  writeFileSync(file, minify(stylesheetText(element)) + '\n');
}

// What every element's room shares (a rendered element's, from its `data-room`), what the two
// elements that show product cards share, then each element's own.
const folders = ['base', 'product-card', ...ELEMENTS.map(({ tag }) => tag.replace(/^pubnet-/, ''))];
const reserve = folders
  .map((folder) => {
    const file = fileURLToPath(
      new URL(`../../src/components/${folder}/reserve.css`, import.meta.url),
    );
    return existsSync(file) ? minify(readFileSync(file, 'utf8')) : '';
  })
  .join('');
const reserveFile = fileURLToPath(new URL('../../dist/cdn/pubnet.css', import.meta.url));
writeFileSync(reserveFile, reserve + '\n');
writeFileSync(
  reserveFile + '.sri',
  `sha384-${createHash('sha384')
    .update(reserve + '\n')
    .digest('base64')}\n`,
);
