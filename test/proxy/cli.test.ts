// The pubnet-proxy CLI as a child process.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { rawSocket } from '../support/raw-http.js';
import { TOKEN, call, known, startStack, startUpstream, statusOf } from './support/stack.js';

const CLI = ['--import', 'tsx', 'src/proxy/cli.ts'];

function env(token?: string): NodeJS.ProcessEnv {
  const copy = { ...process.env };
  delete copy.PUBNET_TOKEN;
  if (token !== undefined) copy.PUBNET_TOKEN = token;
  return copy;
}

/** Whether a new connection to `url` is refused (true) or accepted and dropped (false). */
function refused(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Runs the CLI to its end. */
async function run(args: string[], token?: string) {
  const child = spawn(process.execPath, [...CLI, ...args], { env: env(token) });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // 'close', not 'exit': only then has all of its output been read.
  const [status] = (await once(child, 'close')) as [number | null];
  return { status, stdout, stderr };
}

// Each case is a child process that compiles the CLI: run them side by side.
describe('pubnet-proxy', { concurrency: true }, () => {
  test('the first line is its URL; a widget route works; a line per request; clean stop', async () => {
    const stack = await startStack();
    const child = spawn(
      process.execPath,
      [...CLI, '--upstream', stack.upstream, '--port', '0', '--website', known.website.guid],
      { env: env(TOKEN), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    assert.match(line, /^http:\/\/127\.0\.0\.1:\d+\/$/);

    const answer = await call(`${line}publisher/adslots/${known.filterAdslot}/`);
    assert.equal(answer.status, 200);
    assert.equal((await call(`${line}my/profile/`)).status, 404);

    child.kill('SIGTERM');
    const [code] = await once(child, 'close');
    assert.equal(code, 0);
    assert.match(stderr, /^GET \/publisher\/adslots\/\S+ 200 \d+ms miss$/m);
    assert.match(stderr, /^GET \/my\/profile\/ 404 \d+ms -/m);
    assert.ok(!stderr.includes(TOKEN), 'the log never shows the token');
  });

  test('with --base-path, its URL includes the base path and routes live below it', async () => {
    const stack = await startStack();
    const args = ['--upstream', stack.upstream, '--port', '0', '--base-path', '/pubnet-api/'];
    const child = spawn(process.execPath, [...CLI, ...args], {
      env: env(TOKEN),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    assert.match(line, /^http:\/\/127\.0\.0\.1:\d+\/pubnet-api\/$/);
    assert.equal((await call(`${line}publisher/offers/${known.offers[0]}/`)).status, 200);
    child.kill('SIGINT');
    assert.deepEqual(await once(child, 'close'), [0, null]);
  });

  test('--cache-ttl and --stale-while-revalidate reach Cache-Control', async () => {
    const stack = await startStack();
    const args = ['--upstream', stack.upstream, '--port', '0', '--cache-ttl', '30000'];
    const child = spawn(process.execPath, [...CLI, ...args, '--stale-while-revalidate', '5000'], {
      env: env(TOKEN),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const answer = await call(`${line}publisher/offers/${known.offers[0]}/`);
    assert.equal(
      answer.headers.get('cache-control'),
      'public, max-age=30, stale-while-revalidate=5',
    );
    child.kill('SIGTERM');
    await once(child, 'close');
  });

  test('without PUBNET_TOKEN it refuses to start, with one clear line', async () => {
    const result = await run(['--upstream', 'http://127.0.0.1:1/']);
    assert.equal(result.status, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr.trim(), /^pubnet-proxy: .*PUBNET_TOKEN.*$/);
  });

  test('--token is refused, and the value is not echoed', async () => {
    const cases = [['--token', 'flag-secret-123'], ['--token=flag-secret-123']];
    const results = await Promise.all(
      cases.map((args) => run(['--upstream', 'http://127.0.0.1:1/', ...args], TOKEN)),
    );
    for (const result of results) {
      assert.equal(result.status, 2);
      assert.match(result.stderr, /--token.*PUBNET_TOKEN/s);
      assert.ok(!result.stderr.includes('flag-secret-123'));
      assert.equal(result.stdout, '');
    }
  });

  test('bad options are one line naming the option, never the token', async () => {
    const [result, cap] = await Promise.all([
      run(['--upstream', 'not a url'], TOKEN),
      run(['--upstream', 'http://127.0.0.1:1/', '--concurrency', '0'], TOKEN),
    ]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /upstream/);
    assert.ok(!result.stderr.includes(TOKEN));
    assert.equal(cap.status, 2);
    assert.match(cap.stderr, /concurrency\.max/, '--concurrency reaches the option');
  });

  test('--not-found-ttl and --stale-if-error reach the cache', async () => {
    const stack = await startStack();
    const missing = 'publisher/adslots/0f1e2d3c-0000-4000-8000-000000000000/';
    /** Upstream calls for two GETs of an unknown ad slot through a CLI proxy started with `flags`. */
    const callsFor = async (flags: string[]) => {
      const args = ['--upstream', stack.upstream, '--port', '0', ...flags];
      const child = spawn(process.execPath, [...CLI, ...args], {
        env: env(TOKEN),
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      const before = stack.upstreamCalls().length;
      for (let i = 0; i < 2; i++)
        assert.equal(statusOf(await call(`${line}${missing}`)), '200 (404)');
      child.kill('SIGTERM');
      await once(child, 'close');
      return stack.upstreamCalls().length - before;
    };
    assert.equal(await callsFor([]), 1, 'a 404 is cached by default');
    assert.equal(await callsFor(['--not-found-ttl', '0']), 2, '--not-found-ttl 0 turns it off');

    /** The status of an expired offer read while upstream answers 500, under `flags`. */
    const afterExpiry = async (flags: string[]) => {
      // No rate limit: this test is about the cache alone.
      const args = ['--upstream', stack.upstream, '--port', '0', '--no-rate-limit'];
      const child = spawn(process.execPath, [...CLI, ...args, '--cache-ttl', '1', ...flags], {
        env: env(TOKEN),
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      // A plain read (a composed slot's config is revalidated instead: revalidate.test.ts).
      const url = `${line}publisher/offers/${known.offers[0]}/`;
      assert.equal((await call(url)).status, 200);
      stack.emulator.setFaults([{ path: '/publisher/offers/*', kind: 'status', status: 500 }]);
      // The child's clock cannot be injected: read until the 1 ms entry is no longer fresh.
      let answer = await call(url);
      for (let reads = 1; answer.headers.get('x-cache') === 'HIT' && reads < 1000; reads++)
        answer = await call(url);
      const { status, headers } = answer;
      stack.emulator.setFaults([]);
      child.kill('SIGTERM');
      await once(child, 'close');
      return `${status} ${headers.get('x-cache')}`;
    };
    assert.equal(await afterExpiry([]), '200 STALE', 'stale-if-error is on by default');
    assert.equal(await afterExpiry(['--stale-if-error', '0']), '500 MISS');
    const bad = await run(['--upstream', stack.upstream, '--stale-if-error', 'a day'], TOKEN);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--stale-if-error expects a number/);
  });

  test('SIGTERM: 20 searches in flight all complete, new connections are refused, exit 0', async () => {
    const IN_FLIGHT = 20;
    let arrivals = 0;
    let allArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (allArrived = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // An upstream that holds every search until the test lets them go.
    const upstream = await startUpstream(async () => {
      if (++arrivals === IN_FLIGHT) allArrived();
      await released;
      const page = { count: 1, next: null, previous: null, results: [{ id: 'p'.repeat(200) }] };
      return Response.json(page);
    });
    const args = ['--upstream', upstream, '--port', '0', '--website', known.website.guid];
    const child = spawn(
      process.execPath,
      [...CLI, ...args, '--no-rate-limit', '--grace', '20000'],
      {
        env: env(TOKEN),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = once(child, 'close');
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];

    // A TRACE is one short line on stderr, no stack.
    const trace = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(line).port), '127.0.0.1');
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.write('TRACE / HTTP/1.1\r\nHost: x\r\n\r\n');
    });
    assert.match(trace, /^HTTP\/1\.1 400 /);

    const searches = Array.from({ length: IN_FLIGHT }, (_, i) =>
      call(`${line}publisher/products/?key=${known.website.guid}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ filters: [{ title: { lookup: 'contains', value: `s${i}` } }] }),
      }),
    );
    await arrived;
    child.kill('SIGTERM');
    // Until the child has stopped listening (each try is one connection attempt).
    let tries = 0;
    while (!(await refused(line))) assert.ok(++tries < 5000, 'still accepting after SIGTERM');
    release();
    const answers = await Promise.all(searches);
    for (const answer of answers) {
      assert.equal(answer.status, 200);
      assert.equal((answer.json as { results: unknown[] }).results.length, 1);
    }
    assert.deepEqual(await exited, [0, null]);
    assert.match(stderr, /^pubnet-proxy: bad request$/m);
    assert.doesNotMatch(stderr, /^\s+at /m, 'no stack trace');
    assert.equal(stderr.match(/^POST \/publisher\/products\/ 200 /gm)?.length, IN_FLIGHT);
  });

  test('--grace must be a number', async () => {
    const bad = await run(['--upstream', 'http://127.0.0.1:1/', '--grace', 'soon'], TOKEN);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--grace expects a number/);
  });
});

describe('pubnet-proxy and api-contract §13', { concurrency: true }, () => {
  /** The CLI started with `flags` in front of `upstream`; its URL, stderr so far, and a stop. */
  async function start(upstream: string, flags: string[]) {
    const args = ['--upstream', upstream, '--port', '0', ...flags];
    const child = spawn(process.execPath, [...CLI, ...args], {
      env: env(TOKEN),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [url] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    return {
      url,
      stderr: () => stderr,
      stop: async () => {
        child.kill('SIGTERM');
        await once(child, 'close');
      },
      child,
    };
  }

  test('without --website: one line at start, and every route that names a website is 403', async () => {
    const stack = await startStack();
    const cli = await start(stack.upstream, []);
    const search = await call(`${cli.url}publisher/products/?key=${known.website.guid}`, {
      method: 'POST',
      body: '{}',
    });
    assert.equal(search.status, 403);
    assert.equal((await call(`${cli.url}publisher/offers/${known.offers[0]}/`)).status, 200);
    await cli.stop();
    const lines = cli
      .stderr()
      .split('\n')
      .filter((line) => line.startsWith('pubnet-proxy:'));
    assert.equal(lines.length, 1, cli.stderr());
    assert.match(lines[0], /^pubnet-proxy: no --website given: .*refused with 403\.$/);
    assert.equal(stack.upstreamCalls().length, 1, 'only the offer went upstream');
  });

  test('--deep-link-host lets a host through; a wrong one is one line naming the option', async () => {
    const stack = await startStack();
    const cli = await start(stack.upstream, [
      '--website',
      known.website.guid,
      '--deep-link-host',
      'partner.example',
      '--deep-link-host',
      'coupons.example',
    ]);
    const link = `${cli.url}publisher/offers/${known.offers[0]}/tracking_link/`;
    const put = (deep: string) =>
      call(link, { method: 'PUT', body: JSON.stringify({ deep_link: deep }) });
    assert.equal(statusOf(await put('https://coupons.example/x')), '200');
    assert.equal(statusOf(await put('https://evil.example/x')), '200 (400)');
    await cli.stop();
    const bad = await run(
      ['--upstream', stack.upstream, '--deep-link-host', 'https://partner.example/'],
      TOKEN,
    );
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^pubnet-proxy: Invalid proxy option deepLinkHosts: .*\n$/);
  });

  test('SIGUSR2 prints what it holds against its bounds; --cache-max-bytes sets one', async () => {
    const stack = await startStack();
    const cli = await start(stack.upstream, [
      '--website',
      known.website.guid,
      '--cache-max',
      '50',
      '--cache-max-bytes',
      '100000',
    ]);
    assert.equal((await call(`${cli.url}publisher/offers/${known.offers[0]}/`)).status, 200);
    cli.child.kill('SIGUSR2');
    let line: string | undefined;
    for (let tries = 0; !line && tries < 500; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      line = /^pubnet-proxy: held: .*$/m.exec(cli.stderr())?.[0];
    }
    await cli.stop();
    assert.match(
      line ?? '',
      /^pubnet-proxy: held: cache 1\/50 entries \d+\/100000 bytes; rate limit 1\/10000 clients; renders 0 entries 0 bytes; plans 1\/1024 URLs; heap \d+ bytes; rss \d+ bytes$/,
    );
  });

  test('a request without exactly one valid Host is 400, through the CLI', async () => {
    const stack = await startStack();
    const cli = await start(stack.upstream, ['--website', known.website.guid]);
    const path = `/publisher/offers/${known.offers[0]}/`;
    const send = (hosts: string) =>
      rawSocket(cli.url, `GET ${path} HTTP/1.1\r\n${hosts}Connection: close\r\n\r\n`);
    for (const hosts of [
      '',
      'Host:\r\n',
      'Host: a b\r\n',
      'Host: a.example\r\nHost: b.example\r\n',
    ])
      assert.equal((await send(hosts)).status, 400, JSON.stringify(hosts));
    assert.equal(stack.upstreamCalls().length, 0);
    assert.equal((await send('Host: shop.example\r\n')).status, 200);
    await cli.stop();
    assert.match(cli.stderr(), /^pubnet-proxy: bad request/m);
  });
});
