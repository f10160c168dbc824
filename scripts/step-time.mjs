// The wall time and CPU time of one step of `npm test`. Node gives the CPU time
// of its own process only (process.resourceUsage()), and a step's time is
// spent in what it starts: node test processes, browsers, PHP, MariaDB. So the
// step's command runs under `sh -c`, which waits for it and then prints its
// own `times` (POSIX, in every sh): the second line is the user and system
// time of its waited-for children, which the kernel adds up the whole tree,
// each process's own and that of the children it waited for in turn.
//
// Not counted: a process whose parent exits without waiting for it (the kernel
// hands it to init, which collects its time). The harnesses here wait for
// what they start: MariaDB and `php -S` are stopped by their group and awaited
// (test/wordpress/support/process.ts; `php -S` reaps its own workers), the
// browsers by their drivers.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// `times` after the command, into the file named first; the command's exit status kept.
const WRAPPER = 'file=$1; shift; "$@"; status=$?; times > "$file"; exit $status';

/**
 * `command` with `args`, as a command to spawn instead (`sh` with its
 * arguments) that measures it; `cpu()` once it has ended gives the seconds of
 * user and system time of it and its descendants, or `undefined` where sh
 * wrote none (killed, no sh).
 */
export function measured(command, args) {
  const dir = mkdtempSync(join(tmpdir(), 'pubnet-time-'));
  const file = join(dir, 'times');
  return {
    command: 'sh',
    args: ['-c', WRAPPER, 'sh', file, command, ...args],
    cpu() {
      try {
        return parseTimes(readFileSync(file, 'utf8'));
      } catch {
        return undefined;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The children's user and system seconds from the output of sh's `times`. */
export function parseTimes(text) {
  const [, children = ''] = text.trim().split('\n');
  const spans = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(
    ([, minutes, seconds]) => Number(minutes) * 60 + Number(seconds),
  );
  if (spans.length != 2) return undefined;
  const [user, system] = spans;
  return { user, system };
}

/** A step's closing line: `label: wall s wall, cpu s CPU (user u + sys s)`. */
export function describeTime(label, wallMs, cpu) {
  const wall = `${(wallMs / 1000).toFixed(1)} s wall`;
  if (!cpu) return `${label}: ${wall}, CPU not measured`;
  const total = cpu.user + cpu.system;
  return `${label}: ${wall}, ${total.toFixed(1)} s CPU (${cpu.user.toFixed(1)} user + ${cpu.system.toFixed(1)} sys)`;
}

/**
 * Runs `command` measured, its output to `stdio` (spawn's option); resolves
 * with its exit status (or signal), wall milliseconds and CPU seconds.
 */
export function runMeasured(command, args, { stdio = 'inherit', env = process.env } = {}) {
  const wrapped = measured(command, args);
  const started = Date.now();
  const child = spawn(wrapped.command, wrapped.args, { stdio, env });
  return new Promise((resolve) => {
    child.once('error', (error) => {
      wrapped.cpu();
      resolve({ status: error.message, wallMs: Date.now() - started, cpu: undefined });
    });
    child.once('close', (code, signal) =>
      resolve({ status: code ?? signal, wallMs: Date.now() - started, cpu: wrapped.cpu() }),
    );
  });
}
