// Shows that an element is one folder and its line in the registry (issue 33): in a copy of
// the repository's last commit, adds a scratch element, `<pubnet-scratch>` (two product cards
// of a search), as src/components/scratch/ and one entry of src/components/registry.ts, and
// nothing else; builds; and finds it in every entry point: the npm entry, the CDN file,
// pubnet.css, server rendering (renderTags), the proxy's /render/ route, the WordPress
// build (its element table), and the contract suite (test/components/contract/, in
// Chromium: its tests run for the scratch element, and pass). Then removes the copy, whatever
// happened.
//
// It builds and runs only what it checks. The copy's build is the project's own, less what no
// check reads: rollup.config.mjs's builds but the edge files and the emulator
// (scratch-element.rollup.config.mjs), then the CDN's stylesheets and the WordPress plugin
// (not the CDN's types nor custom-elements.json). The emulator the proxy asks is the copy's
// src/emulator/, under tsx: it holds no element. Of the contract suite only the scratch
// element's tests run (scratch-element.wtr.config.mjs: the other elements' are the
// repository's own, which `npm test` runs), while the copy builds. The copy uses this
// repository's node_modules (a symlink).
//
//   npm run scratch-element      (needs `npm ci` done here; `npm test` runs it)
//
// With $PUBNET_SUMMARY_FILE set, it writes its checks' counts there, as JSON (for npm test).
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inflateRawSync } from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));
const copy = mkdtempSync(join(tmpdir(), 'pubnet-scratch-'));
const sh = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: copy, encoding: 'utf8', ...options });
const bin = (name) => join(copy, 'node_modules', '.bin', name);
const results = [];
const check = (what, ok, detail = '') => {
  results.push(ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
};

/** The processes started in the copy, and still running. */
const children = new Set();
// What npm test gives this script alone: no process of the copy writes there.
const { PUBNET_SUMMARY_FILE: summaryFile, ...childEnv } = process.env;

/** Runs `command` in the copy, its output kept; resolves with its exit status and output. */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: copy,
      env: { ...childEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => resolve({ status: error.message, output }));
    child.once('close', (code, signal) => {
      children.delete(child);
      resolve({ status: code ?? signal, output });
    });
  });
}

/** Stops what runs in the copy and removes it: at the end, and when the script is stopped. */
function cleanUp() {
  for (const child of children) child.kill('SIGTERM');
  rmSync(copy, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.once(signal, () => {
    cleanUp();
    process.exit(128 + constants.signals[signal]);
  });

const FOLDER = {
  'scratch.ts': `import { html, type CSSResultGroup, type PropertyDeclarations } from 'lit';
import { buildSearch } from '../../client/product-search.js';
import type { ProductSearch } from '../../client/types.js';
import { isObject } from '../../page/safe-url.js';
import { checkProperties } from '../base/attributes.js';
import { baseStyles } from '../base/base.styles.js';
import type { LoadContext } from '../base/widget-element.js';
import { cardStyles } from '../product-card/card.styles.js';
import { productList, usable, whileWarming, type Shown } from '../product-card/product-card.js';
import { PubnetProductsWidget } from '../base/products-widget.js';
import { searchProducts } from '../product-card/search-products.js';

/**
 * A scratch element: two product cards of a search.
 *
 * @fires pubnet-load - Products are shown.
 * @slot fallback - Shown when the search fails or finds nothing.
 */
export class PubnetScratch extends PubnetProductsWidget {
  static override styles: CSSResultGroup = [baseStyles, cardStyles];
  static override properties: PropertyDeclarations = { query: {} };
  static {
    checkProperties(this);
  }

  /** Full-text search. */
  declare query?: string;

  private _products?: Shown[];

  /** Its search. */
  search(): ProductSearch {
    return buildSearch({ query: this.query, ordering: '-score', pageSize: 2 });
  }

  protected override _loadInputs() {
    return [...super._loadInputs(), this.query];
  }

  protected async _fetch(context: LoadContext, given?: unknown) {
    return this._show(
      given ?? { results: await whileWarming(searchProducts(context, this.search())) },
    );
  }

  protected override _show(page: unknown) {
    this._products = usable(isObject(page) ? page.results : undefined, 2);
    return (this._items = this._products.map((product) => ({ product }))).length;
  }

  protected _content() {
    return html\`\${this._label()}\${productList(this._products, {
      target: this._target(),
      cta: this.cta,
      words: this._words(),
      limit: 2,
    })}\`;
  }
}
`,
  'manifest.ts': `import { productSearch } from '../../client/routes/products.js';
import { manifest } from '../manifest.js';
import { PubnetScratch } from './scratch.js';

export default manifest({
  tag: 'pubnet-scratch',
  element: PubnetScratch,
  render: {
    route: 'scratch/',
    request: (scratch, core, signal) =>
      core.request(productSearch, {
        query: { key: scratch.websiteKey ?? scratch.key },
        body: scratch.search(),
        signal,
      }),
  },
  wordpress: { shortcode: 'pubnet_scratch' },
});
`,
  'reserve.css': `pubnet-scratch:not(:defined, [state]) {
  display: block;
  min-height: 240px;
}
`,
  'scratch.fixture.ts': `import type { ElementFixture } from '../element.fixture.js';

export default {
  loads: { attributes: {}, count: 2, images: 2 },
  findsNothing: { attributes: { query: 'no-such-product-zzz' } },
  request: { method: 'POST', path: '/publisher/products/', retried: false },
  failure: 'fallback',
  attributes: { query: { valid: 'headphones' } },
} satisfies ElementFixture;
`,
};

/** The copy's build: package.json's `build` but for what no check reads (above). */
async function build() {
  for (const [command, args] of [
    [bin('rollup'), ['-c', 'scripts/test/scratch-element.rollup.config.mjs']],
    [process.execPath, ['scripts/build/cdn-styles.mjs']],
    [process.execPath, ['scripts/build/wordpress-build.mjs']],
  ]) {
    const { status, output } = await run(command, args);
    if (status !== 0)
      throw new Error(`the build's ${basename(args.at(-1))} failed (${status}):\n${output}`);
  }
}

/** The contract suite's tests of the scratch element, in Chromium: their counts, its output. */
async function contractSuite() {
  const counts = join(copy, 'contract-counts.json');
  const { output } = await run(
    bin('wtr'),
    [
      '--config',
      'scripts/test/scratch-element.wtr.config.mjs',
      '--files',
      'test/components/contract/*.test.ts',
    ],
    { PUBNET_ENGINE: 'chromium', PUBNET_SCRATCH_COUNTS: counts },
  );
  return { ...(existsSync(counts) && JSON.parse(readFileSync(counts, 'utf8'))), output };
}

/** A file of a stored (deflated) zip. */
function unzip(zip, name) {
  for (let at = 0; at + 30 < zip.length && zip.readUInt32LE(at) === 0x04034b50;) {
    const method = zip.readUInt16LE(at + 8);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extra = zip.readUInt16LE(at + 28);
    const file = zip.toString('utf8', at + 30, at + 30 + nameLength);
    const start = at + 30 + nameLength + extra;
    const data = zip.subarray(start, start + size);
    if (file === name) return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    at = start + size;
  }
  return undefined;
}

try {
  // The last commit, as a repository of its own, with this one's dependencies.
  execFileSync('sh', ['-c', `git archive HEAD | tar -x -C '${copy}'`], { cwd: root });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  sh('git', ['init', '-q']);
  sh('git', ['add', '-A']);
  sh('git', [
    '-c',
    'user.name=scratch',
    '-c',
    'user.email=scratch@localhost',
    'commit',
    '-qm',
    'base',
  ]);

  // One folder, one entry in the registry.
  mkdirSync(join(copy, 'src', 'components', 'scratch'));
  for (const [name, text] of Object.entries(FOLDER))
    writeFileSync(join(copy, 'src', 'components', 'scratch', name), text);
  const registry = join(copy, 'src', 'components', 'registry.ts');
  const text = readFileSync(registry, 'utf8');
  writeFileSync(
    registry,
    text
      .replace(/^(import offerLink .*)$/m, "$1\nimport scratch from './scratch/manifest.js';")
      .replace(/(export const ELEMENTS = \[[^\]]*)\]/, '$1, scratch]'),
  );
  const touched = sh('git', ['status', '--porcelain', '--untracked-files=all']).trim().split('\n');
  check(
    'only the folder and the registry changed',
    touched.every((line) => /src\/components\/(scratch\/|registry\.ts)/.test(line)),
    touched.join(', '),
  );

  // The scratch element's own bytes are not a release's: the copy's build lets the CDN file
  // past its ceiling (the one change of the copy that is not the element's).
  const config = join(copy, 'rollup.config.mjs');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      /^export const CDN_BUDGET = .*$/m,
      'export const CDN_BUDGET = 1e6;',
    ),
  );
  // The contract suite needs no build (esbuild serves src/): it runs while the copy builds.
  const [contract] = await Promise.all([contractSuite(), build()]);
  const dist = (path) => join(copy, 'dist', path);
  const imports = (file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*['"](\.[^'"]+)['"]/g)].map(
      ([, path]) => fileURLToPath(new URL(path, pathToFileURL(file))),
    );
  const graph = new Set();
  const walk = (file) => {
    if (graph.has(file)) return;
    graph.add(file);
    imports(file).forEach(walk);
  };
  walk(dist('index.js'));
  check('the npm entry imports it', graph.has(dist('components/scratch/manifest.js')));
  check(
    'the CDN file defines it',
    readFileSync(dist('cdn/pubnet.min.js'), 'utf8').includes('tag:"pubnet-scratch"'),
  );
  check(
    'pubnet.css keeps its room',
    readFileSync(dist('cdn/pubnet.css'), 'utf8').includes('pubnet-scratch:not(:defined'),
  );
  check(
    'the CDN has its element stylesheet',
    readFileSync(dist('cdn/pubnet-scratch.css'), 'utf8').length > 100,
  );

  const { tsImport } = await import('tsx/esm/api');
  const { startEmulator, known } = await tsImport(
    pathToFileURL(join(copy, 'src', 'emulator', 'index.ts')).href,
    import.meta.url,
  );
  const { createProxy } = await import(pathToFileURL(dist('proxy/index.js')));
  const { serve } = await import(pathToFileURL(dist('node-adapter/serve.js')));
  const { renderTags } = await import(pathToFileURL(dist('render/index.js')));
  const api = await startEmulator({ port: 0, host: '127.0.0.1', token: 'scratch-token' });
  const proxy = await serve(
    createProxy({
      token: 'scratch-token',
      upstream: api.url,
      websites: [known.website.guid],
      rateLimit: false,
    }),
    { port: 0, host: '127.0.0.1' },
  );
  try {
    const page = await renderTags('<p>Text</p><pubnet-scratch query=""></pubnet-scratch>', {
      api: proxy.url,
      key: known.website.guid,
    });
    check(
      'renderTags renders it',
      page.widgets.length === 1 &&
        /<pubnet-scratch[^>]*><template shadowroot="open" shadowrootmode="open">/.test(page.html),
      page.widgets[0]?.state,
    );
    const answer = await fetch(`${proxy.url}render/scratch/?key=${known.website.guid}`);
    const html = await answer.text();
    check(
      "the proxy's /render/scratch/ renders it",
      answer.status === 200 && /^<pubnet-scratch[^>]*>.*shadowrootmode/s.test(html),
      `${answer.status} ${answer.headers.get('x-pubnet-render')}`,
    );
  } finally {
    await proxy.close();
    await api.close();
  }

  const table = unzip(
    readFileSync(dist('wordpress/pubnet-widgets.zip')),
    'pubnet-widgets/includes/elements/element-table.php',
  );
  check(
    "the WordPress plugin's element table has it and its shortcode",
    /'pubnet-scratch' => array\([\s\S]*'shortcode' => 'pubnet_scratch'/.test(table ?? ''),
  );

  const passes = contract.passed > 0 && contract.failed === 0;
  check(
    'the contract suite runs for it too, and passes',
    passes,
    `${contract.passed} of its tests passed, ${contract.failed} failed` +
      (passes ? '' : `\n${contract.output}`),
  );
} catch (error) {
  check('the check ran to its end', false, error.stack);
} finally {
  cleanUp();
}
const passed = results.filter(Boolean).length;
const failed = results.length - passed;
if (summaryFile) writeFileSync(summaryFile, JSON.stringify({ passed, failed, skipped: 0 }));
console.log(failed ? 'Some entry point lacks it.' : 'All entry points have it.');
process.exit(failed ? 1 : 0);
