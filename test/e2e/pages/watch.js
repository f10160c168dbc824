// What a test page records of itself, for the e2e tests in every engine: the
// first script of its <head>, `<script src="/watch.js" data-watch="text widget">`
// (a file on the page's own origin, so the strict CSP allows it). WebKit's
// driver has no init scripts and cannot read the console, so the page keeps
// its own record in `window.__watch` (test/e2e/support/watch.ts reads it):
//   boxes       on every animation frame from the first paint on, the box of
//               each element whose id data-watch names (page coordinates, and
//               whether it is defined), one entry for each change, with the
//               frame's number and time;
//   frames      how many animation frames there have been;
//   shifts      the Layout Instability API's entries where there is one
//               (Chromium), else null;
//   errors      uncaught errors and unhandled rejections;
//   violations  the page's securitypolicyviolation events;
//   events      each widget's pubnet-load and pubnet-error, by id.
(() => {
  const ids = (document.currentScript?.dataset.watch ?? '').split(/\s+/).filter(Boolean);
  const watch = { boxes: [], frames: 0, shifts: null, errors: [], violations: [], events: [] };
  window.__watch = watch;

  addEventListener('error', (event) => watch.errors.push(String(event.error ?? event.message)));
  addEventListener('unhandledrejection', (event) => watch.errors.push(String(event.reason)));
  document.addEventListener(
    'securitypolicyviolation',
    (event) =>
      watch.violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    true,
  );
  for (const type of ['pubnet-load', 'pubnet-error'])
    document.addEventListener(type, (event) => {
      const { detail } = event;
      const id = event.target.id;
      watch.events.push({
        type,
        id,
        detail: type == 'pubnet-load' ? detail.count : String(detail.error),
      });
    });

  if (PerformanceObserver.supportedEntryTypes?.includes('layout-shift')) {
    watch.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        watch.shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((source) => {
            const node = source.node;
            const name = node?.id ? `#${node.id}` : (node?.localName ?? node?.nodeName ?? '?');
            const from = source.previousRect;
            const to = source.currentRect;
            return `${name} ${from.x},${from.y} ${from.width}×${from.height} → ${to.x},${to.y} ${to.width}×${to.height}`;
          }),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  }

  let last = '';
  const sample = () => {
    watch.frames++;
    const boxes = {};
    for (const id of ids) {
      const element = document.getElementById(id);
      if (!element) continue;
      const box = element.getBoundingClientRect();
      boxes[id] = {
        x: box.left + scrollX,
        y: box.top + scrollY,
        width: box.width,
        height: box.height,
        defined: element.matches(':defined'),
      };
    }
    const text = JSON.stringify(boxes);
    if (text != last) watch.boxes.push({ frame: watch.frames, time: performance.now(), boxes });
    last = text;
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
})();
