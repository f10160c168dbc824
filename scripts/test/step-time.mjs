// The wall time and CPU time of one step of `npm test`. Node gives the CPU time
// of its own process only (process.resourceUsage()), and a step's time is
// spent in what it starts: node test processes, browsers, PHP, MariaDB. So the
// step's command runs under a small wrapper that waits for it and then reads
// its own `times`: the user and system time of its waited-for children, which
// the kernel adds up the whole tree, each process's own and that of the
// children it waited for in turn.
//
// A process whose parent exits without waiting for it goes to the nearest
// "subreaper" above it, else to init, which takes its time with it. Browsers
// leave such processes (Firefox's fork server, which forked every content
// process; WebKit's web and network processes; Chromium's crash handler), as
// does esbuild's service: measured with a plain wait, a third of Firefox's
// time was missing. So on Linux the wrapper is perl (in every Debian, as
// perl-base) that makes itself the subreaper of what it runs (prctl
// PR_SET_CHILD_SUBREAPER), waits for those orphans too (5 s at most once the
// command ended), and writes its `times` in sh's format. Elsewhere, or
// without perl, it is `sh -c` and its `times` (POSIX), orphans not counted.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// `times` after the command, into the file named first; the command's exit status kept.
const SH_WRAPPER = 'file=$1; shift; "$@"; status=$?; times > "$file"; exit $status';

/** prctl's system call number, by process.arch (Linux's own tables). */
const PRCTL = { x64: 157, arm64: 167, riscv64: 167, loong64: 167, ia32: 172, arm: 172 };

const PERL_WRAPPER = `
use strict; use warnings; use POSIX ();
my ($file, $prctl, @command) = @ARGV;
syscall($prctl, 36, 1, 0, 0, 0) if $prctl;   # PR_SET_CHILD_SUBREAPER
my $pid = fork() // die "fork: $!";
if (!$pid) { exec { $command[0] } @command; exit 127 }
my $status = 0;
while ((my $done = waitpid(-1, 0)) > 0) { if ($done == $pid) { $status = $?; last } }
for (1 .. 100) {
  my $done = waitpid(-1, POSIX::WNOHANG());
  last if $done < 0;
  select(undef, undef, undef, 0.05) if $done == 0;
}
my (undef, undef, $user, $system) = times;
open(my $out, '>', $file) or die "$file: $!";
printf $out "0m0s 0m0s\n%dm%.3fs %dm%.3fs\n", $user / 60, $user - 60 * int($user / 60), $system / 60, $system - 60 * int($system / 60);
close $out;
exit($status & 127 ? 128 + ($status & 127) : $status >> 8);
`;

const PERL = ['/usr/bin/perl', '/bin/perl'].find((path) => existsSync(path));
const subreaper = process.platform == 'linux' && PERL && PRCTL[process.arch];

/**
 * `command` with `args`, as a command to spawn instead (perl or sh with
 * their arguments) that measures it; `cpu()` once it has ended gives the seconds of
 * user and system time of it and its descendants, or `undefined` where the
 * wrapper wrote none (killed).
 */
export function measured(command, args) {
  const dir = mkdtempSync(join(tmpdir(), 'pubnet-time-'));
  const file = join(dir, 'times');
  return {
    ...(subreaper
      ? { command: PERL, args: ['-e', PERL_WRAPPER, file, String(subreaper), command, ...args] }
      : { command: 'sh', args: ['-c', SH_WRAPPER, 'sh', file, command, ...args] }),
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

/** The children's user and system seconds from the output of `times` (sh's format). */
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
