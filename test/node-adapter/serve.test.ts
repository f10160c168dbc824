// The Node adapter (src/node-adapter/serve.ts) at the socket: raw HTTP/1.1 over node:net, so that
// bodies can be left unsent, targets and Host headers can be anything, and closes are seen.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { once } from 'node:events';
import { serve, type ServeErrorKind } from '../../src/node-adapter/serve.js';
import { rawConnection } from '../support/raw-http.js';
import { known, startStack } from '../proxy/support/stack.js';

const status = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);

describe('node adapter at the socket', { timeout: 20_000 }, () => {
  test('a large body to an unknown path: 404 at once, unread, and the connection closed', async () => {
    const stack = await startStack();
    const conn = await rawConnection(
      stack.proxy,
      'POST /nothing/here/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${1 << 20}\r\n\r\n`,
    );
    conn.socket.write('x'.repeat(4096));
    await conn.closed;
    assert.equal(status(conn.text()), 404);
    assert.match(conn.text(), /\r\nconnection: close\r\n/i);
  });

  test('Content-Length 17000 on a search: 413 before any of the body is sent', async () => {
    const stack = await startStack();
    const path = `/publisher/products/?key=${known.website.guid}`;
    const conn = await rawConnection(
      stack.proxy,
      `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 17000\r\n\r\n`,
    );
    await conn.closed;
    assert.equal(status(conn.text()), 413);
    assert.equal(stack.upstreamCalls().length, 0);
  });

  test('a bad Host is not used, never a 5xx', async () => {
    const stack = await startStack();
    const path = `/publisher/offers/${known.offers[0]}/`;
    for (const host of ['', 'user@x', 'x:99999', '%%%', 'evil.example:1/x']) {
      const conn = await rawConnection(
        stack.proxy,
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      await conn.closed;
      const code = status(conn.text());
      assert.ok(code >= 200 && code < 500, `Host "${host}": ${code}`);
    }
  });

  test('the handler sees its own origin and the path: absolute-form and // targets', async () => {
    const seen: { url: string; host: string | null }[] = [];
    const server = await serve(async (request) => {
      seen.push({ url: request.url, host: request.headers.get('host') });
      return new Response('ok');
    });
    try {
      const origin = server.url.slice(0, -1);
      for (const target of [
        'http://evil.example/x?y=1',
        '//evil.example/a/b?c',
        '/\\evil.example/z',
      ]) {
        const conn = await rawConnection(
          server.url,
          `GET ${target} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
        );
        await conn.closed;
        assert.equal(status(conn.text()), 200, target);
      }
      assert.deepEqual(
        seen.map(({ url }) => url),
        [`${origin}/x?y=1`, `${origin}//evil.example/a/b?c`, `${origin}//evil.example/z`],
      );
      for (const { url, host } of seen) {
        assert.equal(new URL(url).host, new URL(server.url).host);
        assert.equal(host, 'evil.example', 'the Host header stays readable');
      }
    } finally {
      await server.close();
    }
  });

  test('TRACE and TRACK are 400 with a short body; a handler that throws is a short 500', async () => {
    const kinds: ServeErrorKind[] = [];
    const server = await serve(
      async (request) => {
        if (new URL(request.url).pathname === '/throw') throw new Error('boom secret-detail');
        return new Response('ok');
      },
      { onError: (kind) => kinds.push(kind) },
    );
    try {
      const trace = await rawConnection(server.url, 'TRACE / HTTP/1.1\r\nHost: x\r\n\r\n');
      await trace.closed;
      assert.equal(status(trace.text()), 400);
      assert.match(trace.text(), /\r\n\r\nBad request$/);
      // TRACK is refused by Node's own parser, before any request exists.
      const track = await rawConnection(server.url, 'TRACK / HTTP/1.1\r\nHost: x\r\n\r\n');
      await track.closed;
      assert.equal(status(track.text()), 400);
      const conn = await rawConnection(
        server.url,
        'GET /throw HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      await conn.closed;
      assert.equal(status(conn.text()), 500);
      assert.match(conn.text(), /\r\n\r\nInternal server error$/);
      assert.deepEqual(kinds, ['bad request', 'handler failed']);
    } finally {
      await server.close();
    }
  });

  test('shutdown: idle connections close at once, requests in flight finish, new ones are refused', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let waiting = 0;
    let arrived!: () => void;
    const allArrived = new Promise<void>((resolve) => (arrived = resolve));
    const server = await serve(async (request) => {
      if (new URL(request.url).pathname === '/held') {
        if (++waiting === 3) arrived();
        await released;
      }
      return new Response('done');
    });
    const idle = await rawConnection(server.url, 'GET /quick HTTP/1.1\r\nHost: x\r\n\r\n');
    await idle.received(/\r\n\r\ndone$/);
    const held = await Promise.all(
      [1, 2, 3].map(() => rawConnection(server.url, 'GET /held HTTP/1.1\r\nHost: x\r\n\r\n')),
    );
    await allArrived;
    const stopped = server.shutdown(10_000);
    await idle.closed;
    const refused = connect(Number(new URL(server.url).port), '127.0.0.1');
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    assert.equal(error.code, 'ECONNREFUSED');
    assert.ok(
      held.every((conn) => conn.text() === ''),
      'nothing answered yet',
    );
    release();
    await Promise.all(held.map((conn) => conn.closed));
    for (const conn of held) {
      assert.equal(status(conn.text()), 200);
      assert.match(conn.text(), /\r\nconnection: close\r\n[\s\S]*\r\n\r\ndone$/i);
    }
    await stopped;
  });
});
