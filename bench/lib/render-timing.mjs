// One timed load of a bench page with one widget, and where its time went:
// the page's marks and Resource Timing on the browser's side, the proxy's own
// record of the same request (lib/proxy-timing.mjs) on the other.
import { waitForWidgets } from './browser.mjs';
import { median, round } from './figures.mjs';
import { covered, proxySplit } from './proxy-timing.mjs';

/**
 * Loads `url` in `page` and times its one widget. `apiMs` is how long an API
 * request of the page was in flight (Resource Timing), so that
 * `fromConnection - apiMs` is the widget's own time (script, layout, render).
 * `requests`: the API requests in flight between the connection and the
 * event, with what Resource Timing says of them. `split`: for a page whose
 * widget made one API request, where its time went (see `splitOf`).
 */
export async function timeOne(page, url, stack) {
  const from = stack.proxyRequests.length;
  await page.goto(url);
  const [event] = await waitForWidgets(page, 1);
  const { connected, intersection, frame, api } = await page.evaluate(() => {
    const mark = (name) => performance.getEntriesByName(name)[0]?.startTime;
    return {
      connected: mark('connected'),
      intersection: mark('first-intersection'),
      frame: mark('first-frame'),
      api: performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/pubnet-api'))
        .map((e) => ({
          url: e.name,
          start: e.startTime,
          end: e.responseEnd,
          transferSize: e.transferSize,
          deliveryType: e.deliveryType,
        })),
    };
  });
  if (connected === undefined) throw new Error('no "connected" mark on the page');
  const fromConnection = event.t - connected;
  const requests = api.filter((r) => r.start < event.t && r.end > connected);
  // Only the part of it inside the window: the widget may ask before the mark (in its
  // connectedCallback, before the inline script after the element runs).
  const apiMs = covered(
    requests.map((r) => [Math.max(r.start, connected), Math.min(r.end, event.t)]),
  );
  const handled = stack.proxyRequests.slice(from);
  const since = (t) => (t === undefined ? undefined : t - connected);
  return {
    fromConnection,
    fromNavigation: event.t,
    apiMs,
    event,
    connected,
    requests,
    // Phases from the connection, for the breakdown of the widget's own time.
    firstIntersection: since(intersection),
    firstFrame: since(frame),
    requestAt: requests.length ? Math.min(...requests.map((r) => r.start)) - connected : undefined,
    answeredAt: requests.length ? Math.max(...requests.map((r) => r.end)) - connected : undefined,
    split:
      requests.length === 1 ? splitOf(requests[0], handled, fromConnection - apiMs) : undefined,
  };
}

/**
 * Where one API request's time went: `browserProxyMs`, the request in flight
 * (Resource Timing) minus the proxy's handling of it; the proxy's split
 * (upstream steps on the critical path, background calls, its own work); and
 * `widgetMs`, the widget's time outside the request.
 */
function splitOf(request, handled, widgetMs) {
  const record = handled.find((r) => r.url === request.url && r.out !== undefined);
  if (!record) return undefined;
  const proxy = proxySplit(record);
  return { browserProxyMs: request.end - request.start - proxy.handlingMs, ...proxy, widgetMs };
}

/** The most common value of `list`. */
function mode(list) {
  const counts = new Map();
  for (const v of list) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

const stepsKey = (split) =>
  split.steps.map((group) => group.map((c) => c.name).join('∥')).join('>') +
  `|${split.background.join(',')}`;

/**
 * The medians of where the time went over `runs`, and their line: "browser →
 * proxy 2 ms; proxy → API: slot 101 ms, then search 102 ms; proxy work 3 ms;
 * widget work 40 ms". The upstream steps are those of the most common shape.
 */
export function whereTime(runs) {
  const splits = runs.map((r) => r.split).filter(Boolean);
  if (!splits.length) return undefined;
  const med = (list) => round(median(list));
  const shape = mode(splits.map(stepsKey));
  const same = splits.filter((s) => stepsKey(s) === shape);
  const steps = same[0].steps.map((group, i) =>
    group.map((call, j) => ({
      name: call.name,
      ms: med(same.map((s) => s.steps[i][j].ms)),
    })),
  );
  const background = same[0].background;
  const result = {
    browserProxyMs: med(splits.map((s) => s.browserProxyMs)),
    upstream: steps,
    upstreamCalls: steps.flat().length,
    background,
    proxyHandlingMs: med(splits.map((s) => s.handlingMs)),
    proxyOwnMs: med(splits.map((s) => s.ownMs)),
    widgetMs: med(splits.map((s) => s.widgetMs)),
    shapeRuns: `${same.length} of ${splits.length}`,
  };
  const calls = steps.length
    ? steps.map((group) => group.map((c) => `${c.name} ${c.ms} ms`).join(' ∥ ')).join(', then ')
    : 'none';
  const behind = background.length
    ? ` (${background.join(', ')} revalidated in the background)`
    : '';
  result.line =
    `browser → proxy ${result.browserProxyMs} ms; proxy → API (${result.upstreamCalls} on the ` +
    `critical path): ${calls}${behind}; proxy work ${result.proxyOwnMs} ms; widget work ${result.widgetMs} ms`;
  return result;
}

/** `t` ms from the "connected" mark, signed: `+3.2`, `−1.5`. */
export const signed = (t) => (t < 0 ? `−${round(-t)}` : `+${round(t)}`);

/** `t` (ms from the connection) beside the page's first frame, in words. */
export function besideFrame(t, frame) {
  if (t === undefined || frame === undefined) return '';
  const d = round(Math.abs(frame - t));
  return t <= frame ? `${d} ms before the first frame` : `${d} ms after the first frame`;
}
