/** The Node adapter: bodies in, streams out, abort on disconnect, close() with open sockets. */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { describe, test } from 'node:test';
import { serve } from '../../src/node-adapter/serve.js';

describe('node adapter', () => {
  test('passes method, headers and body in; streams the answer out', async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const server = await serve(async (req) => {
      const body = await req.text();
      const stream = new ReadableStream<Uint8Array>({
        async start(c) {
          c.enqueue(new TextEncoder().encode(`${req.method} ${new URL(req.url).pathname}?`));
          // The rest only once the caller has the status: so the answer streams.
          await finished;
          c.enqueue(new TextEncoder().encode(`${req.headers.get('x-test')} ${body}`));
          c.close();
        },
      });
      return new Response(stream, { status: 201, headers: { 'X-Out': 'yes' } });
    });
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      assert.notEqual(new URL(server.url).port, '0');
      const res = await fetch(new URL('a/b/?q=1', server.url), {
        method: 'POST',
        headers: { 'X-Test': 'hdr' },
        body: 'payload',
      });
      assert.equal(res.status, 201);
      assert.equal(res.headers.get('x-out'), 'yes');
      finish();
      assert.equal(await res.text(), 'POST /a/b/?hdr payload');
    } finally {
      await server.close();
    }
  });

  test("the request's signal fires when the client goes away", async () => {
    let arrived!: (signal: AbortSignal) => void;
    const handling = new Promise<AbortSignal>((resolve) => (arrived = resolve));
    const server = await serve(
      (req) =>
        new Promise<Response>((resolve) => {
          arrived(req.signal);
          req.signal.addEventListener('abort', () => resolve(new Response('too late')));
        }),
    );
    try {
      const controller = new AbortController();
      const pending = fetch(server.url, { signal: controller.signal }).catch((e: Error) => e.name);
      const signal = await handling;
      assert.equal(signal.aborted, false, 'not before the client leaves');
      const aborted = new Promise((resolve) => signal.addEventListener('abort', resolve));
      controller.abort();
      assert.equal(await pending, 'AbortError');
      await aborted;
      assert.equal(signal.aborted, true);
    } finally {
      await server.close();
    }
  });

  test('close() destroys open keep-alive sockets and hanging requests', async () => {
    let arrived!: () => void;
    const handling = new Promise<void>((resolve) => (arrived = resolve));
    const server = await serve(() => {
      arrived();
      return new Promise<Response>(() => {});
    });
    const hanging = new Promise<string>((resolve) => {
      const req = request(server.url, { agent: false, headers: { Connection: 'keep-alive' } });
      req.on('error', () => resolve('socket closed'));
      req.on('response', () => resolve('answered'));
      req.end();
    });
    await handling;
    // A close() that waited for the handler, which never answers, would never resolve: the
    // test's timeout is what fails it, not the clock.
    await server.close();
    assert.equal(await hanging, 'socket closed');
  });

  test('a handler that throws is a 500 that tells the caller nothing of the error', async () => {
    const kinds: string[] = [];
    const server = await serve(
      async () => {
        throw new Error('boom secret-detail');
      },
      { onError: (kind) => kinds.push(kind) },
    );
    try {
      const res = await fetch(server.url);
      assert.equal(res.status, 500);
      assert.equal(await res.text(), 'Internal server error');
      assert.deepEqual(kinds, ['handler failed']);
    } finally {
      await server.close();
    }
  });

  test('a body over maxBodyBytes is 413: before the handler runs when declared, else while read', async () => {
    let calls = 0;
    const server = await serve(
      async (req) => {
        calls += 1;
        return new Response(String((await req.arrayBuffer()).byteLength));
      },
      { maxBodyBytes: 1000 },
    );
    try {
      const small = await fetch(server.url, { method: 'POST', body: 'x'.repeat(1000) });
      assert.equal(await small.text(), '1000');
      const large = await fetch(server.url, { method: 'POST', body: 'x'.repeat(5000) });
      assert.equal(large.status, 413);
      // Streamed with no Content-Length: the limit holds while reading too.
      const stream = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 5; i++) controller.enqueue(new TextEncoder().encode('y'.repeat(500)));
          controller.close();
        },
      });
      const streamed = await fetch(server.url, {
        method: 'POST',
        body: stream,
        duplex: 'half',
      } as RequestInit);
      assert.equal(streamed.status, 413);
      // The declared 5000 never reached the handler; the streamed one errored as it read.
      assert.equal(calls, 2);
    } finally {
      await server.close();
    }
  });
});
