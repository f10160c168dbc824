// The CLI's stderr helpers: batched request lines, rate-limited error lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bufferedLines, rateLimitedErrors } from '../../src/proxy/cli-log.js';

test('request lines are collected and written in one write', () => {
  const writes: string[] = [];
  const lines = bufferedLines({ write: (text: string) => writes.push(text) });
  for (let i = 0; i < 100; i++) lines.line(`GET /x/ 200 1ms hit ${i}`);
  assert.equal(writes.length, 0, 'nothing written per request');
  lines.flush();
  assert.equal(writes.length, 1);
  assert.equal(writes[0]!.split('\n').length, 101);
  lines.flush();
  assert.equal(writes.length, 1, 'nothing left to write');
});

test('one error line per kind per second, then the count of those left out', () => {
  let now = 0;
  const lines: string[] = [];
  const report = rateLimitedErrors(
    (line) => lines.push(line),
    () => now,
  );
  for (let i = 0; i < 50; i++) report('bad request');
  report('handler failed');
  now = 999;
  report('bad request');
  now = 1000;
  report('bad request');
  assert.deepEqual(lines, [
    'pubnet-proxy: bad request',
    'pubnet-proxy: handler failed',
    'pubnet-proxy: bad request (50 more since the last line)',
  ]);
});
