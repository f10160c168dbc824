// The two origins of the interop test: the built apps (a static site) and the
// emulator of the API (in-process, from the npm build), each on 127.0.0.1
// with a port of its own, so the widgets call the API cross-origin (CORS).
import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { createEmulator, type Emulator } from '../../../dist/emulator/index.js';
import { serve } from '../../../dist/node-adapter/serve.js';
import { within } from '../../e2e/support/widgets.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Serves the files of `dir`; resolves with its origin (trailing slash) and `close`. */
export async function serveStatic(dir: string) {
  const server = await serve(async (request) => {
    const path = normalize(decodeURIComponent(new URL(request.url).pathname));
    if (path.includes('..')) return new Response('Bad path', { status: 400 });
    try {
      const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
      const body = await readFile(file);
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      return new Response(body, { headers: { 'content-type': type, 'cache-control': 'no-store' } });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
  return { url: new URL(server.url).origin + '/', close: () => server.close() };
}

/** A request as it reached the server, and whether its client went away before the answer. */
export interface Seen {
  method: string;
  path: string;
  aborted: boolean;
}

/**
 * The emulator behind a server that also notes, per request, whether the
 * client aborted it (`seen`), and that wakes `waitFor` on every request,
 * answer and abort: waits are for conditions, never for time.
 */
export class Api {
  readonly emulator: Emulator = createEmulator();
  readonly seen: Seen[] = [];
  url = '';
  private events = new EventEmitter();
  private server?: { close(): Promise<void> };

  async start(): Promise<this> {
    const server = await serve(async (request) => {
      const { pathname } = new URL(request.url);
      const seen: Seen = { method: request.method, path: pathname, aborted: false };
      this.seen.push(seen);
      request.signal.addEventListener('abort', () => {
        seen.aborted = true;
        this.events.emit('change');
      });
      this.events.emit('change');
      try {
        return await this.emulator.fetch(request);
      } finally {
        this.events.emit('change');
      }
    });
    this.server = server;
    this.url = new URL(server.url).origin + '/';
    return this;
  }

  /**
   * Resolves with `probe()`'s first truthy value, probing now and after every
   * request, answer and abort; fails after `timeout` ms (a limit for a
   * failing test, not a wait).
   */
  waitFor<T>(what: string, probe: () => T | undefined | false, timeout = 10_000): Promise<T> {
    let listener: (() => void) | undefined;
    const found = new Promise<T>((resolve) => {
      listener = () => {
        const value = probe();
        if (value) resolve(value);
      };
      this.events.on('change', listener);
      listener();
    });
    return within(what, found, timeout).finally(() => this.events.off('change', listener!));
  }

  close(): Promise<void> {
    return this.server?.close() ?? Promise.resolve();
  }
}
