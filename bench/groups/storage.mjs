// Storage: the storage vector of api-contract §13 in full, 5,000 distinct anonymous requests,
// through the pubnet-proxy CLI (test/proxy/abuse-vectors.test.ts) and through the WordPress
// plugin's built-in proxy in a real WordPress (test/wordpress/abuse.test.ts), each test run
// with PUBNET_STORAGE_REPLAY=full. `npm test` replays 500 of them (enough to fill each store
// past its bound, the CLI's set to 1 MiB); the whole vector takes about half a minute through
// the CLI and two minutes of PHP, so it is measured here: what the CLI's heap grew by, and what
// wp_options grew by, against the tests' bounds.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { measure } from '../lib/figures.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** What the WordPress test allows wp_options to grow by (OPTIONS_GROWTH_MAX there). */
const GROWTH_MAX = 1_000_000;
/** What the CLI test allows its heap to grow by (HEAP_GROWTH_MAX there), in MiB. */
const HEAP_MAX_MIB = 32;

/** Runs the storage vector of `file` once; resolves with the test's output. */
function replay(file) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        '--test-reporter=spec',
        '--test-name-pattern=storage|set-up|start',
        file,
      ],
      { cwd: root, env: { ...process.env, PUBNET_STORAGE_REPLAY: 'full' } },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`the replay failed (exit ${code}): ${out.slice(-400)}`));
      else resolve(out);
    });
  });
}

export async function storageFigures() {
  const cli = await measure(
    {
      name: 'cliStorageHeapGrowth',
      label: 'CLI proxy: heap growth over 5,000 distinct anonymous requests',
      unit: 'MiB',
      goal: `≤ ${HEAP_MAX_MIB} MiB`,
      max: HEAP_MAX_MIB,
      timeoutMs: 300_000,
    },
    async () => {
      const out = await replay('test/proxy/abuse-vectors.test.ts');
      const line =
        /cache (\d+)\/(\d+) entries, (\d+)\/(\d+) bytes; heap .*\(\+(-?[\d.]+) MiB\); RSS .*\(\+(-?[\d.]+) MiB\)/.exec(
          out,
        );
      if (!line) throw new Error(`no storage line in: ${out.slice(-400)}`);
      return {
        samples: [Number(line[5])],
        summary: `cache ${line[1]}/${line[2]} entries, ${line[3]}/${line[4]} B; RSS +${line[6]} MiB`,
      };
    },
  );
  let run;
  const growth = await measure(
    {
      name: 'wordpressStorageGrowth',
      label: 'WordPress: wp_options growth over 5,000 distinct anonymous requests',
      unit: 'B',
      goal: `≤ ${GROWTH_MAX.toLocaleString('en')} B`,
      max: GROWTH_MAX,
      digits: 0,
      timeoutMs: 600_000,
    },
    async () => {
      const out = await replay('test/wordpress/abuse.test.ts');
      const line = /(\d+) requests in (\d+) s; .*option_value \d+ → \d+ bytes \(\+?(-?\d+)\)/.exec(
        out,
      );
      if (!line) throw new Error(`no storage line in: ${out.slice(-400)}`);
      run = { requests: Number(line[1]), seconds: Number(line[2]), grown: Number(line[3]) };
      return { samples: [run.grown], requests: run.requests };
    },
  );
  const time = await measure(
    {
      name: 'wordpressStorageReplay',
      label: 'WordPress: time of those 5,000 requests (8 in flight, php -S, OPcache)',
      unit: 's',
      goal: 'reported',
      digits: 0,
    },
    async () => {
      if (!run) throw new Error('the replay did not run');
      return { samples: [run.seconds] };
    },
  );
  return [cli, growth, time];
}
