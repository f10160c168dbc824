// What happens inside the in-process proxies while a page loads: each request a
// proxy handled (in → response out) and each upstream call it made for it, in
// `performance.now()` of this Node process. A figure takes the record of its
// page's one API request and splits the time between the visitor's hop, the
// proxy → API calls on the critical path and the proxy's own work.
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A recorder shared by the proxies of a stack.
 * - `fetch`: the `fetch` option of `createProxy`; records each upstream call
 *   (`{ method, path, start, end, status }`) on the request it was made for
 *   (AsyncLocalStorage: a background revalidation started by a request stays
 *   that request's, and ends after its answer).
 * - `timed(name, handler)`: the proxy handler, timing each request.
 * - `onLog`: the `onLog` option of `createProxy`; keeps each request's log note
 *   (a composition from a stored slot config says `revalidating slot config`:
 *   its slot call is then the background revalidation, whenever it ends).
 * - `requests`: `{ proxy, method, url, path, in, out, upstream, note }`, in order of arrival.
 */
export function proxyRecorder() {
  const current = new AsyncLocalStorage();
  const requests = [];
  const recordedFetch = async (input, init) => {
    const request = new Request(input, init);
    const call = {
      method: request.method,
      path: new URL(request.url).pathname,
      start: performance.now(),
      end: undefined,
    };
    current.getStore()?.upstream.push(call);
    try {
      const response = await fetch(request);
      call.status = response.status;
      // The whole body, as the proxy reads it: the call ends with its last byte.
      const body = await response.arrayBuffer();
      call.end = performance.now();
      return new Response(body, response);
    } catch (error) {
      call.end = performance.now();
      call.error = error?.name ?? 'error';
      throw error;
    }
  };
  const timed = (proxy, handler) => async (request, info) => {
    const url = new URL(request.url);
    const record = {
      proxy,
      method: request.method,
      url: url.href,
      path: url.pathname,
      in: performance.now(),
      out: undefined,
      upstream: [],
    };
    requests.push(record);
    const response = await current.run(record, () => handler(request, info));
    record.out = performance.now();
    return response;
  };
  const onLog = (entry) => {
    const record = current.getStore();
    if (record) record.note = entry.note;
  };
  return { fetch: recordedFetch, timed, onLog, requests };
}

const NAMES = { adslots: 'slot', products: 'search', tracking_link: 'tracking link' };

/** A short name for an upstream path: `slot`, `search` (products), `offers`, `tracking link`… */
export function callName(path) {
  const id = /^([0-9a-f-]{36}|\d+)$/i;
  const last =
    path
      .split('/')
      .filter((s) => s && !id.test(s))
      .at(-1) ?? path;
  return NAMES[last] ?? last;
}

/**
 * How the proxy spent one request's time: the upstream calls that ended
 * before its answer (the critical path), grouped into steps of calls that
 * overlapped (in parallel), the calls still running after it, or the slot's
 * revalidation the log names (background), and `ownMs`: handling time when no
 * critical call was in flight.
 */
export function proxySplit(record) {
  const handlingMs = record.out - record.in;
  const revalidated = /revalidating slot config/.test(record.note ?? '');
  const critical = record.upstream
    .filter((c) => c.end !== undefined && c.end <= record.out)
    .filter((c) => !(revalidated && callName(c.path) === 'slot'))
    .sort((a, b) => a.start - b.start);
  const background = record.upstream.filter((c) => !critical.includes(c));
  const steps = [];
  let until = -Infinity;
  for (const call of critical) {
    const entry = { name: callName(call.path), ms: call.end - call.start };
    if (call.start < until) steps.at(-1).push(entry);
    else steps.push([entry]);
    until = Math.max(until, call.end);
  }
  const upstreamMs = covered(critical.map((c) => [c.start, c.end]));
  return {
    handlingMs,
    steps,
    background: background.map((c) => callName(c.path)),
    upstreamMs,
    ownMs: handlingMs - upstreamMs,
  };
}

/** How long at least one of `intervals` (`[start, end]`) was open, in total. */
export function covered(intervals) {
  let total = 0;
  let until = -Infinity;
  for (const [start, end] of [...intervals].sort((a, b) => a[0] - b[0])) {
    if (end <= until) continue;
    total += end - Math.max(start, until);
    until = end;
  }
  return total;
}
