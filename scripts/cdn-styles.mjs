// The CDN's stylesheets for server-rendered elements: dist/cdn/<tag>.css, the
// CSS of each element that `pubnet-widgets/render` can render, for pages whose
// CSP refuses inline style (`styles: { stylesheets: '<cdn>/' }` links them from
// each shadow root). Written from the npm build's element classes, so they are
// exactly the styles the browser adopts. Run after rollup (`npm run build`).
import { writeFileSync } from 'node:fs';
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
