// The build outputs a publisher or an npm user gets: run `npx rollup -c` and
// `npx cem analyze` first (`npm run build` does both).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Script } from 'node:vm';
import { gzipSync } from 'node:zlib';
import type { RollupLog, RollupOptions } from 'rollup';
import builds, {
  AUTOLINK_BUDGET,
  AUTOLINK_TARGET,
  CDN_BUDGET,
  CDN_TARGET,
} from '../../rollup.config.mjs';
import { packageVersion, readBundle, root } from './support/bundle.js';
import { ELEMENTS as REGISTERED } from '../../src/components/registry.js';

const ELEMENTS = REGISTERED.map(({ tag }) => tag);
const EVENTS = ['pubnet-load', 'pubnet-error', 'pubnet-click', 'pubnet-impression'];
const COMMON = ['api', 'website-key', 'key', 'sid', 'target', 'disclosure', 'eager'];

function built(path: string): string {
  const file = join(root, path);
  assert.ok(existsSync(file), `${path} is missing: run \`npm run build\` first`);
  return readFileSync(file, 'utf8');
}

/**
 * The CDN files: their entry, and the budget (ceiling) and target, min+gzip, that
 * rollup.config.mjs gives each (the build itself fails a file over its ceiling).
 */
const CDN_FILES = [
  {
    name: 'pubnet.min.js',
    entry: 'src/embed/index.ts',
    budget: CDN_BUDGET,
    target: CDN_TARGET,
    lit: true,
  },
  {
    name: 'pubnet-autolink.min.js',
    entry: 'src/embed/autolink.ts',
    budget: AUTOLINK_BUDGET,
    target: AUTOLINK_TARGET,
    lit: false,
  },
];

/** Markers of Lit's own code: had it been inlined, one of them would be in the file. */
const LIT_MARKERS = /litElementVersions|litHtmlVersions|reactiveElementVersions/;

for (const { name, entry, budget, target, lit } of CDN_FILES) {
  const path = `dist/cdn/${name}`;

  test(`${name} is one classic script with the package version`, () => {
    const code = name == 'pubnet.min.js' ? readBundle() : built(path);
    assert.doesNotThrow(() => new Script(code, { filename: path }), 'not a classic script');
    assert.doesNotMatch(code, /^\s*(import|export)\s/m);
    assert.ok(code.includes(JSON.stringify(packageVersion)), 'the version was not filled in');
    assert.ok(!code.includes('__PUBNET_VERSION__'));
    // Nothing is left for a loader to resolve.
    assert.doesNotMatch(code, /\bfrom\s*["']lit/);
    if (lit) assert.match(code, LIT_MARKERS, 'Lit is not inside');
    else assert.doesNotMatch(code, LIT_MARKERS, 'Lit is inside');
  });

  test(`${name} has its source map and a matching SRI hash`, () => {
    const code = built(path);
    assert.match(
      code,
      new RegExp(`//# sourceMappingURL=${name.replaceAll('.', '\\.')}\\.map\\s*$`),
    );
    const map = JSON.parse(built(`${path}.map`)) as { sources: string[] };
    assert.ok(
      map.sources.some((source) => source.endsWith(entry)),
      `the source map does not lead back to ${entry}`,
    );
    if (!lit)
      assert.deepEqual(
        map.sources.filter((source) => /node_modules/.test(source)),
        [],
        'a dependency is inside',
      );
    const sri = built(`${path}.sri`).trim();
    const expected = `sha384-${createHash('sha384')
      .update(readFileSync(join(root, path)))
      .digest('base64')}`;
    assert.equal(sri, expected);
  });

  // The build checks the ceiling against the size it measures in memory; this checks that
  // measure against the file as written, measured again here, and that it names its own budget.
  test(`${name}.size.json gives the written file's own size and its budget`, () => {
    built(path); // says what to run when the file is missing
    const code = readFileSync(join(root, path));
    const gzip = gzipSync(code, { level: 9 }).length;
    const size = JSON.parse(built(`${path}.size.json`)) as Record<string, number>;
    assert.deepEqual(size, { min: code.byteLength, gzip, budget, target });
  });
}

// Checked on the config, not on a second build's output: `npm run build` (run before the tests)
// would already have failed on a warning, and the console stays clean (issue 45).
test('every build fails on a warning, and its inputs, which rollup prints, hold no control byte', () => {
  const sourceMapWarning: RollupLog = {
    code: 'PLUGIN_WARNING',
    plugin: 'typescript',
    message:
      "[plugin typescript] @rollup/plugin-typescript: Rollup 'sourcemap' option must be set to generate source maps.",
  };
  for (const build of builds as RollupOptions[]) {
    const inputs =
      typeof build.input == 'string' ? [build.input] : Object.values(build.input ?? {});
    assert.ok(inputs.length, 'a build without inputs');
    // A NUL (a virtual module's mark) once made `grep` call the build's log a binary file.
    for (const input of inputs) assert.doesNotMatch(input, /\p{Cc}/u, JSON.stringify(input));
    const onwarn = build.onwarn as ((warning: RollupLog, warn: () => void) => void) | undefined;
    assert.equal(typeof onwarn, 'function', `${inputs.join(', ')}: no onwarn`);
    assert.throws(
      () => onwarn!(sourceMapWarning, () => {}),
      /'sourcemap' option must be set/,
      `${inputs.join(', ')}: a warning does not fail the build`,
    );
  }
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

test('the npm entry registers every element of the registry and imports lit instead of inlining it', () => {
  const entry = join(root, 'dist/index.js');
  assert.ok(existsSync(entry), 'dist/index.js is missing: is src/index.ts an npm entry?');
  assert.ok(existsSync(join(root, 'dist/index.d.ts')), 'dist/index.d.ts is missing');
  const { files, bare } = moduleGraph(entry);
  const rel = files.map((file) => file.slice(root.length));
  assert.ok(rel.includes('dist/components/define.js'), 'components/define.js not imported');
  assert.ok(ELEMENTS.length >= 3, `${ELEMENTS.length} elements registered`);
  for (const tag of ELEMENTS) {
    const name = tag.replace(/^pubnet-/, '');
    assert.ok(
      rel.includes(`dist/components/${name}/manifest.js`),
      `${name}/manifest.js not imported`,
    );
  }
  assert.ok(
    [...bare].some((specifier) => /^lit(\/|$)/.test(specifier)),
    'lit is not imported',
  );
  for (const file of files) assert.doesNotMatch(readFileSync(file, 'utf8'), LIT_MARKERS, file);
});

interface Declaration {
  name: string;
  tagName?: string;
  customElement?: boolean;
  attributes?: { name: string }[];
  events?: { name: string }[];
}

test('custom-elements.json lists every element with its attributes and events', () => {
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
    // `cta`: the call to action of the product cards the two show (the offer link has none).
    'pubnet-adslot': ['adslot', 'cta'],
    'pubnet-product-grid': [
      'cta',
      'query',
      'brand',
      'category',
      'offer',
      'min-price',
      'max-price',
      'sale',
      'on-sale',
      'ordering',
      'limit',
      'columns',
      'layout',
    ],
    'pubnet-offer-link': ['offer', 'deep-link'],
    'pubnet-price-comparison': ['cta', 'gtin', 'mpn', 'query', 'ordering', 'limit', 'show'],
    'pubnet-loan-offers': [
      'cta',
      'type',
      'loan-amount',
      'loan-period',
      'customer-age',
      'first-loan-free',
      'no-bik',
      'no-income-proof',
      'only',
      'exclude',
      'pinned',
      'ordering',
      'highlight',
      'limit',
      'layout',
    ],
  };
  for (const [tag, names] of Object.entries(own)) {
    for (const name of [...names, ...COMMON]) {
      assert.ok(attributes(tag).includes(name), `<${tag}> lacks the attribute ${name}`);
    }
    const events = elements.find((element) => element.tagName === tag)!.events!;
    assert.deepEqual(events.map((event) => event.name).sort(), [...EVENTS].sort(), tag);
  }
});
