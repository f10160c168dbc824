// A widget user installs Lit and the widgets, and nothing else (issue 24): the package
// packed (`npm pack`) and installed by npm into an empty project, as a consumer does,
// without the network. Then what it brought (packages, bytes), `npm ls`, and every
// `exports` subpath resolved or imported from that project; `pubnet-widgets/render`
// says what to install, and works once it is installed.
//
// Without the network: npm 11 resolves a range from the *full* packument, and the npm
// cache keeps only the abbreviated ones, so `npm install --offline` cannot resolve even
// `lit`. So npm asks a registry on 127.0.0.1 that this test serves from the project's
// package-lock.json (the locked versions, their dependencies and integrity), while the
// tarballs come from the npm cache by their integrity (`--prefer-offline`); any other
// request goes to a proxy that does not exist, so a package not in the cache fails the
// install instead of downloading. It reads the build: run after `npm run build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { once } from 'node:events';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const run = promisify(execFile);

/** Lit and what it depends on: all a widget user's project should get besides the widgets. */
const LIT = [
  '@lit-labs/ssr-dom-shim',
  '@lit/reactive-element',
  '@types/trusted-types',
  'lit',
  'lit-element',
  'lit-html',
];
const MAX_PACKAGES = 7;
/** 5 MB (MiB, as `du -h` counts) of files under node_modules, by their sizes. */
const MAX_BYTES = 5 * 1024 * 1024;
const INSTALL = 'pubnet-widgets/render needs @lit-labs/ssr: npm install @lit-labs/ssr@^4';

interface LockEntry {
  name?: string;
  version?: string;
  integrity?: string;
  link?: boolean;
  [field: string]: unknown;
}

/** The packuments of every package version the project locks, by name. */
function packuments(registry: string): Map<string, { versions: Record<string, unknown> }> {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const byName = new Map<string, { versions: Record<string, unknown> }>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path || entry.link || !entry.version || !entry.integrity) continue;
    const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 13);
    const manifest: Record<string, unknown> = { name, version: entry.version };
    for (const field of [
      'dependencies',
      'optionalDependencies',
      'peerDependencies',
      'peerDependenciesMeta',
      'bin',
      'engines',
      'os',
      'cpu',
    ])
      if (entry[field]) manifest[field] = entry[field];
    const file = `${name.replace(/^@[^/]+\//, '')}-${entry.version}.tgz`;
    manifest.dist = { integrity: entry.integrity, tarball: `${registry}${name}/-/${file}` };
    const packument = byName.get(name) ?? { versions: {} };
    packument.versions[entry.version] = manifest;
    byName.set(name, packument);
  }
  return byName;
}

/** Bytes of the files under `dir`, by their sizes (not the disk blocks they take). */
function measure(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += statSync(join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return bytes;
}

test(
  'installed from its tarball into an empty project, the package brings Lit and nothing else, and every subpath resolves',
  { timeout: 60_000 },
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'pubnet-install-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));

    const server = createServer((request, response) => {
      const name = decodeURIComponent((request.url ?? '/').slice(1));
      const packument = registryDocs.get(name);
      if (request.method !== 'GET' || !packument) {
        asked.push(`${request.method} ${request.url} (404)`);
        response.writeHead(404, { 'Content-Type': 'application/json' }).end('{}');
        return;
      }
      const versions = Object.keys(packument.versions);
      const body = { name, 'dist-tags': { latest: versions.at(-1) }, ...packument };
      // Not kept in the npm cache: this registry lives for this test only.
      response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      response.end(JSON.stringify(body));
    });
    const asked: string[] = [];
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    t.after(() => server.close());
    const registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const registryDocs = packuments(registry);

    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of Object.keys(env)) if (/^npm_/i.test(name)) delete env[name];
    delete env.NODE_OPTIONS;
    delete env.NODE_PATH;
    Object.assign(env, {
      npm_config_registry: registry,
      // Anything not on 127.0.0.1 goes nowhere: no download.
      npm_config_proxy: 'http://127.0.0.1:9/',
      npm_config_https_proxy: 'http://127.0.0.1:9/',
      npm_config_noproxy: '127.0.0.1',
      npm_config_update_notifier: 'false',
    });
    const npm = (args: string[], cwd: string) =>
      run('npm', [...args, '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
        cwd,
        env,
        encoding: 'utf8',
      });

    // The package as published.
    const { stdout: packed } = await run(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', dir],
      { cwd: root, encoding: 'utf8' },
    );
    const [{ filename, size, unpackedSize }] = JSON.parse(packed) as {
      filename: string;
      size: number;
      unpackedSize: number;
    }[];
    const tarball = join(dir, filename);

    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }),
    );
    await npm(['install', tarball], project).catch((error: { stderr?: string }) => {
      throw new Error(`npm install failed (asked: ${asked.join(', ')}):\n${error.stderr}`);
    });

    const hidden = JSON.parse(
      readFileSync(join(project, 'node_modules', '.package-lock.json'), 'utf8'),
    ) as { packages: Record<string, LockEntry> };
    const installed = Object.keys(hidden.packages)
      .map((path) => path.slice(path.lastIndexOf('node_modules/') + 13))
      .sort();
    const bytes = measure(join(project, 'node_modules'));
    const own = measure(join(project, 'node_modules', 'pubnet-widgets'));
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MiB`;
    t.diagnostic(
      `tarball ${mb(size)} (${size} B), unpacked ${mb(unpackedSize)}; installed ${installed.length} packages, ${mb(bytes)} under node_modules (${bytes} B; pubnet-widgets ${mb(own)}): ${installed.join(', ')}`,
    );
    assert.deepEqual(installed, [...LIT, 'pubnet-widgets'].sort());
    assert.ok(installed.length <= MAX_PACKAGES, `${installed.length} packages`);
    assert.ok(bytes <= MAX_BYTES, `${mb(bytes)} under node_modules, over ${mb(MAX_BYTES)}`);
    await npm(['ls', '--all'], project); // exits 0, or throws

    // Every `exports` subpath, from the project, as its code would import it.
    const subpaths = Object.keys(pkg.exports as Record<string, unknown>).map((subpath) =>
      subpath === '.' ? 'pubnet-widgets' : `pubnet-widgets/${subpath.slice(2)}`,
    );
    const script = join(project, 'check.mjs');
    writeFileSync(
      script,
      `// The root and /autolink define elements (they need a DOM); the CDN files are scripts.
const resolveOnly = /^pubnet-widgets(\\/autolink|\\/cdn\\/.*|\\/package\\.json|\\/custom-elements\\.json)?$/;
const result = {};
for (const specifier of process.argv.slice(2)) {
  try {
    if (resolveOnly.test(specifier)) {
      result[specifier] = import.meta.resolve(specifier).replace(/^.*\\/node_modules\\//, '');
    } else {
      result[specifier] = Object.keys(await import(specifier)).sort();
    }
  } catch (error) {
    result[specifier] = { error: String(error.message) };
  }
}
console.log(JSON.stringify(result));
`,
    );
    const check = async () =>
      JSON.parse(
        (
          await run(process.execPath, [script, ...subpaths], {
            cwd: project,
            env,
            encoding: 'utf8',
          })
        ).stdout,
      ) as Record<string, unknown>;

    const before = await check();
    for (const subpath of subpaths) {
      const got = before[subpath];
      if (subpath === 'pubnet-widgets/render') {
        assert.deepEqual(got, { error: INSTALL }, subpath);
      } else if (Array.isArray(got)) {
        assert.ok(got.length > 0, `${subpath} exports something`);
      } else {
        assert.equal(typeof got, 'string', `${subpath}: ${JSON.stringify(got)}`);
      }
    }
    assert.ok((before['pubnet-widgets/client'] as string[]).includes('createClient'));
    assert.ok((before['pubnet-widgets/proxy'] as string[]).includes('createProxy'));
    assert.ok((before['pubnet-widgets/emulator'] as string[]).includes('createEmulator'));
    assert.equal(before['pubnet-widgets'], 'pubnet-widgets/dist/index.js');

    // What the message says to do, and then it renders.
    await npm(['install', '@lit-labs/ssr@^4'], project);
    await npm(['ls', '--all'], project);
    const after = await check();
    assert.deepEqual(
      after['pubnet-widgets/render'],
      [
        'LOAN_OFFERS_ATTRIBUTES',
        'PRICE_COMPARISON_ATTRIBUTES',
        'PRODUCT_GRID_ATTRIBUTES',
        'renderAdslot',
        'renderLoanOffers',
        'renderPriceComparison',
        'renderProductGrid',
        'renderTags',
        'stylesheetText',
      ],
      'pubnet-widgets/render loads with Lit SSR installed',
    );
  },
);
