// WordPress: the storage vector of api-contract §13 in full (5,000 distinct anonymous
// requests through the plugin's built-in proxy in a real WordPress), as
// test/wordpress/abuse.test.ts replays it with PUBNET_STORAGE_REPLAY=full. `npm test` replays
// 500 of them (enough to fill the plugin's store past its bound); the whole vector takes about
// two minutes of PHP, so it is measured here: what wp_options grew by, against the test's bound.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { measure } from './lib/figures.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What the test allows wp_options to grow by (OPTIONS_GROWTH_MAX there). */
const GROWTH_MAX = 1_000_000;

/** Runs the storage vector once; resolves with the test's diagnostic line. */
function replay() {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        '--test-reporter=spec',
        '--test-name-pattern=storage|set-up',
        'test/wordpress/abuse.test.ts',
      ],
      { cwd: root, env: { ...process.env, PUBNET_STORAGE_REPLAY: 'full' } },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      const line = /(\d+) requests in (\d+) s; .*option_value \d+ → \d+ bytes \(\+?(-?\d+)\)/.exec(
        out,
      );
      if (code !== 0 || !line)
        reject(new Error(`the replay failed (exit ${code}): ${out.slice(-400)}`));
      else resolve({ requests: Number(line[1]), seconds: Number(line[2]), grown: Number(line[3]) });
    });
  });
}

export async function wordpressFigures() {
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
      run = await replay();
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
  return [growth, time];
}
