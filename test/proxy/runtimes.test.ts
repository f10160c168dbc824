// The proxy in real runtimes: the deployment recipes of examples/proxy/ run as they are, in
// workerd (Cloudflare Workers' runtime), Deno and Bun, all devDependencies from npm, each on
// its own loopback port in front of its own emulator. Each must answer every widget route as
// the Node proxy does, refuse private routes and path tricks without calling upstream, never
// show the token, and answer a repeat read from its cache.
//
// The recipes import `pubnet-widgets/proxy`. Here that name is one ESM file rollup builds from
// src/proxy/index.ts (as edge.test.ts does), laid out as a user's install would hold it:
// <scratch>/node_modules/pubnet-widgets/proxy.js. workerd gets it as a module of that name,
// Deno through an import map, Bun by running a copy of its recipe inside <scratch> (Bun
// resolves from a file's real folder, where this repository's package.json would pick dist/).
//
// A runtime that cannot start fails its test with one line naming it; nothing is skipped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rollup } from 'rollup';
import typescript from '@rollup/plugin-typescript';
import resolve from '@rollup/plugin-node-resolve';
import { startEmulator } from '../../src/emulator/index.js';
import { widgetRoutes, type WidgetRouteKey } from '../../src/proxy/allow-list.js';
import { TOKEN, known, startStack } from './support.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const recipes = join(root, 'examples/proxy');
const bin = (name: string) => join(root, 'node_modules/.bin', name);
/** How long a runtime may take to answer its first request. */
const START_TIMEOUT = 20_000;

let scratch = '';
/** The bundled proxy, where a user's install would have it. */
let bundle = '';
const children: ChildProcess[] = [];
const closers: (() => Promise<void>)[] = [];

before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'pubnet-runtimes-'));
  const pkg = join(scratch, 'node_modules/pubnet-widgets');
  mkdirSync(pkg, { recursive: true });
  bundle = join(pkg, 'proxy.js');
  const build = await rollup({
    input: join(root, 'src/proxy/index.ts'),
    plugins: [
      resolve(),
      typescript({
        tsconfig: join(root, 'tsconfig.json'),
        outDir: undefined,
        declaration: false,
        sourceMap: false,
        noCheck: true,
      }),
    ],
  });
  try {
    const [chunk] = (await build.generate({ format: 'esm' })).output;
    writeFileSync(bundle, chunk.code);
  } finally {
    await build.close();
  }
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({
      name: 'pubnet-widgets',
      type: 'module',
      exports: { './proxy': './proxy.js' },
    }),
  );
});

after(async () => {
  await Promise.all(children.splice(0).map(stop));
  await Promise.all(closers.splice(0).map((close) => close()));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

function stop(child: ChildProcess): Promise<void> {
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

/** A free loopback port (asked of the OS, then released for the runtime to take). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

interface Answer {
  status: number;
  /** Every header line as received. */
  headers: string[];
  header(name: string): string | undefined;
  text: string;
}

/**
 * One HTTP request with the path sent exactly as written (fetch() would resolve `..` and
 * `%2e%2e` before sending), on a fresh connection.
 */
function send(port: number, method: string, path: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          Connection: 'close',
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          const headers: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            headers.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          const header = (name: string) => {
            const value = res.headers[name.toLowerCase()];
            return Array.isArray(value) ? value.join(', ') : value;
          };
          done({
            status: res.statusCode ?? 0,
            headers,
            header,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path}: no answer in 10 s`)));
    req.on('error', fail);
    req.end(payload);
  });
}

/** What a runtime needs to start one recipe. */
interface Launch {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

interface Runtime {
  name: string;
  /** Prepares the recipe's start on `port` with the given bindings. */
  launch(port: number, vars: Record<string, string>): Launch;
}

/** `main`, `compatibility_date`, `compatibility_flags` and [vars] of a wrangler.toml. */
function readWranglerToml(file: string) {
  const text = readFileSync(file, 'utf8');
  const top = text.split(/^\[/m)[0];
  const string = (key: string) => top.match(new RegExp(`^${key}\\s*=\\s*"([^"]*)"`, 'm'))?.[1];
  const flags = [
    ...(top.match(/^compatibility_flags\s*=\s*\[([^\]]*)\]/m)?.[1] ?? '').matchAll(/"([^"]+)"/g),
  ].map((m) => m[1]);
  const vars: Record<string, string> = {};
  const section = text.match(/^\[vars\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m)?.[1] ?? '';
  for (const [, name, value] of section.matchAll(/^(\w+)\s*=\s*"([^"]*)"/gm)) vars[name] = value;
  const main = string('main');
  const date = string('compatibility_date');
  assert.ok(main && date, `${file} has main and compatibility_date`);
  return { main, date, flags, vars };
}

const runtimes: Runtime[] = [
  {
    name: 'workerd',
    launch(port, vars) {
      // What `wrangler dev` would do with wrangler.toml, as a workerd config: the entry and
      // `pubnet-widgets/proxy` as modules, [vars] overridden by the test's own (like
      // .dev.vars), every binding read from the environment, loopback reachable upstream.
      const dir = join(recipes, 'workers');
      const toml = readWranglerToml(join(dir, 'wrangler.toml'));
      const bindings = { ...toml.vars, ...vars };
      const embed = (file: string) => JSON.stringify(relative(scratch, file));
      const config = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "upstream", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [
    (name = ${JSON.stringify(toml.main)}, esModule = embed ${embed(join(dir, toml.main))}),
    (name = "pubnet-widgets/proxy", esModule = embed ${embed(bundle)}),
  ],
  compatibilityDate = ${JSON.stringify(toml.date)},
  compatibilityFlags = ${JSON.stringify(toml.flags)},
  bindings = [
${Object.keys(bindings)
  .map((name) => `    (name = ${JSON.stringify(name)}, fromEnvironment = ${JSON.stringify(name)}),`)
  .join('\n')}
  ],
  globalOutbound = "upstream",
);
`;
      writeFileSync(join(scratch, 'workerd.capnp'), config);
      return {
        command: bin('workerd'),
        args: ['serve', 'workerd.capnp'],
        cwd: scratch,
        env: bindings,
      };
    },
  },
  {
    name: 'deno',
    launch(port, vars) {
      const importMap = join(scratch, 'import-map.json');
      const imports = { 'pubnet-widgets/proxy': pathToFileURL(bundle).href };
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
        cwd: scratch,
        env: {
          ...vars,
          HOST: '127.0.0.1',
          PORT: String(port),
          DENO_DIR: join(scratch, 'deno-dir'),
          DENO_NO_UPDATE_CHECK: '1',
        },
      };
    },
  },
  {
    name: 'bun',
    launch(port, vars) {
      const dir = join(scratch, 'bun');
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
];

/**
 * Starts a recipe (on `chosen`, else a free port) and waits until its port answers; fails with
 * one line naming the runtime.
 */
async function start(runtime: Runtime, vars: Record<string, string>, chosen?: number) {
  const port = chosen ?? (await freePort());
  const { command, args, cwd, env } = runtime.launch(port, vars);
  // Only what a runtime needs of this environment, so nothing else leaks into a recipe.
  const inherited = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? scratch,
    NO_COLOR: '1',
  };
  const child = spawn(command, args, {
    cwd,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  let failure: string | undefined;
  child.once('error', (error) => (failure = error.message));
  child.once('exit', (code, signal) => (failure ??= `exited with ${code ?? signal}`));
  const firstLine = () =>
    `${stderr}\n${stdout}`
      // eslint-disable-next-line no-control-regex
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? '';
  const cannot = (why: string) =>
    assert.fail(
      `${runtime.name}: could not start: ${[why, firstLine()].filter(Boolean).join(': ')}`,
    );

  const deadline = Date.now() + START_TIMEOUT;
  for (;;) {
    if (failure) cannot(failure);
    try {
      await send(port, 'GET', '/');
      break;
    } catch {
      if (Date.now() > deadline)
        cannot(`no answer on 127.0.0.1:${port} within ${START_TIMEOUT / 1000} s`);
      await new Promise((wait) => setTimeout(wait, 50));
    }
  }
  return { port, child, output: () => stdout + stderr };
}

const guid = known.website.guid;
const offer = known.offers[0];
const search = { filters: [{ brand: { lookup: 'contains', value: 'Sony' } }], page_size: 2 };

/** One request per widget route, as the widgets make them. */
const widgetRequests: { key: WidgetRouteKey; method: string; path: string; body?: unknown }[] = [
  {
    key: 'adslots.get',
    method: 'GET',
    path: `/publisher/adslots/${known.filterAdslot}/?key=${guid}`,
  },
  {
    key: 'products.search',
    method: 'POST',
    path: `/publisher/products/?key=${guid}`,
    body: search,
  },
  {
    key: 'products.searchV2',
    method: 'POST',
    path: `/publisher/products/v2/?key=${guid}`,
    body: search,
  },
  {
    key: 'products.trackingLink',
    method: 'PUT',
    path: `/publisher/products/${known.product}/tracking_link/`,
    body: { website: guid, sid: 'runtime' },
  },
  {
    key: 'offers.trackingLink',
    method: 'PUT',
    path: `/publisher/offers/${offer}/tracking_link/`,
    body: { website: guid, sid: 'runtime' },
  },
  {
    key: 'offers.detect',
    method: 'GET',
    path: `/publisher/offers/detect/?url=${encodeURIComponent(known.merchantUrl)}`,
  },
  { key: 'offers.get', method: 'GET', path: `/publisher/offers/${offer}/` },
  {
    key: 'products.createStats',
    method: 'POST',
    path: '/publisher/products/stats/',
    body: { event: 'view', products: [known.product], website: guid },
  },
  { key: 'promo.getBlackFriday', method: 'GET', path: `/publisher/black-friday/${guid}` },
  {
    key: 'promo.getBlackFridayLegacy',
    method: 'GET',
    path: `/publisher/black-friday-legacy/${guid}`,
  },
  { key: 'promo.getPaydayLoans', method: 'GET', path: `/publisher/payday-loans/${guid}` },
];

/** Routes the token could reach but pages must not, and paths that try to get there. */
const refused: [method: string, path: string][] = [
  ['GET', '/publisher/my/'],
  ['GET', '/publisher/conversions/'],
  ['GET', '/publisher/adslots/find/'],
  ['PATCH', `/publisher/adslots/${known.filterAdslot}/`],
  ['DELETE', `/publisher/adslots/${known.filterAdslot}/`],
  ['GET', '/publisher/adslots/../my/'],
  ['GET', '/publisher/adslots/%2e%2e/my/'],
  ['GET', '/publisher/adslots/%2E%2E%2Fmy%2F/'],
  ['GET', `/publisher/offers/${offer}/../../my/password/`],
  ['GET', '/publisher/offers/..%2F..%2Fmy%2F/'],
  ['GET', '//publisher/my/'],
  ['GET', '/publisher//my/'],
  ['GET', `/publisher//adslots/${known.filterAdslot}/`],
];

/** The statuses the Node proxy gives for `widgetRequests` (against its own emulator). */
let nodeStatuses: Promise<number[]> | undefined;
function statusesOfNode(vars: Record<string, string>): Promise<number[]> {
  nodeStatuses ??= (async () => {
    const stack = await startStack({ websites: [vars.PUBNET_WEBSITES] });
    const port = Number(new URL(stack.proxy).port);
    const statuses: number[] = [];
    for (const r of widgetRequests)
      statuses.push((await send(port, r.method, r.path, r.body)).status);
    return statuses;
  })();
  return nodeStatuses;
}

test('the requests cover every widget route', () => {
  assert.deepEqual(widgetRequests.map((r) => r.key).sort(), Object.keys(widgetRoutes).sort());
});

for (const runtime of runtimes) {
  test(`${runtime.name}: the recipe serves the widget routes and nothing else`, async (t) => {
    const upstream = await startEmulator({ port: 0, host: '127.0.0.1', token: TOKEN });
    closers.push(() => upstream.close());
    const calls = () => upstream.emulator.requests.length;
    const vars = { PUBNET_TOKEN: TOKEN, PUBNET_UPSTREAM: upstream.url, PUBNET_WEBSITES: guid };
    const expected = await statusesOfNode(vars);
    const { port, output } = await start(runtime, vars);

    const answers: Answer[] = [];
    const ask = async (method: string, path: string, body?: unknown) => {
      const answer = await send(port, method, path, body);
      answers.push(answer);
      return answer;
    };

    await t.test('every widget route answers as on Node', async () => {
      const statuses: number[] = [];
      const bodies: unknown[] = [];
      for (const r of widgetRequests) {
        const answer = await ask(r.method, r.path, r.body);
        statuses.push(answer.status);
        assert.equal(answer.header('content-type'), 'application/json', `${r.key}: JSON`);
        bodies.push(JSON.parse(answer.text));
      }
      assert.deepEqual(
        Object.fromEntries(widgetRequests.map((r, i) => [r.key, statuses[i]])),
        Object.fromEntries(widgetRequests.map((r, i) => [r.key, expected[i]])),
      );
      assert.ok(
        statuses.every((status) => status >= 200 && status < 300),
        `all 2xx: ${statuses.join()}`,
      );
      const slot = bodies[0] as { _embedded?: { products?: { results?: unknown[] } } };
      assert.ok(slot._embedded?.products?.results?.length, 'the ad slot came composed');
      assert.ok(calls() >= widgetRequests.length, 'the emulator answered them');
    });

    await t.test('private routes and path tricks are 404 without an upstream call', async () => {
      const before = calls();
      for (const [method, path] of refused) {
        const answer = await ask(method, path);
        assert.equal(answer.status, 404, `${method} ${path}: ${answer.text}`);
        assert.deepEqual(JSON.parse(answer.text), { detail: 'Not found.' }, "the proxy's own 404");
      }
      assert.equal(calls(), before, 'upstream never called');
    });

    await t.test('a repeat read is answered from the cache', async () => {
      const before = calls();
      for (const path of [widgetRequests[0].path, `/publisher/offers/${offer}/`]) {
        const answer = await ask('GET', path);
        assert.equal(answer.status, 200);
        assert.equal(answer.header('x-cache'), 'HIT', path);
      }
      assert.equal(calls(), before, 'no upstream call');
    });

    await t.test('the token is in no answer, header or output', () => {
      assert.ok(answers.length > widgetRequests.length + refused.length);
      for (const answer of answers) {
        const all = `${answer.status}\n${answer.headers.join('\n')}\n\n${answer.text}`;
        assert.ok(!all.includes(TOKEN), `the token leaked:\n${all}`);
      }
      assert.ok(!output().includes(TOKEN), 'the token is not in the runtime output');
      // …while the emulator did receive it: the proxy added it upstream.
      assert.ok(upstream.emulator.requests.length > 0);
    });
  });
}

// Deno has the Web Cache API, so the recipe's proxy keeps reads there as well as in memory
// (on disk, in DENO_DIR): a restarted process, whose memory is empty, still answers a read
// the previous one cached. Same port, so the same public base and hence the same cache key.
test('deno: a restarted recipe answers a repeat read from the Web Cache API', async () => {
  const deno = runtimes.find((runtime) => runtime.name === 'deno')!;
  const upstream = await startEmulator({ port: 0, host: '127.0.0.1', token: TOKEN });
  closers.push(() => upstream.close());
  const vars = { PUBNET_TOKEN: TOKEN, PUBNET_UPSTREAM: upstream.url, PUBNET_WEBSITES: guid };
  const path = `/publisher/offers/${offer}/`;
  const first = await start(deno, vars);
  const miss = await send(first.port, 'GET', path);
  assert.equal(miss.header('x-cache'), 'MISS');
  const calls = upstream.emulator.requests.length;
  await stop(first.child);

  const second = await start(deno, vars, first.port);
  const hit = await send(second.port, 'GET', path);
  assert.equal(hit.header('x-cache'), 'HIT', 'not from memory: this process has not read it');
  assert.equal(hit.text, miss.text);
  assert.equal(hit.header('etag'), miss.header('etag'));
  assert.equal(upstream.emulator.requests.length, calls, 'no upstream call');
});
