// Loaded before the CDN bundle by every bench page: records the widgets'
// events and the performance entries the bench reads, from the very start.
(() => {
  const bench = (window.__bench = { events: [], shifts: [], longTasks: [] });
  for (const type of ['pubnet-load', 'pubnet-error']) {
    addEventListener(
      type,
      (event) => {
        const el = event.target;
        bench.events.push({
          type,
          t: performance.now(),
          tag: el.localName,
          id: el.id,
          count: event.detail?.count,
          error: event.detail?.error ? String(event.detail.error) : undefined,
          // What the shadow root shows when the event fires (items rendered yet?).
          rendered: el.shadowRoot?.querySelectorAll('[data-i]').length ?? 0,
        });
      },
      true,
    );
  }
  const observe = (type, into, pick) => {
    try {
      new PerformanceObserver((list) => into.push(...list.getEntries().map(pick))).observe({
        type,
        buffered: true,
      });
    } catch {
      // entry type not supported: the figure will say it saw nothing
    }
  };
  observe('layout-shift', bench.shifts, (e) => ({
    t: e.startTime,
    value: e.value,
    recentInput: e.hadRecentInput,
    sources: (e.sources ?? []).map((s) => s.node?.nodeName ?? '?'),
  }));
  observe('longtask', bench.longTasks, (e) => ({ t: e.startTime, duration: e.duration }));
})();
