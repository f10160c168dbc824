/** Shared helpers of the emulator tests: start one, call it with or without a token. */
import { startEmulator, known, type EmulatorOptions } from '../../../src/emulator/index.js';

export interface Reply {
  status: number;
  headers: Headers;
  /** Parsed JSON when the body is JSON, else the text. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read loose JSON
}

export interface CallOptions {
  body?: unknown;
  /** null = send no Authorization header. */
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function call(
  base: string,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<Reply> {
  const token = opts.token === undefined ? known.token : opts.token;
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (token !== null) headers.Authorization = `Token ${token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(new URL(path.replace(/^\//, ''), base), {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    redirect: 'manual',
    signal: opts.signal,
  });
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: res.status, headers: res.headers, body };
}

export type Started = Awaited<ReturnType<typeof startEmulator>> & {
  call(method: string, path: string, opts?: CallOptions): Promise<Reply>;
};

export async function start(options: EmulatorOptions = {}): Promise<Started> {
  const s = await startEmulator({ ...options, port: 0 });
  return { ...s, call: (method, path, opts) => call(s.url, method, path, opts) };
}

/** A route path with its `{params}` filled in (encoded). */
export function fill(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(v);
  });
}
