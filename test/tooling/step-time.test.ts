// npm test's closing lines: each step's CPU time is that of its command and of
// everything the command started and waited for (scripts/test/step-time.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeTime, parseTimes, runMeasured } from '../../scripts/test/step-time.mjs';

/** A node process that spends `ms` of CPU time (not of the clock: a busy machine only slows it). */
const burn = (ms: number) =>
  `const until = ${ms * 1000}; while (process.cpuUsage().user + process.cpuUsage().system < until);`;

test("a step's CPU time holds its grandchildren's, the step's exit status kept", async () => {
  // sh starts a node that starts another: the inner one burns 0.5 s, the outer one 0.1 s and
  // waits for the inner one.
  const inner = JSON.stringify(burn(500));
  const outer = `require('node:child_process').execFileSync(process.execPath, ['-e', ${inner}]); ${burn(100)} process.exit(3);`;
  const result = await runMeasured('sh', ['-c', `"${process.execPath}" -e "$0"`, outer], {
    stdio: 'ignore',
  });
  assert.equal(result.status, 3);
  assert.ok(result.cpu, 'no CPU time read');
  const seconds = result.cpu.user + result.cpu.system;
  // The kernel counts in clock ticks (10 ms): a tick or two may round away.
  assert.ok(seconds >= 0.57, `${seconds} s of CPU, not the 0.6 s the two processes burnt`);
  assert.ok(result.wallMs >= 500, `${result.wallMs} ms of wall time for 0.6 s of CPU`);
});

test('a process orphaned on the way is counted where the wrapper can take it in (Linux)', async () => {
  // A subshell starts node in the background and exits at once: node is orphaned, as a
  // browser's helper processes are when the browser exits first. cat ends when node does.
  const result = await runMeasured(
    'sh',
    ['-c', '( "$0" -e "$1" & ) | cat', process.execPath, burn(500)],
    { stdio: 'ignore' },
  );
  assert.equal(result.status, 0);
  const seconds = result.cpu!.user + result.cpu!.system;
  if (process.platform == 'linux')
    assert.ok(seconds >= 0.47, `${seconds} s of CPU, not the orphan's 0.5 s`);
  // Elsewhere the orphan goes to init, its time with it: what `sh`'s `times` can see.
  else assert.ok(seconds < 0.47, `${seconds} s of CPU: an orphan counted without a subreaper`);
});

test('a command that cannot start is a failed step, not a hang', async () => {
  const result = await runMeasured('/nonexistent/command', [], { stdio: 'ignore' });
  assert.equal(result.status, 127);
});

test("sh's `times`, as dash and bash print it, read into seconds", () => {
  assert.deepEqual(parseTimes('0m0.010s 0m0.002s\n1m2.500s 0m4.250s\n'), {
    user: 62.5,
    system: 4.25,
  });
  assert.deepEqual(parseTimes('0m0.01s 0m0.00s\n0m12.34s 0m1.20s\n'), {
    user: 12.34,
    system: 1.2,
  });
  assert.equal(parseTimes(''), undefined);
});

test('a closing line gives wall and CPU time, or says the CPU time is unknown', () => {
  assert.equal(
    describeTime('lint', 12_340, { user: 20.04, system: 1.5 }),
    'lint: 12.3 s wall, 21.5 s CPU (20.0 user + 1.5 sys)',
  );
  assert.equal(describeTime('lint', 900, undefined), 'lint: 0.9 s wall, CPU not measured');
});
