// Child processes of the WordPress harness: each in its own process group (so
// that `php -S` workers go with it), ready when a line it prints says so (an
// event, not a sleep), killed and awaited on 'close'; a crash of the test
// process still kills them (the 'exit' hook).
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';

export interface Server {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) killGroup(child);
});
// Interrupted (Ctrl-C, or the test runner's SIGTERM): exit, so that the 'exit' hooks clean up.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));

function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Starts `command`; resolves once its output matches `ready`, rejects when it
 * exits first or after `timeout` ms (a limit for a failure, not a wait).
 * `stop()` sends its group `stopSignal` (default SIGKILL), and SIGKILL if it
 * has not ended 5 s later.
 */
export function startServer(
  command: string,
  args: string[],
  ready: RegExp,
  options: SpawnOptions & { timeout?: number; stopSignal?: NodeJS.Signals } = {},
): Promise<Server> {
  const { timeout = 20_000, stopSignal = 'SIGKILL', ...spawnOptions } = options;
  const child = spawn(command, args, {
    ...spawnOptions,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let text = '';
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  void closed.then(() => running.delete(child));
  const server: Server = {
    child,
    output: () => text,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return closed;
      killGroup(child, stopSignal);
      // A limit for a server that ignores its stop signal, not a wait: most end at once.
      const limit = stopSignal == 'SIGKILL' ? undefined : setTimeout(() => killGroup(child), 5000);
      await closed;
      clearTimeout(limit);
    },
  };
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (!error) return resolve(server);
      void server.stop().then(() => reject(error));
    };
    const timer = setTimeout(
      () =>
        finish(new Error(`${command} was not ready within ${timeout} ms:\n${text.slice(-2000)}`)),
      timeout,
    );
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (ready.test(text)) finish();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', (error) => finish(new Error(`${command}: ${error.message}`)));
    child.once('exit', (code, signal) =>
      finish(
        new Error(`${command} exited (${code ?? signal}) before ready:\n${text.slice(-2000)}`),
      ),
    );
  });
}

/** Runs `command` to its end; resolves with stdout, rejects with its output on failure. */
export function run(
  command: string,
  args: string[],
  options: SpawnOptions & { input?: string } = {},
): Promise<string> {
  const { input, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    // No input: no stdin pipe (a process that never reads it, like `php -l`, may close it
    // before the end of an empty write reaches it: EPIPE).
    const child = spawn(command, args, {
      ...spawnOptions,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    // Decoded as a stream: a character whose bytes two chunks split is one character.
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error) => reject(new Error(`${command}: ${error.message}`)));
    child.once('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else
        reject(
          new Error(
            `${command} ${args.join(' ').slice(0, 200)} failed (${code ?? signal}):\n${stdout.slice(-3000)}${stderr.slice(-3000)}`,
          ),
        );
    });
    if (input !== undefined) {
      // A process that exits before reading all of it: its exit code says what happened.
      child.stdin!.on('error', () => {});
      child.stdin!.end(input);
    }
  });
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
