// The proxy's deployment recipes (examples/proxy/) started in real runtimes: the one start-up
// code of test/proxy/runtimes.test.ts (workerd, Deno, Bun) and `npm run load:proxy` (those and
// Node). src/proxy is bundled by rollup into <scratch>/node_modules/pubnet-widgets/dist/proxy/edge.js,
// importing the public suffix list from dist/vendor/tldts.js as the package's edge build does
// (scripts/build/rollup/vendored.mjs), laid out as a user's install would hold them; workerd gets the two as
// modules (the proxy by its package name), Deno through an import map, Bun by running a copy of
// its recipe inside <scratch> (Bun resolves from a file's real folder, where this repository's
// package.json would pick dist/). Node runs the package's bin, `pubnet-proxy` (src/proxy/cli.ts,
// bundled the same way, the list inside), when asked for.
//
// Behind a load balancer (the load script), each deployment is told the client's address in
// a header it trusts: workerd's recipe already reads `cf-connecting-ip`; Node gets `--ip-header
// x-client-ip`; the Deno and Bun recipes, unchanged, import `pubnet-widgets/proxy` through a
// one-line wrapper that adds `rateLimit: { ipHeader: 'x-client-ip' }` to their options (the
// one edit docs/proxy.md tells users to make behind a load balancer). Types: runtimes.d.mts.
import { spawn, execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rollup } from 'rollup';
import typescript from '@rollup/plugin-typescript';
import resolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import {
  EDGE_TERSER,
  LIT_NODE_CONDITIONS,
  litSsrStatic,
  ssrClientWithoutBuffer,
} from '../build/lit-node-build.mjs';
import { useVendored, vendorBuild, vendoredFile } from '../build/rollup/vendored.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const recipes = join(root, 'examples/proxy');
const bin = (name) => join(root, 'node_modules/.bin', name);
/** How long a runtime may take to answer its first request. */
const START_TIMEOUT = 20_000;

/** Every child started here, so that none outlives the script. */
const children = new Set();

/**
 * Bundles one entry of src/ into one ESM file; `minify`d as the edge builds are (their terser
 * options), so that the runtimes run what dist/proxy/edge.js and dist/render/edge.js ship;
 * with `vendor` (a dist/ folder), importing the vendored packages from there as they do.
 */
async function bundle(input, output, { minify = false, vendor } = {}) {
  const build = await rollup({
    input: join(root, input),
    external: (id) => id.startsWith('node:'),
    onwarn: () => {},
    plugins: [
      ...(vendor ? [useVendored(vendor)] : []),
      // Lit's Node build, with no built-in module (see lit-node-build.mjs): the bundle runs
      // on workerd, Deno and Bun alike.
      litSsrStatic,
      ssrClientWithoutBuffer,
      resolve({ exportConditions: LIT_NODE_CONDITIONS }),
      typescript({
        tsconfig: join(root, 'tsconfig.json'),
        outDir: undefined,
        declaration: false,
        sourceMap: false,
        noCheck: true,
      }),
      ...(minify ? [terser(EDGE_TERSER)] : []),
    ],
  });
  try {
    // One file, the proxy's lazily loaded render half inlined (as the edge build does).
    await build.write({ file: output, format: 'esm', inlineDynamicImports: true });
  } finally {
    await build.close();
  }
}

/**
 * The build's shared edge modules (dist/edge/, which dist/proxy/edge.js and
 * dist/render/edge.js import) copied into `dist`, each as `[name, file]`: its module name as
 * workerd resolves the entries' `../edge/…` imports, and its copy.
 */
function copyEdgeModules(dist) {
  mkdirSync(join(dist, 'edge'), { recursive: true });
  return readdirSync(join(root, 'dist/edge')).map((name) => {
    const file = join(dist, 'edge', name);
    copyFileSync(join(root, 'dist/edge', name), file);
    return [`edge/${name}`, file];
  });
}

/**
 * The scratch install: the bundle as `pubnet-widgets/proxy`; with `behindLoadBalancer`, that
 * name is the wrapper that sets ipHeader; with `node`, Node's bin is bundled too.
 */
export async function prepare({
  prefix = 'pubnet-load-',
  behindLoadBalancer = false,
  node = false,
  built = false,
} = {}) {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  const pkg = join(scratch, 'node_modules/pubnet-widgets');
  const dist = join(pkg, 'dist');
  mkdirSync(pkg, { recursive: true });
  const proxyJs = join(dist, 'proxy/edge.js');
  const tldtsJs = vendoredFile(dist, 'tldts');
  /** The shared edge modules the built proxy imports (none for a bundle made here). */
  let edgeModules = [];
  if (built) {
    // The build's own files (npm test builds before it tests): what the package ships.
    mkdirSync(dirname(proxyJs), { recursive: true });
    mkdirSync(dirname(tldtsJs), { recursive: true });
    copyFileSync(join(root, 'dist/proxy/edge.js'), proxyJs);
    copyFileSync(vendoredFile(join(root, 'dist'), 'tldts'), tldtsJs);
    edgeModules = copyEdgeModules(dist);
  } else {
    // dist/vendor/tldts.js, as the build writes it, then the proxy importing it from there.
    const vendored = vendorBuild(dist);
    const vendor = await rollup(vendored);
    await vendor.write(vendored.output).finally(() => vendor.close());
    await bundle('src/proxy/index.ts', proxyJs, { minify: true, vendor: dist });
  }
  let entry = proxyJs;
  if (behindLoadBalancer) {
    entry = join(pkg, 'proxy-behind-lb.js');
    writeFileSync(
      entry,
      `// The recipe behind a load balancer that sets x-client-ip (load test only).
import { createProxy as create } from './dist/proxy/edge.js';
export * from './dist/proxy/edge.js';
export const createProxy = (options) =>
  create({ ...options, rateLimit: { ipHeader: 'x-client-ip', ...options.rateLimit } });
`,
    );
  }
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({
      name: 'pubnet-widgets',
      type: 'module',
      exports: { './proxy': `./${relative(pkg, entry)}` },
    }),
  );
  let cli;
  if (node) {
    cli = join(scratch, 'pubnet-proxy.mjs');
    await bundle('src/proxy/cli.ts', cli);
  }
  return {
    scratch,
    proxyJs,
    tldtsJs,
    edgeModules,
    entry,
    cli,
    remove: () => rmSync(scratch, { recursive: true, force: true }),
  };
}

/** `main`, `compatibility_date`, `compatibility_flags` and [vars] of a wrangler.toml. */
function readWranglerToml(file) {
  const text = readFileSync(file, 'utf8');
  const top = text.split(/^\[/m)[0];
  const string = (key) => top.match(new RegExp(`^${key}\\s*=\\s*"([^"]*)"`, 'm'))?.[1];
  const flags = [
    ...(top.match(/^compatibility_flags\s*=\s*\[([^\]]*)\]/m)?.[1] ?? '').matchAll(/"([^"]+)"/g),
  ].map((m) => m[1]);
  const vars = {};
  const section = text.match(/^\[vars\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m)?.[1] ?? '';
  for (const [, name, value] of section.matchAll(/^(\w+)\s*=\s*"([^"]*)"/gm)) vars[name] = value;
  const main = string('main');
  const date = string('compatibility_date');
  if (!main || !date) throw new Error(`${file} lacks main or compatibility_date`);
  return { main, date, flags, vars };
}

/**
 * The runtimes: `ipHeader` is the header the deployment trusts for the client's address;
 * `launch(port, vars, s, options)` what to spawn; `version()` the runtime's own version line.
 */
export const runtimes = [
  {
    name: 'node',
    ipHeader: 'x-client-ip',
    version: () => process.version,
    launch(port, vars, s) {
      if (!s.cli) throw new Error('node: prepare({ node: true }) bundles its bin');
      return {
        command: process.execPath,
        args: [
          s.cli,
          ...['--upstream', vars.PUBNET_UPSTREAM, '--host', '127.0.0.1', '--port', String(port)],
          ...['--website', vars.PUBNET_WEBSITES, '--ip-header', 'x-client-ip'],
        ],
        cwd: s.scratch,
        env: { PUBNET_TOKEN: vars.PUBNET_TOKEN },
      };
    },
  },
  {
    name: 'deno',
    ipHeader: 'x-client-ip',
    version: () => execFileSync(bin('deno'), ['--version']).toString().split('\n')[0].trim(),
    launch(port, vars, s) {
      const importMap = join(s.scratch, 'import-map.json');
      const imports = { 'pubnet-widgets/proxy': pathToFileURL(s.entry).href };
      writeFileSync(importMap, JSON.stringify({ imports }));
      // The variables main.ts reads, as its comment tells users to allow them.
      const allowEnv =
        'PUBNET_TOKEN,PUBNET_UPSTREAM,PUBNET_WEBSITES,PUBNET_ALLOW_ORIGINS,HOST,PORT';
      return {
        command: bin('deno'),
        args: [
          'run',
          '--no-prompt',
          '--no-lock',
          '--allow-net',
          `--allow-env=${allowEnv}`,
          `--import-map=${importMap}`,
          join(recipes, 'deno/main.ts'),
        ],
        cwd: s.scratch,
        env: {
          ...vars,
          HOST: '127.0.0.1',
          PORT: String(port),
          // Its own per port: Deno keeps the proxy's Web Cache API store on disk there, so a
          // new run starts empty while a restart on the same port finds what it cached.
          DENO_DIR: join(s.scratch, `deno-dir-${port}`),
          DENO_NO_UPDATE_CHECK: '1',
        },
      };
    },
  },
  {
    name: 'bun',
    ipHeader: 'x-client-ip',
    version: () => `bun ${execFileSync(bin('bun'), ['--version']).toString().trim()}`,
    launch(port, vars, s) {
      const dir = join(s.scratch, 'bun');
      mkdirSync(dir, { recursive: true });
      copyFileSync(join(recipes, 'bun/server.ts'), join(dir, 'server.ts'));
      return {
        command: bin('bun'),
        args: ['--no-install', '--no-env-file', 'run', 'server.ts'],
        cwd: dir,
        env: { ...vars, HOST: '127.0.0.1', PORT: String(port), DO_NOT_TRACK: '1' },
      };
    },
  },
  {
    name: 'workerd',
    // Set by Cloudflare in front of a Worker; the recipe reads it.
    ipHeader: 'cf-connecting-ip',
    version: () => execFileSync(bin('workerd'), ['--version']).toString().trim(),
    launch(port, vars, s, { cacheApi } = {}) {
      // Plain workerd's `caches` keeps nothing unless the worker names a service for it
      // (`cacheApiOutbound`, workerd.capnp): with `cacheApi`, that is the HTTP server at that
      // address (workerd sends it GET with `Cache-Control: only-if-cached`, PUT of the whole
      // serialized response, and PURGE, the cache's name in `cf-cache-namespace`).
      return launchWorkerd(port, vars, s, {
        dir: join(recipes, 'workers'),
        modules: [
          ['pubnet-widgets/proxy', s.proxyJs],
          // workerd resolves the proxy's `../vendor/tldts.js` and `../edge/…` imports against
          // its module name.
          ['vendor/tldts.js', s.tldtsJs],
          ...s.edgeModules,
        ],
        cacheApi,
      });
    },
  },
];

/**
 * What `wrangler dev` would do with the wrangler.toml in `dir`, as a workerd config written
 * into the scratch folder: its entry and `modules` (`[name, file]` each) as modules, its date and
 * flags, [vars] overridden by the caller's own (like .dev.vars), every binding read from the
 * environment, loopback reachable (upstream, origin), and with `cacheApi`, that address as
 * the service behind `caches`.
 */
function launchWorkerd(port, vars, s, { dir, modules, cacheApi }) {
  const toml = readWranglerToml(join(dir, 'wrangler.toml'));
  const bindings = { ...toml.vars, ...vars };
  const embed = (path) => JSON.stringify(relative(s.scratch, path));
  const config = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "upstream", network = (allow = ["public", "private", "local"])),${
      cacheApi
        ? `\n    (name = "cache", external = (address = ${JSON.stringify(cacheApi)}, http = ())),`
        : ''
    }
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [
    (name = ${JSON.stringify(toml.main)}, esModule = embed ${embed(join(dir, toml.main))}),
${modules.map(([name, file]) => `    (name = ${JSON.stringify(name)}, esModule = embed ${embed(file)}),`).join('\n')}
  ],
  compatibilityDate = ${JSON.stringify(toml.date)},
  compatibilityFlags = ${JSON.stringify(toml.flags)},
  bindings = [
${Object.keys(bindings)
  .map(
    (binding) =>
      `    (name = ${JSON.stringify(binding)}, fromEnvironment = ${JSON.stringify(binding)}),`,
  )
  .join('\n')}
  ],
  globalOutbound = "upstream",${cacheApi ? '\n  cacheApiOutbound = "cache",' : ''}
);
`;
  const configFile = `workerd-${port}.capnp`;
  writeFileSync(join(s.scratch, configFile), config);
  return { command: bin('workerd'), args: ['serve', configFile], cwd: s.scratch, env: bindings };
}

/** A free loopback port (asked of the OS, then released for the runtime to take). */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Whether anything answers on the port (any status). */
function answers(port) {
  return new Promise((done) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      res.resume();
      res.on('end', () => done(true));
    });
    req.setTimeout(2_000, () => req.destroy());
    req.on('error', () => done(false));
    req.end();
  });
}

/**
 * Starts a recipe (on `options.port`, else a free port) and waits until its port answers;
 * throws one line naming the runtime. `output()` is what it printed: all of it with
 * `options.wholeOutput`, else the first 2,000 characters of each stream (request logs).
 * `options.cacheApi` (workerd only): the `host:port` of the service workerd's `caches` uses.
 */
export async function start(
  runtime,
  vars,
  s,
  { port: chosen, wholeOutput = false, cacheApi } = {},
) {
  if (cacheApi && runtime.name !== 'workerd')
    throw new Error(`${runtime.name}: cacheApi is a workerd config setting`);
  const port = chosen ?? (await freePort());
  const { command, args, cwd, env } = runtime.launch(port, vars, s, { cacheApi });
  const child = spawn(command, args, {
    cwd,
    // Only what a runtime needs of this environment, so nothing else leaks into a recipe.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? s.scratch,
      NO_COLOR: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let stdout = '';
  let stderr = '';
  const full = (text) => !wholeOutput && text.length >= 2_000;
  child.stdout.on('data', (chunk) => {
    if (!full(stdout)) stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    if (!full(stderr)) stderr += chunk;
  });
  let failure;
  child.once('error', (error) => (failure = error.message));
  child.once('exit', (code, signal) => (failure ??= `exited with ${code ?? signal}`));
  const deadline = Date.now() + START_TIMEOUT;
  while (!(await answers(port))) {
    const why =
      failure ??
      (Date.now() > deadline
        ? `no answer on 127.0.0.1:${port} within ${START_TIMEOUT / 1000} s`
        : '');
    if (why) {
      await stop(child);
      const first =
        `${stderr}\n${stdout}`
          // eslint-disable-next-line no-control-regex
          .replace(/\x1b\[[0-9;]*m/g, '')
          .split('\n')
          .find((line) => line.trim())
          ?.trim() ?? '';
      throw new Error(
        `${runtime.name}: could not start: ${[why, first].filter(Boolean).join(': ')}`,
      );
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  return { child, url: `http://127.0.0.1:${port}`, port, output: () => stdout + stderr };
}

/** SIGTERM, then SIGKILL after 2 s; resolves once the process is gone. */
export function stop(child) {
  const gone = child.pid === undefined || child.exitCode !== null || child.signalCode !== null;
  if (gone) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 2_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** Stops every child still running (SIGTERM first, as `stop`). */
export function stopAll() {
  return Promise.all([...children].map(stop)).then(() => {});
}

/** Kills every child still running at once (for the watchdog and process exit). */
export function killAll() {
  for (const child of children) child.kill('SIGKILL');
}

/** Current and peak RSS of a process in MB (Linux /proc; `undefined` elsewhere or once gone). */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)[1]);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

// ── Server-rendered widgets at the edge: examples/render/workers in workerd ──────────────────
// (test/render/workers.test.ts). Kept apart from the proxy's scratch install above.

/**
 * A scratch install holding src/render/ as `pubnet-widgets/render`: one ESM file, bundled as
 * the proxy is (`bundle`: Lit's Node build, no built-in module).
 */
export async function prepareRender({ prefix = 'pubnet-render-', built = false } = {}) {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(scratch, { recursive: true, force: true });
  try {
    const pkg = join(scratch, 'node_modules/pubnet-widgets');
    mkdirSync(pkg, { recursive: true });
    const renderJs = join(pkg, 'dist/render/edge.js');
    mkdirSync(dirname(renderJs), { recursive: true });
    // The build's own file with the shared edge modules it imports, or a bundle of src/ made
    // now (one file).
    let edgeModules = [];
    if (built) {
      copyFileSync(join(root, 'dist/render/edge.js'), renderJs);
      edgeModules = copyEdgeModules(join(pkg, 'dist'));
    } else await bundle('src/render/index.ts', renderJs, { minify: true });
    writeFileSync(
      join(pkg, 'package.json'),
      JSON.stringify({
        name: 'pubnet-widgets',
        type: 'module',
        exports: { './render': './dist/render/edge.js' },
      }),
    );
    return { scratch, renderJs, edgeModules, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** examples/render/workers as `wrangler dev` would run it, in plain workerd. */
const renderWorkerd = {
  name: 'workerd',
  ipHeader: 'cf-connecting-ip',
  version: () => execFileSync(bin('workerd'), ['--version']).toString().trim(),
  launch: (port, vars, s) =>
    launchWorkerd(port, vars, s, {
      dir: join(root, 'examples/render/workers'),
      modules: [['pubnet-widgets/render', s.renderJs], ...s.edgeModules],
    }),
};

/** Starts examples/render/workers in workerd (see `start`), with `vars` over its [vars]. */
export function startRenderWorker(vars, s, options = {}) {
  return start(renderWorkerd, vars, s, { ...options, cacheApi: undefined });
}
