// The build outputs a publisher or an npm user gets: run `npx rollup -c` and
// `npx cem analyze` first (`npm run build` does both).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Script } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { bundlePath, packageVersion, readBundle, root } from './support/bundle.js';

/**
 * min+gzip ceiling of the CDN file (rollup.config.mjs enforces it too), and its target.
 * 16 KB while the owner decides between it and 15 KB (see rollup.config.mjs).
 */
const BUDGET = 16 * 1024;
const TARGET = 14 * 1024;
const ELEMENTS = ['pubnet-adslot', 'pubnet-product-grid', 'pubnet-offer-link'];
const EVENTS = ['pubnet-load', 'pubnet-error', 'pubnet-click', 'pubnet-impression'];
const COMMON = ['api', 'key', 'sid', 'target', 'disclosure', 'eager'];

function built(path: string): string {
  const file = join(root, path);
  assert.ok(existsSync(file), `${path} is missing: run \`npm run build\` first`);
  return readFileSync(file, 'utf8');
}

test('the CDN file is one classic script with the package version', () => {
  const code = readBundle();
  assert.doesNotThrow(() => new Script(code, { filename: bundlePath }), 'not a classic script');
  assert.doesNotMatch(code, /^\s*(import|export)\s/m);
  assert.ok(code.includes(JSON.stringify(packageVersion)), 'the version was not filled in');
  assert.ok(!code.includes('__PUBNET_VERSION__'));
  // Lit is inside: nothing is left for a loader to resolve.
  assert.doesNotMatch(code, /\bfrom\s*["']lit/);
});

test('the CDN file has its source map and a matching SRI hash', () => {
  const code = readBundle();
  assert.match(code, /\/\/# sourceMappingURL=pubnet\.min\.js\.map\s*$/);
  const map = JSON.parse(built('dist/cdn/pubnet.min.js.map')) as { sources: string[] };
  assert.ok(
    map.sources.some((source) => source.endsWith('src/embed/index.ts')),
    'the source map does not lead back to src/embed/index.ts',
  );
  const sri = built('dist/cdn/pubnet.min.js.sri').trim();
  const expected = `sha384-${createHash('sha384').update(readFileSync(bundlePath)).digest('base64')}`;
  assert.equal(sri, expected);
});

test(`the CDN file is at most ${BUDGET} B min+gzip`, () => {
  readBundle(); // says what to run when the file is missing
  const code = readFileSync(bundlePath);
  const gzip = gzipSync(code, { level: 9 }).length;
  const size = JSON.parse(built('dist/cdn/pubnet.min.js.size.json')) as Record<string, number>;
  assert.deepEqual(size, { min: code.length, gzip, budget: BUDGET, target: TARGET });
  assert.ok(gzip <= BUDGET, `pubnet.min.js is ${gzip} B min+gzip, over ${BUDGET} B`);
});

/** The modules `entry` reaches through relative imports, with every bare import they make. */
function moduleGraph(entry: string): { files: string[]; bare: Set<string> } {
  const files: string[] = [];
  const bare = new Set<string>();
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    const code = readFileSync(file, 'utf8');
    for (const [, specifier] of code.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]/g))
      handle(file, specifier!);
    for (const [, specifier] of code.matchAll(/import\s*['"]([^'"]+)['"]/g))
      handle(file, specifier!);
  };
  const handle = (from: string, specifier: string) => {
    if (specifier.startsWith('.')) visit(resolve(dirname(from), specifier));
    else bare.add(specifier);
  };
  visit(entry);
  return { files, bare };
}

test('the npm entry registers the three elements and imports lit instead of inlining it', () => {
  const entry = join(root, 'dist/index.js');
  assert.ok(existsSync(entry), 'dist/index.js is missing: is src/index.ts an npm entry?');
  assert.ok(existsSync(join(root, 'dist/index.d.ts')), 'dist/index.d.ts is missing');
  const { files, bare } = moduleGraph(entry);
  const rel = files.map((file) => file.slice(root.length));
  for (const name of ['adslot', 'product-grid', 'offer-link']) {
    assert.ok(rel.includes(`dist/components/${name}/define.js`), `${name}/define.js not imported`);
  }
  assert.ok(
    [...bare].some((specifier) => /^lit(\/|$)/.test(specifier)),
    'lit is not imported',
  );
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    // Markers of Lit's own code: had it been inlined, one of them would be here.
    assert.doesNotMatch(code, /litElementVersions|litHtmlVersions|reactiveElementVersions/, file);
  }
});

interface Declaration {
  name: string;
  tagName?: string;
  customElement?: boolean;
  attributes?: { name: string }[];
  events?: { name: string }[];
}

test('custom-elements.json lists the three elements with their attributes and events', () => {
  const manifest = JSON.parse(built('custom-elements.json')) as {
    modules: { declarations?: Declaration[] }[];
  };
  const elements = manifest.modules
    .flatMap((mod) => mod.declarations ?? [])
    .filter((declaration) => declaration.customElement && declaration.tagName);
  assert.deepEqual(elements.map((element) => element.tagName).sort(), [...ELEMENTS].sort());
  const attributes = (tag: string) =>
    elements.find((element) => element.tagName === tag)!.attributes!.map((a) => a.name);
  const own = {
    'pubnet-adslot': ['adslot'],
    'pubnet-product-grid': [
      'query',
      'brand',
      'category',
      'offer',
      'min-price',
      'max-price',
      'on-sale',
      'ordering',
      'limit',
      'columns',
      'layout',
    ],
    'pubnet-offer-link': ['offer', 'deep-link'],
  };
  for (const [tag, names] of Object.entries(own)) {
    for (const name of [...names, ...COMMON]) {
      assert.ok(attributes(tag).includes(name), `<${tag}> lacks the attribute ${name}`);
    }
    const events = elements.find((element) => element.tagName === tag)!.events!;
    assert.deepEqual(events.map((event) => event.name).sort(), [...EVENTS].sort(), tag);
  }
});
