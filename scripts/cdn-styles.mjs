// The CDN's stylesheets for server-rendered elements: dist/cdn/<tag>.css, the
// CSS of each element that `pubnet-widgets/render` can render, for pages whose
// CSP refuses inline style (`styles: { stylesheets: '<cdn>/' }` links them from
// each shadow root). Written from the npm build's element classes, so they are
// exactly the styles the browser adopts. Run after rollup (`npm run build`).
//
// And dist/cdn/pubnet.css (from src/embed/pubnet.css), the stylesheet for a
// page's <head> that keeps the room of widgets not yet defined, with its SRI
// hash beside it as for the script.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const { PubnetAdslot, PubnetProductGrid } = await import('../dist/index.js');
const { stylesheetText } = await import('../dist/render/index.js');

/** Comments and the white space around punctuation go; nothing else changes. */
const minify = (css) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .trim();

for (const [tag, element] of [
  ['pubnet-adslot', PubnetAdslot],
  ['pubnet-product-grid', PubnetProductGrid],
]) {
  const file = fileURLToPath(new URL(`../dist/cdn/${tag}.css`, import.meta.url));
  writeFileSync(file, minify(stylesheetText(element)) + '\n');
}

const reserve = minify(
  readFileSync(fileURLToPath(new URL('../src/embed/pubnet.css', import.meta.url)), 'utf8'),
);
const reserveFile = fileURLToPath(new URL('../dist/cdn/pubnet.css', import.meta.url));
writeFileSync(reserveFile, reserve + '\n');
writeFileSync(
  reserveFile + '.sri',
  `sha384-${createHash('sha384')
    .update(reserve + '\n')
    .digest('base64')}\n`,
);
