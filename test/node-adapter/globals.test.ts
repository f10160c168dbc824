// Only a process of its own (the CLI's) lets the Node adapter replace the global Request and
// Response with @hono/node-server's lightweight ones: a library's caller keeps the runtime's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serve } from '../../src/node-adapter/serve.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('serve() leaves the global Request and Response alone by default', async () => {
  const [request, response] = [globalThis.Request, globalThis.Response];
  const server = await serve(async () => new Response('ok'));
  try {
    const answer = await fetch(server.url);
    assert.equal(await answer.text(), 'ok');
    assert.equal(globalThis.Request, request);
    assert.equal(globalThis.Response, response);
  } finally {
    await server.close();
  }
});

test('with lightweightGlobals (the CLI), they are replaced, and answers are the same', () => {
  const script = `
    const native = globalThis.Response;
    const { serve } = await import('./src/node-adapter/serve.ts');
    const server = await serve(async () => new Response('ok', { headers: { 'x-a': '1' } }), {
      lightweightGlobals: true,
    });
    const answer = await fetch(server.url);
    console.log(JSON.stringify({
      replaced: globalThis.Response !== native,
      text: await answer.text(),
      header: answer.headers.get('x-a'),
    }));
    await server.close();
  `;
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: root, encoding: 'utf8' },
  );
  assert.deepEqual(JSON.parse(out), { replaced: true, text: 'ok', header: '1' });
});
