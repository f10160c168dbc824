/**
 * Injected faults (see `Fault`): matched by method and pathname pattern, the
 * first matching fault with uses left answers instead of the API.
 */
import { json } from './http.js';
import type { Fault } from './types.js';

const KINDS = new Set(['status', 'hang', 'malformed', 'html']);

/** `*` matches any characters (slashes included); the whole pathname must match. */
export function compilePattern(path: string | RegExp): RegExp {
  if (path instanceof RegExp) return path;
  const body = path
    .split('*')
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

export function validateFault(f: Fault): void {
  if (!KINDS.has(f.kind))
    throw new TypeError(
      `fault kind must be status, hang, malformed or html (got ${String(f.kind)})`,
    );
  if (
    f.status !== undefined &&
    !(Number.isInteger(f.status) && f.status >= 100 && f.status <= 599)
  ) {
    throw new TypeError(`fault status must be an HTTP status 100-599 (got ${String(f.status)})`);
  }
  for (const key of ['retryAfter', 'times'] as const) {
    const v = f[key];
    if (v !== undefined && !(Number.isInteger(v) && v >= 0)) {
      throw new TypeError(`fault ${key} must be a non-negative integer (got ${String(v)})`);
    }
  }
}

interface Entry {
  fault: Fault;
  pattern: RegExp;
  hits: number;
}

export class FaultSet {
  private entries: Entry[] = [];

  constructor(faults: readonly Fault[] = []) {
    this.set(faults);
  }

  /** Replaces all faults; `times` counts start again. */
  set(faults: readonly Fault[]): void {
    faults.forEach(validateFault);
    this.entries = faults.map((fault) => ({ fault, pattern: compilePattern(fault.path), hits: 0 }));
  }

  /** The fault for this request, counting it against `times`. */
  take(method: string, pathname: string): Fault | undefined {
    for (const e of this.entries) {
      if (e.fault.method && e.fault.method.toUpperCase() !== method.toUpperCase()) continue;
      e.pattern.lastIndex = 0;
      if (!e.pattern.test(pathname)) continue;
      if (e.fault.times !== undefined && e.hits >= e.fault.times) continue;
      e.hits += 1;
      return e.fault;
    }
    return undefined;
  }
}

const MESSAGES: Record<number, string> = {
  429: 'Request was throttled.',
  500: 'Internal server error (emulated fault).',
  502: 'Bad gateway (emulated fault).',
  503: 'Service temporarily unavailable (emulated fault).',
  504: 'Gateway timeout (emulated fault).',
};

const GATEWAY_PAGE = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

/** Never settles unless the request is aborted (client gone or server closing). */
function hang(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const abort = () => reject(signal.reason ?? new Error('aborted'));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
}

export async function faultResponse(f: Fault, signal: AbortSignal): Promise<Response> {
  switch (f.kind) {
    case 'hang':
      return hang(signal);
    case 'malformed':
      return new Response('{"count": 3, "next": null, "results": [{"id": "broken', {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    case 'html':
      return new Response(GATEWAY_PAGE, { status: 502, headers: { 'Content-Type': 'text/html' } });
    default: {
      const status = f.status ?? 500;
      let message = MESSAGES[status] ?? `Emulated fault ${status}.`;
      const headers: Record<string, string> = {};
      if (f.retryAfter !== undefined) {
        headers['Retry-After'] = String(f.retryAfter);
        if (status === 429) message += ` Expected available in ${f.retryAfter} seconds.`;
      }
      return json({ detail: message }, status, headers);
    }
  }
}

/**
 * The CLI form: `[METHOD ]PATTERN=KIND[,times=N][,retry-after=S]`, KIND being
 * a status number, `hang`, `malformed` or `html`.
 */
export function parseFaultSpec(spec: string): Fault {
  // Path patterns hold neither "=" nor ",", so the first "=" ends the pattern.
  const at = spec.indexOf('=');
  if (at <= 0) throw new TypeError(`expected PATTERN=KIND, got "${spec}"`);
  const target = spec.slice(0, at).trim();
  const [kind = '', ...options] = spec
    .slice(at + 1)
    .split(',')
    .map((s) => s.trim());
  const m = /^([A-Za-z]+)\s+(\S+)$/.exec(target);
  const path = m ? (m[2] ?? '') : target;
  if (!path.startsWith('/'))
    throw new TypeError(`the path pattern must start with "/" (got "${path}")`);
  const fault: Fault = /^\d+$/.test(kind)
    ? { path, kind: 'status', status: Number(kind) }
    : { path, kind: kind as Fault['kind'] };
  if (m) fault.method = (m[1] ?? '').toUpperCase();
  for (const opt of options) {
    const [k, v] = opt.split('=').map((s) => s.trim());
    if (k === 'times') fault.times = Number(v);
    else if (k === 'retry-after') fault.retryAfter = Number(v);
    else throw new TypeError(`unknown fault option "${opt}" (use times=N or retry-after=S)`);
  }
  validateFault(fault);
  return fault;
}
