// What a test page records of itself, for the e2e tests in every engine: the
// first script of its <head>, `<script src="/watch.js" data-watch="text widget">`
// (a file on the page's own origin, so the strict CSP allows it). WebKit's
// driver has no init scripts and cannot read the console, so the page keeps
// its own record in `window.__watch` (test/e2e/support/watch.ts reads it):
//   boxes       on every animation frame from the first paint on, the box of
//               each element whose id data-watch names (page coordinates, and
//               whether it is defined), one entry for each change, with the
//               frame's number and time; but not while a stylesheet of the
//               document is loading: asked for a box then, WebKit lays the
//               page out without it (and paints that), where it would have
//               painted nothing after that stylesheet until it came. Firefox
//               does paint what follows one in <body>: a page opened with
//               `?watch=always` is read on every frame, for the test that
//               checks that (server-rendered.test.ts);
//   frames      how many animation frames there have been, and `unread`: on
//               how many of them a stylesheet was loading;
//   shifts      the Layout Instability API's entries where there is one
//               (Chromium), else null;
//   errors      uncaught errors and unhandled rejections;
//   violations  the page's securitypolicyviolation events;
//   events      each widget's pubnet-load and pubnet-error, by id.
(() => {
  const ids = (document.currentScript?.dataset.watch ?? '').split(/\s+/).filter(Boolean);
  const always = new URLSearchParams(location.search).get('watch') === 'always';
  const watch = {
    boxes: [],
    frames: 0,
    unread: 0,
    shifts: null,
    errors: [],
    violations: [],
    events: [],
  };
  window.__watch = watch;

  // A stylesheet <link> of the document that has neither loaded nor failed.
  const failed = new WeakSet();
  document.addEventListener('error', (event) => failed.add(event.target), true);
  const loading = () =>
    [...document.querySelectorAll('link[rel~="stylesheet"]')].some(
      (link) => !link.sheet && !failed.has(link) && (!link.media || matchMedia(link.media).matches),
    );

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
    requestAnimationFrame(sample);
    if (!always && loading()) return void watch.unread++;
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
  };
  requestAnimationFrame(sample);
})();
