/**
 * `pubnet-emulator`: serves the emulator over HTTP. First stdout line: the API
 * base URL; second: the token. Bad flags: one error line, exit code 2.
 */
import { CliError, parseCliArgs, USAGE, type CliOptions } from './cli-args.js';
import { startEmulator } from './start.js';

async function main(argv: string[]): Promise<void> {
  let opts: CliOptions;
  try {
    opts = parseCliArgs(argv);
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    process.stderr.write(`pubnet-emulator: ${e.message}\n`);
    process.exitCode = 2;
    return;
  }
  if (opts.help) {
    process.stdout.write(USAGE);
    return;
  }
  let server: Awaited<ReturnType<typeof startEmulator>>;
  try {
    server = await startEmulator(opts);
  } catch (e) {
    process.stderr.write(
      `pubnet-emulator: cannot listen on ${opts.host}:${opts.port}: ${(e as Error).message}\n`,
    );
    process.exitCode = 1;
    return;
  }
  const lines = [server.url, `token: ${server.emulator.token}`];
  if (opts.latency) lines.push(`latency: ${opts.latency} ms`);
  for (const f of opts.faults) {
    lines.push(
      `fault: ${f.method ?? '*'} ${String(f.path)} → ${f.kind === 'status' ? (f.status ?? 500) : f.kind}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);

  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void server.close().then(() => {
      process.exitCode = 0;
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main(process.argv.slice(2));
