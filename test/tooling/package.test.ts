// Packaging checks: what `npm pack` ships, that every `exports` subpath
// resolves with its types, and that the custom-elements manifest is complete.
// They read the build, so they run after `npm run build` (npm test's build step).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { packedFiles } from '../support/packed.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('package.json', `file://${root}`), 'utf8'));
const packed = packedFiles();

test('npm pack ships the build, the specs and the docs, and nothing of the workshop', () => {
  for (const path of [
    'package.json',
    'README.md',
    'dist/cdn/pubnet.min.js',
    'dist/cdn/pubnet.min.js.map',
    'dist/cdn/pubnet.min.js.sri',
    'dist/cdn/pubnet-autolink.min.js',
    'dist/cdn/pubnet-autolink.min.js.map',
    'dist/cdn/pubnet-autolink.min.js.sri',
    'dist/index.js',
    'dist/autolink/index.js',
    'dist/autolink/index.d.ts',
    'dist/client/index.js',
    'dist/proxy/index.js',
    'dist/emulator/index.js',
    'spec/publisher-api.md',
    'spec/embed-contract.md',
    'CHANGELOG.md',
    'docs/widgets.md',
    'docs/elements.md',
    'docs/frameworks.md',
    'docs/render.md',
    'docs/proxy.md',
    'docs/wordpress.md',
    'docs/autolink.md',
    'docs/client.md',
    'docs/emulator.md',
    'docs/figures.md',
    'docs/releasing.md',
    'docs/readme.webp',
    pkg.customElements,
    ...Object.values(pkg.bin as Record<string, string>),
  ]) {
    assert.ok(packed.has(path), `${path} is not in the package`);
  }
  for (const path of packed) {
    assert.doesNotMatch(
      path,
      /^(src|test|bench|demo|scripts|examples|node_modules|\.ci|docs\/screenshots)\//,
      `${path} should not be in the package`,
    );
  }
});

test('every exports subpath points at packed files, types first', () => {
  for (const [subpath, target] of Object.entries(pkg.exports as Record<string, unknown>)) {
    const targets =
      typeof target === 'string' ? { default: target } : (target as Record<string, string>);
    const conditions = Object.keys(targets);
    if (targets.types) assert.equal(conditions[0], 'types', `${subpath}: "types" must come first`);
    for (const file of Object.values(targets)) {
      // A pattern (`./dist/cdn/*.css`): at least one packed file it gives.
      const path = file.replace(/^\.\//, '');
      const pattern = new RegExp(`^${path.replace(/[.]/g, '\\.').replace('*', '[^/]+')}$`);
      assert.ok(
        path.includes('*')
          ? [...packed].some((packedPath) => pattern.test(packedPath))
          : packed.has(path),
        `${subpath} → ${file} is not in the package`,
      );
    }
    // Types wherever a JS or TS consumer imports code (the CDN scripts too, for
    // `window.Pubnet`); not for the stylesheets, SRI hashes and JSON files.
    if (!/\.(css|sri|json)$/.test(subpath)) {
      assert.ok(targets.types, `${subpath} has no types`);
    }
  }
});

test('exports give the CDN stylesheets, the SRI hashes and the manifest', () => {
  for (const file of [
    'cdn/pubnet.css',
    'cdn/pubnet.min.js.sri',
    'cdn/pubnet-autolink.min.js.sri',
    'cdn/pubnet.css.sri',
  ]) {
    assert.equal(pkg.exports[`./${file}`], `./dist/${file}`, file);
  }
  assert.equal(pkg.exports['./custom-elements.json'], `./${pkg.customElements}`);
  // Every SRI file and stylesheet the build writes in dist/cdn/ has its subpath: its own, or
  // a pattern's (`./cdn/*.css`, each element's stylesheet, as the registry's elements come).
  const targets = Object.values(pkg.exports as Record<string, unknown>).filter(
    (target): target is string => typeof target == 'string',
  );
  const exported = (path: string) =>
    targets.some((target) =>
      target.includes('*')
        ? new RegExp(`^${target.replace(/[.]/g, '\\.').replace('*', '[^/]+')}$`).test(path)
        : target == path,
    );
  for (const path of packed)
    if (/^dist\/cdn\/.*\.(css|sri)$/.test(path)) assert.ok(exported(`./${path}`), path);
  for (const element of ['adslot', 'product-grid', 'price-comparison', 'loan-offers'])
    assert.ok(exported(`./dist/cdn/pubnet-${element}.css`), element);
});

/** Packed declaration files a declaration file reaches by relative imports (itself included). */
function declarationsReached(start: string): Set<string> {
  const reached = new Set<string>();
  const visit = (path: string) => {
    if (reached.has(path)) return;
    assert.ok(packed.has(path), `${path} is not in the package`);
    reached.add(path);
    for (const specifier of specifiers(readFileSync(`${root}${path}`, 'utf8')))
      if (specifier.startsWith('.'))
        visit(join(dirname(path), specifier).replace(/\.js$/, '.d.ts'));
  };
  visit(start);
  return reached;
}

test('the CDN scripts have types that declare window.Pubnet, and no dist/embed/ declaration is an orphan', () => {
  const reached = new Set<string>();
  for (const script of ['./cdn/pubnet.min.js', './cdn/pubnet-autolink.min.js']) {
    const types = (pkg.exports[script] as Record<string, string>).types!.replace(/^\.\//, '');
    for (const path of declarationsReached(types)) reached.add(path);
  }
  assert.ok(reached.has('dist/embed/extend-global.d.ts') && reached.has('dist/embed/global.d.ts'));
  const orphans = [...packed].filter((path) => /^dist\/embed\//.test(path) && !reached.has(path));
  assert.deepEqual(orphans, [], 'dist/embed/ files that no types entry reaches');
  // A page's script, typed by the package: `window.Pubnet` is PubnetGlobal | undefined.
  const result = tsc('test/tooling/consumer-cdn/tsconfig.json');
  assert.equal(result, '');
});

test('the manifest names the files the package ships, not src/', () => {
  const manifest = readFileSync(`${root}${pkg.customElements}`, 'utf8');
  assert.doesNotMatch(manifest, /src\//);
  const named = new Set<string>();
  JSON.parse(manifest, (key, value) => {
    if ((key === 'path' || key === 'module') && typeof value === 'string') named.add(value);
    return value;
  });
  assert.ok(named.has('dist/components/adslot/adslot.js'), [...named].join(', '));
  assert.deepEqual(
    [...named].filter((path) => !packed.has(path)),
    [],
    'manifest paths not in the package',
  );
});

test('sideEffects names shipped files only, the registering ones among them', () => {
  const patterns = pkg.sideEffects as string[];
  const matches = (pattern: string) => {
    const regex = new RegExp(
      `^${pattern
        .replace(/^\.\//, '')
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')}$`,
    );
    return [...packed].filter((path) => regex.test(path));
  };
  for (const pattern of patterns)
    assert.ok(matches(pattern).length > 0, `${pattern} matches no file`);
  for (const file of ['dist/index.js', 'dist/cdn/pubnet.min.js', 'dist/components/define.js'])
    assert.ok(
      patterns.some((pattern) => matches(pattern).includes(file)),
      `${file} has side effects`,
    );
});

test('the source maps the package ships carry their sources; the npm build ships none', () => {
  const maps = [...packed].filter((path) => path.endsWith('.map'));
  assert.deepEqual(maps.sort(), [
    'dist/cdn/pubnet-autolink.min.js.map',
    'dist/cdn/pubnet.min.js.map',
  ]);
  for (const path of maps) {
    const map = JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as {
      sources: string[];
      sourcesContent?: (string | null)[];
    };
    assert.equal(map.sourcesContent?.length, map.sources.length, path);
    assert.ok(
      map.sourcesContent.every((text) => typeof text === 'string'),
      `${path}: sources missing`,
    );
    // Relative to the map: src/ is two folders up from dist/cdn/.
    for (const source of map.sources)
      assert.match(source, /^\.\.\/\.\.\/(src|node_modules)\//, `${path}: ${source}`);
  }
  for (const path of packed)
    if (/^dist\/.*\.js$/.test(path) && !path.startsWith('dist/cdn/'))
      assert.doesNotMatch(readFileSync(`${root}${path}`, 'utf8'), /sourceMappingURL/, path);
});

// The package is ESM only. `import` of every entry works on Node 20; `require()` of an
// ES module works unflagged from Node 20.19.0 (require(esm), backported from 22.12; before
// it ERR_REQUIRE_ESM, or behind --experimental-require-module from 20.17), so engines says
// >=20.19. pubnet-widgets/render holds a top-level await (Lit SSR is optional): import it.
test('engines: Node 20.19 or later, where require() of the ESM entries works', () => {
  assert.equal(pkg.engines.node, '>=20.19');
  assert.equal(process.features.require_module, true, 'this Node has require(esm)');
  const require = createRequire(`${root}test/tooling/`);
  for (const [subpath, name] of [
    ['pubnet-widgets/client', 'createClient'],
    ['pubnet-widgets/proxy', 'createProxy'],
    ['pubnet-widgets/emulator', 'createEmulator'],
  ] as const)
    assert.equal(typeof require(subpath)[name], 'function', subpath);
  assert.throws(() => require('pubnet-widgets/render'), { code: 'ERR_REQUIRE_ASYNC_MODULE' });
});

test('the server-side subpaths load in Node by the package name', async () => {
  const client = await import('pubnet-widgets/client');
  assert.equal(typeof client.createClient, 'function');
  const proxy = await import('pubnet-widgets/proxy');
  assert.equal(typeof proxy.createProxy, 'function');
  const emulator = await import('pubnet-widgets/emulator');
  assert.equal(typeof emulator.createEmulator, 'function');
});

/** tsc's errors for a project (empty when it type-checks). */
function tsc(project: string): string {
  try {
    execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', project], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

test('a TypeScript consumer resolves every subpath with its types', () => {
  assert.equal(tsc('test/tooling/consumer/tsconfig.json'), '');
});

// A server project: Node's types, no DOM lib, no skipLibCheck. The render entry's
// declarations reach no element class nor Lit (their DOM types): its internal functions
// are `@internal`, left out by the npm build (stripInternal).
test('a server project (no DOM lib, no skipLibCheck, node16) type-checks /render, /proxy and /client', () => {
  assert.equal(tsc('test/tooling/consumer-server/tsconfig.json'), '');
});

// What the manifest lists is checked in test/e2e/build.test.ts.
test('customElements names the manifest the build writes, and the package ships it', () => {
  assert.equal(pkg.customElements, 'custom-elements.json');
  assert.ok(existsSync(`${root}${pkg.customElements}`));
  assert.ok(packed.has(pkg.customElements));
});

// hono is a devDependency: the emulator build bundles it, so that installing the
// widgets or the client never installs it, and the emulator runs without it.

test('the package depends on lit alone: Lit SSR is an optional peer, hono a devDependency', () => {
  assert.deepEqual(Object.keys(pkg.dependencies ?? {}), ['lit']);
  // Only pubnet-widgets/render (and the proxy's /render/ routes) need it (issue 24).
  assert.deepEqual(pkg.peerDependencies, { '@lit-labs/ssr': '^4.1.0' });
  assert.deepEqual(pkg.peerDependenciesMeta, { '@lit-labs/ssr': { optional: true } });
  assert.equal(pkg.devDependencies['@lit-labs/ssr'], pkg.peerDependencies['@lit-labs/ssr']);
  assert.ok(pkg.devDependencies.hono, 'the emulator build bundles hono from devDependencies');
});

test('Lit SSR is for the render entry (and the proxy that serves it): no element module imports it', () => {
  const elements = [...packed].filter((path) =>
    /^dist\/(index|components\/.*|embed\/.*|cdn\/pubnet\.min)\.js$/.test(path),
  );
  assert.ok(elements.includes('dist/index.js') && elements.includes('dist/cdn/pubnet.min.js'));
  const offending = elements.filter((path) =>
    specifiers(readFileSync(`${root}${path}`, 'utf8')).some((specifier) =>
      specifier.startsWith('@lit-labs/'),
    ),
  );
  assert.deepEqual(offending, []);
});

/** Module specifiers a script or declaration file imports, requires or re-exports. */
const specifiers = (text: string): string[] =>
  ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
const isHono = (specifier: string) => /^hono(\/|$)/.test(specifier);

test('pubnet-widgets/autolink needs no Lit: no module it reaches imports lit', () => {
  const reached = new Set<string>();
  const bare = new Set<string>();
  const visit = (path: string) => {
    if (reached.has(path)) return;
    assert.ok(packed.has(path), `${path} is not in the package`);
    reached.add(path);
    for (const specifier of specifiers(readFileSync(`${root}${path}`, 'utf8')))
      if (specifier.startsWith('.')) visit(join(dirname(path), specifier));
      else bare.add(specifier);
  };
  visit((pkg.exports['./autolink'] as Record<string, string>).default!.replace(/^\.\//, ''));
  assert.ok(reached.has('dist/autolink/autolink.js'));
  assert.deepEqual([...bare], []);
});

test('no packed script or declaration imports hono', () => {
  // The scanner sees every form, and no comment (hono's bundled JSDoc quotes imports).
  assert.deepEqual(
    specifiers(
      `// import 'hono/a'\nimport 'hono'; export * from "hono/b"; await import('hono/c'); require('hono/d');`,
    ),
    ['hono', 'hono/b', 'hono/c', 'hono/d'],
  );
  const files = [...packed].filter((path) => /^dist\/.*\.([cm]?js|d\.ts)$/.test(path));
  assert.ok(files.includes('dist/emulator/cli.js') && files.includes('dist/emulator/index.d.ts'));
  const offending = files.flatMap((path) =>
    specifiers(readFileSync(`${root}${path}`, 'utf8'))
      .filter(isHono)
      .map((specifier) => `${path} imports ${specifier}`),
  );
  assert.deepEqual(offending, []);
});

/** Resolves with the first `n` stdout lines; rejects with stderr if it exits first. */
async function firstLines(child: ChildProcessWithoutNullStreams, n: number): Promise<string[]> {
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk) => (err += String(chunk)));
  for await (const chunk of child.stdout) {
    out += String(chunk);
    const lines = out.split('\n');
    if (lines.length > n) return lines.slice(0, n);
  }
  throw new Error(`exited before printing ${n} lines: ${out}${err}`);
}

test(
  'installed with nothing beside it, the packed emulator serves: CLI and import',
  { timeout: 60_000 },
  async (t) => {
    // The package as a consumer gets it: node_modules/pubnet-widgets, and no hono
    // anywhere up the tree (nor lit: the emulator does not need it).
    const dir = mkdtempSync(join(tmpdir(), 'pubnet-packed-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const packedJson = execFileSync(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', dir],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    execFileSync('tar', ['-xzf', join(dir, JSON.parse(packedJson)[0].filename), '-C', dir]);
    const installed = join(dir, 'node_modules', 'pubnet-widgets');
    mkdirSync(join(dir, 'node_modules'));
    renameSync(join(dir, 'package'), installed);
    const cli = join(installed, pkg.bin['pubnet-emulator']);
    assert.throws(() => createRequire(cli).resolve('hono'), { code: 'MODULE_NOT_FOUND' });
    assert.match(readFileSync(cli, 'utf8'), /^#!\/usr\/bin\/env node\n/);
    const env = { ...process.env };
    delete env.NODE_PATH;
    delete env.NODE_OPTIONS;

    const child = spawn(process.execPath, [cli, '--port', '0'], { cwd: dir, env });
    try {
      const [url = '', tokenLine = ''] = await firstLines(child, 2);
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      const token = tokenLine.replace(/^token: /, '');
      const res = await fetch(new URL('publisher/offers/', url), {
        headers: { Authorization: `Token ${token}` },
      });
      assert.equal(res.status, 200);
      assert.equal(typeof (await res.json()), 'object');
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    }

    // `import { createEmulator } from 'pubnet-widgets/emulator'`, by a consumer's module.
    writeFileSync(
      join(dir, 'consumer.mjs'),
      `import { createEmulator } from 'pubnet-widgets/emulator';
const emulator = createEmulator();
const res = await emulator.fetch(
  new Request('http://emulator.test/publisher/offers/', {
    headers: { Authorization: 'Token ' + emulator.token },
  }),
);
console.log(res.status);
`,
    );
    const status = execFileSync(process.execPath, ['consumer.mjs'], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
    assert.equal(status.trim(), '200');
  },
);

test('on Workers (conditions workerd, worker) the proxy and render entries are edge builds of the package alone: their imports are its dist/edge/ and dist/vendor/ files', () => {
  // What the two entries share (the render half, Lit SSR, the elements) is written once, in
  // dist/edge/, and the proxy's public suffix list is the package's one copy,
  // dist/vendor/tldts.js: a copy in each took the install over its 5 MiB. Every import is a
  // relative path to a packed file; no bare name (a bundler would take Lit's browser build).
  const graphs: Record<string, string[]> = {};
  for (const entry of ['./proxy', './render']) {
    const conditions = pkg.exports[entry] as Record<string, string>;
    // wrangler resolves `workerd`, then `worker`, then `browser`: never Lit's browser build.
    assert.equal(Object.keys(conditions)[1], 'workerd', entry);
    assert.equal(conditions.worker, conditions.workerd);
    const start = conditions.workerd!.replace(/^\.\//, '');
    const files: string[] = [];
    const visit = (file: string) => {
      if (files.includes(file)) return;
      assert.ok(packed.has(file), `${file} is packed`);
      files.push(file);
      const text = readFileSync(`${root}${file}`, 'utf8');
      // Its static imports, and the render half its first render loads (`import("…")`).
      const dynamic = [...text.matchAll(/\bimport\("([^"]+)"\)/g)].map((match) => match[1]!);
      for (const specifier of [...specifiers(text), ...dynamic]) {
        assert.match(specifier, /^\.\.?\//, `${file} imports ${specifier}: no bare name`);
        const path = join(dirname(file), specifier);
        assert.match(path, /^dist\/(edge|vendor)\//, `${file} imports ${path}`);
        visit(path);
      }
    };
    visit(start);
    graphs[entry] = files;
    const code = files.map((file) => readFileSync(`${root}${file}`, 'utf8')).join('\n');
    // Lit SSR inside, imported statically: not src/render/lit-ssr.ts's top-level await.
    assert.doesNotMatch(code, /needs @lit-labs\/ssr/, `${start} has Lit SSR inside`);
    // Lit's Node build (its DOM shim), not the browser build that needs HTMLElement.
    assert.match(code, /HTMLElementShim|class HTMLElement/);
  }
  assert.ok(graphs['./proxy']!.includes('dist/vendor/tldts.js'), 'the proxy imports the list');
  // The render half is shared: one module of dist/edge/ holds the elements for both.
  const shared = graphs['./proxy']!.filter((file) => graphs['./render']!.includes(file));
  assert.ok(
    shared.some((file) => /pubnet-loan-offers/.test(readFileSync(`${root}${file}`, 'utf8'))),
    `the entries share the elements (${shared.join(', ')})`,
  );
});

// publint and arethetypeswrong, as a consumer's check would run them; both read the
// packed package only (no network).
test('publint finds nothing, strict', { timeout: 60_000 }, () => {
  const out = execFileSync(
    process.execPath,
    [`${root}node_modules/publint/src/cli.js`, '--strict', '--pack', 'npm'],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  assert.match(out, /All good!/);
});

// The stylesheets and SRI hashes are files to link or read, not modules: attw cannot
// resolve them (NoResolution), so it checks every other subpath. Exit status 0: no
// problem under the profile (node16 from ESM and bundler; ESM only, so not node10/CJS).
test(
  'arethetypeswrong (--profile esm-only) finds no problem in any code entry',
  { timeout: 120_000 },
  () => {
    const assets = Object.keys(pkg.exports).filter((subpath) => /\.(css|sri)$/.test(subpath));
    assert.ok(assets.length >= 5);
    const result = (() => {
      try {
        execFileSync(
          process.execPath,
          [
            `${root}node_modules/@arethetypeswrong/cli/dist/index.js`,
            '--pack',
            '.',
            '--profile',
            'esm-only',
            '--exclude-entrypoints',
            ...assets,
          ],
          {
            cwd: root,
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'pipe'],
            env: { ...process.env, FORCE_COLOR: '0' },
          },
        );
        return '';
      } catch (error) {
        return String((error as { stdout?: string }).stdout ?? error);
      }
    })();
    assert.equal(result, '');
  },
);
