/**
 * `pubnet-proxy`: the proxy on Node. The first line of stdout is its URL; one
 * line per request goes to stderr (written in batches, cli-log.ts), and a
 * short line per kind of failure, at most once a second. SIGTERM or SIGINT
 * stops it gracefully: no new connections, the requests in flight finish
 * (for up to `--grace` ms), then it exits 0. The token is read from `PUBNET_TOKEN` only:
 * a command-line flag would show in `ps`, shell history and CI logs. Without
 * `--website` it says once, at start, that routes naming a website are refused;
 * SIGUSR2 prints what it holds against its bounds (cache, clients, renders).
 * `--lexicon <file>` gives the in-text links' lexicon the publisher's aliases
 * and exclusions (JSON, docs/proxy.md); SIGHUP reads that file again and
 * rebuilds the lexicon, saying in one line what came of it.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { serve } from '../node-adapter/serve.js';
import { bufferedLines, rateLimitedErrors } from './cli-log.js';
import { MAX_REQUEST_BODY } from './http/body.js';
import type { LexiconSettings, ProxyLogEntry, ProxyOptions } from './options.js';
import { createProxy, type LexiconBuild, type Proxy, type ProxyHeld } from './proxy.js';

const USAGE = `Usage: PUBNET_TOKEN=<token> pubnet-proxy --upstream <url> [--port 8788] [--host 127.0.0.1]
  --website <guid> [--website <guid>]... [--deep-link-host <host>]... [--allow-origin <origin>]...
  [--base-path /pubnet-api/] [--public-url <url>] [--timeout <ms>] [--cache-ttl <ms>]
  [--cache-max <n>] [--cache-max-bytes <n>] [--stale-if-error <ms>] [--not-found-ttl <ms>] [--stale-while-revalidate <ms>] [--no-cache]
  [--rate <per second>] [--burst <n>] [--ip-header <name>] [--no-rate-limit]
  [--concurrency <n>] [--queue <n>] [--queue-wait <ms>] [--grace <ms>] [--lexicon <file>]
The API token comes from the environment variable PUBNET_TOKEN, never from a flag.
On SIGTERM or SIGINT it stops accepting connections, lets the requests in flight
finish for up to --grace ms (default 10000), then exits 0; a second signal exits at once.
On SIGHUP it reads the --lexicon file again and rebuilds the lexicon (GET /lexicon/).`;

function exit(message: string): never {
  process.stderr.write(`pubnet-proxy: ${message}\n`);
  process.exit(2);
}

function number(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) exit(`--${name} expects a number`);
  return n;
}

function parse(argv: string[]) {
  if (argv.some((arg) => arg === '--token' || arg.startsWith('--token=')))
    exit(
      '--token is refused: a flag shows up in process lists and shell history. ' +
        'Set the environment variable PUBNET_TOKEN instead.',
    );
  try {
    return parseArgs({
      args: argv,
      strict: true,
      options: {
        upstream: { type: 'string' },
        port: { type: 'string', default: '8788' },
        host: { type: 'string', default: '127.0.0.1' },
        website: { type: 'string', multiple: true },
        'deep-link-host': { type: 'string', multiple: true },
        'allow-origin': { type: 'string', multiple: true },
        'base-path': { type: 'string' },
        'public-url': { type: 'string' },
        timeout: { type: 'string' },
        'cache-ttl': { type: 'string' },
        'cache-max': { type: 'string' },
        'cache-max-bytes': { type: 'string' },
        'stale-if-error': { type: 'string' },
        'not-found-ttl': { type: 'string' },
        'stale-while-revalidate': { type: 'string' },
        'no-cache': { type: 'boolean' },
        rate: { type: 'string' },
        burst: { type: 'string' },
        'ip-header': { type: 'string' },
        'no-rate-limit': { type: 'boolean' },
        concurrency: { type: 'string' },
        queue: { type: 'string' },
        'queue-wait': { type: 'string' },
        grace: { type: 'string', default: '10000' },
        lexicon: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    exit(`${(error as Error).message}\n${USAGE}`);
  }
}

const stderr = bufferedLines(process.stderr);
process.on('exit', () => stderr.flush());

function logLine(entry: ProxyLogEntry): void {
  const note = entry.note ? ` (${entry.note})` : '';
  stderr.line(`${entry.method} ${entry.path} ${entry.status} ${entry.ms}ms ${entry.cache}${note}`);
}

/**
 * One line of what the proxy holds, against its bounds. Run with `--expose-gc`,
 * garbage is collected first, so the heap figure is what is held.
 */
function heldLine({ cache, rateLimit, renders, plans }: ProxyHeld): string {
  (globalThis as { gc?: () => void }).gc?.();
  const parts = [
    cache
      ? `cache ${cache.entries}/${cache.maxEntries} entries ${cache.bytes}/${cache.maxBytes} bytes`
      : 'cache off',
    rateLimit
      ? `rate limit ${rateLimit.clients}/${rateLimit.maxClients} clients`
      : 'rate limit off',
    `renders ${renders.entries} entries ${renders.bytes} bytes`,
    `plans ${plans.entries}/${plans.maxEntries} URLs`,
    `heap ${process.memoryUsage().heapUsed} bytes`,
    `rss ${process.memoryUsage.rss()} bytes`,
  ];
  return `pubnet-proxy: held: ${parts.join('; ')}`;
}

/**
 * The `--lexicon` file's aliases and exclusions (JSON), or why it cannot be read: its path
 * and the reason, never more of the file (it is the publisher's, not a secret, but not a log's).
 */
async function readLexicon(file: string): Promise<{ settings: unknown } | { error: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown })?.code;
    return {
      error: `--lexicon ${file}: cannot be read${typeof code === 'string' ? ` (${code})` : ''}`,
    };
  }
  try {
    return { settings: JSON.parse(text) as unknown };
  } catch {
    return { error: `--lexicon ${file}: not JSON` };
  }
}

/** One line of what a lexicon build did. */
function lexiconLine(build: LexiconBuild): string {
  return build.ok
    ? `pubnet-proxy: lexicon rebuilt: ${build.entries} entries, ${build.bytes} bytes, version ${build.version}${build.changed ? '' : ' (unchanged)'}`
    : `pubnet-proxy: lexicon rebuild failed (${build.status}, ${build.note}); ${build.kept ? 'the last one still answers' : 'none yet'}`;
}

async function main(): Promise<void> {
  const args = parse(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const token = process.env.PUBNET_TOKEN?.trim();
  if (!token) exit('the environment variable PUBNET_TOKEN (the publisher API token) is not set.');
  if (!args.upstream) exit(`--upstream is required.\n${USAGE}`);
  const port = number('port', args.port) ?? 8788;
  const grace = number('grace', args.grace) ?? 10_000;

  const options: ProxyOptions = {
    token,
    upstream: args.upstream,
    websites: args.website,
    deepLinkHosts: args['deep-link-host'],
    allowOrigins: args['allow-origin'],
    basePath: args['base-path'],
    publicUrl: args['public-url'],
    timeout: number('timeout', args.timeout),
    cache: args['no-cache']
      ? false
      : {
          ttl: number('cache-ttl', args['cache-ttl']),
          max: number('cache-max', args['cache-max']),
          maxBytes: number('cache-max-bytes', args['cache-max-bytes']),
          staleIfError: number('stale-if-error', args['stale-if-error']),
          notFoundTtl: number('not-found-ttl', args['not-found-ttl']),
          staleWhileRevalidate: number('stale-while-revalidate', args['stale-while-revalidate']),
        },
    rateLimit: args['no-rate-limit']
      ? false
      : {
          rate: number('rate', args.rate),
          burst: number('burst', args.burst),
          ipHeader: args['ip-header'],
        },
    concurrency: {
      max: number('concurrency', args.concurrency),
      queue: number('queue', args.queue),
      wait: number('queue-wait', args['queue-wait']),
    },
    onLog: logLine,
  };
  const lexiconFile = args.lexicon;
  if (lexiconFile !== undefined) {
    const read = await readLexicon(lexiconFile);
    if ('error' in read) exit(read.error);
    options.lexicon = read.settings as LexiconSettings;
  }
  let proxy: Proxy;
  try {
    proxy = createProxy(options);
  } catch (error) {
    // Option errors never contain option values, so this cannot print the token.
    const message = error instanceof TypeError ? error.message : 'could not start.';
    exit(/ option lexicon\b/.test(message) ? `--lexicon ${lexiconFile}: ${message}` : message);
  }
  if (!args.website?.length)
    process.stderr.write(
      'pubnet-proxy: no --website given: every route that names a website (searches, ' +
        'tracking links, stats, token pages, ad slots with ?key=) is refused with 403.\n',
    );
  // A hit in memory is answered at once (`respond`), written without waiting a turn.
  const server = await serve((request, info) => proxy.respond(request, info), {
    port,
    host: args.host,
    // A backstop only: the proxy answers bodies over its limit itself (413, with CORS
    // headers), reading none of a declared one and no more than its limit of a streamed one.
    maxBodyBytes: 4 * MAX_REQUEST_BODY,
    onError: rateLimitedErrors((line) => stderr.line(line)),
    // This process is the proxy alone: `@hono/node-server`'s Request and Response are its globals.
    lightweightGlobals: true,
  });
  const base = (options.basePath ?? '/').replace(/^\/+/, '').replace(/\/*$/, '/');
  process.stdout.write(`${server.url}${base === '/' ? '' : base}\n`);

  let closing = false;
  const stop = async () => {
    if (closing) process.exit(1);
    closing = true;
    await server.shutdown(grace);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (process.platform !== 'win32') {
    process.on('SIGUSR2', () => {
      stderr.line(heldLine(proxy.held()));
      stderr.flush();
    });
    process.on('SIGHUP', () => void rebuildLexicon(proxy, lexiconFile));
  }
}

/**
 * SIGHUP: the `--lexicon` file read again (a file that no longer reads or checks is said so,
 * and the settings before it are kept), then the lexicon rebuilt; one line says what came of it.
 */
async function rebuildLexicon(proxy: Proxy, file: string | undefined): Promise<void> {
  let build: LexiconBuild;
  const read = file === undefined ? { settings: undefined } : await readLexicon(file);
  if ('error' in read) stderr.line(`pubnet-proxy: ${read.error}; the settings before are kept`);
  try {
    build = await proxy.lexicon.rebuild(
      'settings' in read ? (read.settings as LexiconSettings) : undefined,
    );
  } catch (error) {
    const message = error instanceof TypeError ? error.message : 'invalid';
    stderr.line(`pubnet-proxy: --lexicon ${file}: ${message}; the settings before are kept`);
    build = await proxy.lexicon.rebuild();
  }
  stderr.line(lexiconLine(build));
  stderr.flush();
}

main().catch((error: unknown) => {
  // Only the error's code (EADDRINUSE, …): its message could carry anything.
  const code = (error as { code?: unknown })?.code;
  process.stderr.write(
    `pubnet-proxy: failed to start${typeof code === 'string' ? ` (${code})` : ''}.\n`,
  );
  process.exit(1);
});
