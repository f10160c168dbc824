// `npm test`: the machine's and npm's packages and the build, then formatting, lint,
// typecheck, Node tests (the scratch element's check beside them) and browser tests, in that
// order; then each step's wall and CPU time, and one closing line CI can read:
// `N passed, N failed, N skipped`. `node scripts/test.mjs node browser` runs only the named
// steps (system, deps, build, format, lint, types, node, scratch, browser).
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENGINES } from './machine/engines.mjs';
import { describeTime, runMeasured } from './test/step-time.mjs';

const bin = (name) => join('node_modules', '.bin', name);
/** Holds the reports the steps write (TAP, browser summary); removed once they are read. */
const work = mkdtempSync(join(tmpdir(), 'pubnet-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** How long each step took, wall and CPU, printed before the closing line. */
const timings = [];
const started = Date.now();
/**
 * The Node test files in two lanes, each one file at a time, the lanes side by side: most of
 * a file's time is waiting (on browsers, servers, sockets, PHP), and two cores are enough for
 * two files at once when at most one of them drives browsers. The first lane holds the files
 * that drive browsers, which connect to one Chromium, Firefox and WebKitWebDriver started for
 * the lane (scripts/test/shared-engines.mjs: about thirty launches fewer; a Firefox with a new
 * profile costs 8 s of CPU to start), and the packaging checks (15 s alone); the second, the rest
 * (WordPress's PHP-only files among them). Those two moves balance the lanes: before the
 * packaging checks moved, the second, at its lower priority, ended 40-47 s after the first in
 * clean-clone runs. node's --test-timeout bounds each file's whole run, and each test and hook
 * in it: a hang is a named failure within it. The slowest files (the e2e checks in three
 * engines, 35 s alone; a WordPress site) take well under it beside the other lane. The second
 * lane's bound is wider: it runs at a lower priority, and its slowest file (WordPress's abuse
 * vectors, 45 s alone) hit 120 s in a CI run where it ran beside the browser step.
 */
/** `nice`, to run a lane at a lower priority, where the system has it. */
const NICE = ['/usr/bin/nice', '/bin/nice'].find((path) => existsSync(path));
const PHP_ONLY = ['test/wordpress/abuse.test.ts', 'test/wordpress/plugin-php.test.ts'];
const PACKAGING = 'test/tooling/package.test.ts';
const NODE_LANES = [
  {
    name: 'browsers',
    files: () => [
      ...testFiles(['test/e2e', 'test/interop', 'test/wordpress']).filter(
        (file) => !PHP_ONLY.includes(file),
      ),
      PACKAGING,
    ],
    timeout: 120_000,
    // One Chromium, Firefox and WebKitWebDriver for all its files (scripts/test/shared-engines.mjs).
    sharedEngines: true,
  },
  {
    name: 'servers',
    files: () => [
      ...testFiles([
        'test/emulator',
        'test/node-adapter',
        'test/proxy',
        'test/render',
        'test/tooling',
      ]).filter((file) => file != PACKAGING),
      ...PHP_ONLY,
    ],
    timeout: 180_000,
  },
];
/** The engines of the browser step: all three, or those named in $PUBNET_ENGINES (comma-separated). */
const engines = (process.env.PUBNET_ENGINES ?? ENGINES.join(','))
  .split(',')
  .map((engine) => engine.trim())
  .filter(Boolean);
for (const engine of engines)
  if (!ENGINES.includes(engine))
    throw new Error(`PUBNET_ENGINES names "${engine}"; the engines are ${ENGINES.join(', ')}`);

/** Runs a step's command, its output as it comes; resolves with whether it passed. */
async function run(label, command, args, env = {}) {
  console.log(`\n── ${label}: ${[command, ...args].join(' ')}`);
  return ended(label, await runMeasured(command, args, { env: { ...process.env, ...env } }));
}

function ended(label, { status, wallMs, cpu }) {
  timings.push({ label, wallMs, cpu });
  if (status !== 0) problems.push(`${label} exited with ${status}`);
  return status === 0;
}

/**
 * `run`, its output to a file and printed, whole, once it ends: steps that run side by
 * side each print theirs in one piece.
 */
async function runQuietly(label, command, args, env = {}) {
  const log = join(work, `${label.replace(/\W+/g, '-')}.log`);
  const out = openSync(log, 'w');
  const result = await runMeasured(command, args, {
    stdio: ['ignore', out, out],
    env: { ...process.env, ...env },
  });
  closeSync(out);
  console.log(`\n── ${label}: ${[command, ...args].join(' ')}\n${readFileSync(log, 'utf8')}`);
  return ended(label, result);
}

/** node's test runner over `files`, its counts added from its TAP report. */
async function nodeTests(label, { files, timeout, sharedEngines }, quiet) {
  const tap = join(work, `${label.replace(/\W+/g, '-')}.tap`);
  const args = [
    ...(sharedEngines ? ['scripts/test/shared-engines.mjs', process.execPath] : []),
    '--import',
    'tsx',
    '--test',
    // One file at a time (the default is one per core but one): the lanes are the parallelism.
    '--test-concurrency=1',
    // A hung test or hook becomes a named failure, never a run that never ends.
    `--test-timeout=${timeout}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    ...files(),
  ];
  // The second lane yields the CPU to the first (`nice`, where there is one): the first
  // lane's e2e checks watch each frame a browser paints, and a page parsed in a starved
  // process paints half-parsed elements no reader's browser would.
  if (quiet)
    await (NICE
      ? runQuietly(label, NICE, ['-n', '10', process.execPath, ...args])
      : runQuietly(label, process.execPath, args));
  else await run(label, process.execPath, args);
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const read = (name) => Number(text.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  if (!text) totals.failed += 1;
  totals.passed += read('pass');
  totals.failed += read('fail') + read('cancelled');
  totals.skipped += read('skipped') + read('todo');
}

/** Adds the counts a step wrote to `file` (JSON); a step that wrote none counts as one failure. */
function addSummary(file) {
  if (!existsSync(file)) {
    totals.failed += 1;
    return;
  }
  const counted = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += counted.passed;
  totals.failed += counted.failed;
  totals.skipped += counted.skipped;
}

/**
 * The scratch element's check (scripts/test/scratch-element.mjs): an element is one folder and
 * its line in the registry. Each of its checks counts as a test. Beside the Node tests (`quiet`:
 * its output whole once it ends) it runs at the second lane's lower priority: their lanes
 * spend most of their time waiting, and its minute of building and Chromium fills that time
 * rather than adding a step's wall time of its own, while the first lane's pages keep the CPU
 * they paint with.
 */
async function scratchElement(quiet) {
  const label = 'scratch element';
  const summary = join(work, 'scratch-element.json');
  const args = ['scripts/test/scratch-element.mjs'];
  const env = { PUBNET_SUMMARY_FILE: summary };
  if (!quiet) await run(label, process.execPath, args, env);
  else if (NICE) await runQuietly(label, NICE, ['-n', '10', process.execPath, ...args], env);
  else await runQuietly(label, process.execPath, args, env);
  addSummary(summary);
}

function testFiles(dirs) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.test.ts')) files.push(path);
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir);
  return files;
}

/** The checks that read the source only: run side by side, each one's output once it ends. */
const STATIC = {
  format: () => runQuietly('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']),
  lint: () => runQuietly('lint', bin('eslint'), ['.']),
  async types() {
    await runQuietly('types', bin('tsc'), ['-p', 'tsconfig.test.json']);
    // The React example is typed against the built package (dist/*.d.ts).
    await runQuietly('types (React example)', bin('tsc'), ['-p', 'examples/react/tsconfig.json']);
  },
};

/**
 * What the other steps need, one after the other: the machine's packages (browsers,
 * WordPress), npm's (`npm ci` when node_modules is missing or stale) and the build.
 */
const SETUP = {
  system: () => run('system', process.execPath, ['scripts/machine/system.mjs']),
  deps: () => run('deps', process.execPath, ['scripts/machine/ensure-deps.mjs']),
  build: () => run('build', 'npm', ['run', 'build', '--silent']),
};

const steps = {
  ...SETUP,
  ...STATIC,
  async node() {
    // The first lane's output comes as it runs; the second's, whole, once it ends.
    const [first, ...rest] = NODE_LANES;
    const others = Promise.all(
      rest.map((lane) => nodeTests(`node tests (${lane.name})`, lane, true)),
    );
    await nodeTests(`node tests (${first.name})`, first, false);
    await others;
  },
  // Quiet beside the Node tests, its output as it comes alone.
  scratch: () => scratchElement(wanted('node')),
  async browser() {
    // One run per engine, one after the other: each failure and each timing names its engine.
    for (const engine of engines) {
      const summary = join(work, `browser-${engine}.json`);
      await run(
        `browser tests (${engine})`,
        bin('wtr'),
        ['--config', 'web-test-runner.config.mjs'],
        {
          PUBNET_ENGINE: engine,
          PUBNET_SUMMARY_FILE: summary,
        },
      );
      addSummary(summary);
    }
  },
};

const chosen = process.argv.slice(2);
const wanted = (name) => !chosen.length || chosen.includes(name);
try {
  for (const name of chosen) if (!(name in steps)) throw new Error(`Unknown test step "${name}"`);
  for (const [name, step] of Object.entries(SETUP))
    // Without the packages or the build no other step can pass: stop there.
    if (wanted(name) && !(await step())) throw new Error(`The ${name} step failed`);
  await Promise.all(
    Object.keys(STATIC)
      .filter(wanted)
      .map((name) => steps[name]()),
  );
  // The scratch element's check starts with the Node tests and runs beside them
  // (scratchElement says why); the browser tests wait for both.
  const beside = wanted('scratch') ? steps.scratch() : undefined;
  if (wanted('node')) await steps.node();
  await beside;
  if (wanted('browser')) await steps.browser();
} catch (error) {
  problems.push(error.message);
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (timings.length) {
  // Steps run side by side, so the whole run's wall time is less than their sum; its CPU is the sum.
  const cpus = timings.map(({ cpu }) => cpu);
  const sum = (key) => cpus.reduce((total, cpu) => total + (cpu?.[key] ?? 0), 0);
  const all = cpus.every(Boolean) ? { user: sum('user'), system: sum('system') } : undefined;
  const lines = [...timings, { label: 'all steps', wallMs: Date.now() - started, cpu: all }];
  console.log(
    `\nTimes (wall; CPU of each step's processes and what they started):\n- ${lines.map(({ label, wallMs, cpu }) => describeTime(label, wallMs, cpu)).join('\n- ')}`,
  );
}
if (problems.length) console.log(`\nProblems:\n- ${problems.join('\n- ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(problems.length || totals.failed ? 1 : 0);
