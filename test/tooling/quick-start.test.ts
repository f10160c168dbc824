// The bench's quick start (bench/fixtures/quick-start.mjs) is the README's, as pasted:
// its blocks are read from the section at bench time, and only the
// placeholders are replaced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  quickStart,
  sectionBlocks,
  substitute,
  topLevelElements,
} from '../../bench/fixtures/quick-start.mjs';

const README = `# x
## Quick start for publishers

1. Add the script tag:

   \`\`\`html
   <script async src="https://cdn.example/pubnet-widgets@1/pubnet.min.js"
           integrity="sha384-…" crossorigin="anonymous"
           data-api="https://publisher.example/pubnet-api/" data-key="WEBSITE_GUID"></script>
   \`\`\`

\`\`\`css
pubnet-adslot { --pubnet-slot-min-height: 273px; }
\`\`\`

\`\`\`js
Pubnet.configure({});
\`\`\`

\`\`\`html
<!-- where the widgets go -->
<pubnet-adslot adslot="ADSLOT_UUID"><p slot="fallback">Back soon.</p></pubnet-adslot>
<pubnet-product-grid query="a|b" limit="8"></pubnet-product-grid>
<script async src=".../pubnet.min.js" data-config="ADSLOT_UUID"></script>
\`\`\`

### Next section
\`\`\`html
<p>not the quick start</p>
\`\`\`
`;

test('takes the html and css blocks of the section only, dedented', () => {
  const blocks = sectionBlocks(README);
  assert.deepEqual(
    blocks.map((b) => b.lang),
    ['html', 'css', 'html'],
  );
  assert.ok(blocks[0].code.startsWith('<script async'));
  assert.ok(blocks[0].code.includes('\n        integrity='));
  assert.ok(!blocks.some((b) => b.code.includes('not the quick start')));
  assert.throws(() => sectionBlocks('# none'), /no "## Quick start for publishers" section/);
});

test('splits a block into its top-level elements', () => {
  const found = topLevelElements(
    '<!-- c --><a href="x>y"><b>1</b></a>\n<link rel="x"><script>if (a < b) "</div>";</script><i/>',
  );
  assert.deepEqual(
    found.map((e) => e.tag),
    ['a', 'link', 'script', 'i'],
  );
  assert.equal(found[2].html, '<script>if (a < b) "</div>";</script>');
});

test('puts the script tag and styles in <head>, widgets in <body>, leaves widget_code out', () => {
  const { head, widgets, ignored } = quickStart(README);
  assert.equal(head.length, 2);
  assert.match(head[0], /^<script async src="https:\/\/cdn\.example/);
  assert.equal(head[1], '<style>\npubnet-adslot { --pubnet-slot-min-height: 273px; }\n</style>');
  assert.deepEqual(Object.keys(widgets), ['pubnet-adslot', 'pubnet-product-grid']);
  assert.deepEqual(ignored, ['script data-config (pasting widget_code instead)']);
});

test('replaces the placeholders, the hash by the real one of the named file', () => {
  const { head } = quickStart(README);
  const values = {
    cdn: 'http://127.0.0.1:1/cdn/',
    api: 'http://127.0.0.1:1/pubnet-api/',
    key: 'k-1',
    adslot: 's-1',
    offer: 'o-1',
  };
  const html = substitute(head[0], values);
  const sri = readFileSync(new URL('../../dist/cdn/pubnet.min.js.sri', import.meta.url), 'utf8');
  assert.ok(html.includes(`integrity="${sri.trim()}"`), html);
  assert.ok(html.includes('src="http://127.0.0.1:1/cdn/pubnet.min.js"'));
  assert.ok(html.includes('data-api="http://127.0.0.1:1/pubnet-api/" data-key="k-1"'));
  assert.throws(() => substitute('<p>WEBSITE_GUID2</p> OTHER_UUID', values), /placeholder left/);
});

test("the README's own quick start has a script tag, a product grid and an ad slot", () => {
  const { head, widgets } = quickStart();
  assert.ok(head.some((html) => /<script\b[^>]*\bsrc=/.test(html)));
  assert.ok(Object.values(widgets).some((html) => html.includes('<pubnet-product-grid')));
  assert.ok(Object.values(widgets).some((html) => html.includes('<pubnet-adslot')));
});
