/** The CLI: first line is the base URL, second the token; bad flags exit 2; signals close it. */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { CliError, parseCliArgs } from '../../src/emulator/cli-args.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

function run(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', 'src/emulator/cli.ts', ...args], {
    cwd: root,
  });
}

/** Resolves with the first `n` stdout lines. */
async function lines(child: ChildProcessWithoutNullStreams, n: number): Promise<string[]> {
  let out = '';
  for await (const chunk of child.stdout) {
    out += String(chunk);
    const got = out.split('\n');
    if (got.length > n) return got.slice(0, n);
  }
  throw new Error(`exited before printing ${n} lines: ${out}`);
}

describe('cli', () => {
  test('serves on the printed URL with the given token; SIGTERM closes it', async () => {
    const child = run([
      '--port',
      '0',
      '--token',
      'T',
      '--latency',
      '1',
      '--fault',
      'POST /publisher/products/*=503',
    ]);
    try {
      const [url = '', token] = await lines(child, 2);
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      assert.equal(token, 'token: T');
      const denied = await fetch(new URL('publisher/offers/', url));
      assert.equal(denied.status, 401);
      const ok = await fetch(new URL('publisher/offers/', url), {
        headers: { Authorization: 'Token T' },
      });
      assert.equal(ok.status, 200);
      const fault = await fetch(new URL('publisher/products/', url), {
        method: 'POST',
        headers: { Authorization: 'Token T' },
        body: '{}',
      });
      assert.equal(fault.status, 503);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit');
    assert.equal(code, 0);
  });

  test('a bad flag prints one line naming it and exits 2', async () => {
    const child = run(['--port', 'abc']);
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    const [code] = await once(child, 'close');
    assert.equal(code, 2);
    assert.equal(err.trim().split('\n').length, 1, err);
    assert.match(err, /--port/);
  });

  test('flag parsing', () => {
    assert.deepEqual(parseCliArgs([]), {
      port: 8787,
      host: '127.0.0.1',
      latency: 0,
      token: 'dev-token',
      faults: [],
      help: false,
    });
    const o = parseCliArgs([
      '--port=0',
      '--host',
      '0.0.0.0',
      '--fault',
      '/a/*=hang',
      '--fault',
      'GET /b/=html',
      '--help',
    ]);
    assert.deepEqual([o.port, o.host, o.faults.length, o.help], [0, '0.0.0.0', 2, true]);
    // Every bad flag is a CliError naming the flag (the CLI prints it and exits 2).
    for (const [args, flag] of [
      [['--port', '70000'], '--port'],
      [['--latency'], '--latency'],
      [['--latency', '-5'], '--latency'],
      [['--token', ''], '--token'],
      [['--fault', '/x=teapot'], '--fault'],
      [['--fault', 'x'], '--fault'],
      [['--bogus'], '--bogus'],
      [['positional'], 'positional'],
    ] as const) {
      assert.throws(
        () => parseCliArgs([...args]),
        (e: Error) => e instanceof CliError && e.message.includes(flag),
        args.join(' '),
      );
    }
  });
});
