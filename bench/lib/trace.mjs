// Where a page's main-thread time goes, from a DevTools trace (CDP `Tracing`,
// the `devtools.timeline` categories Chromium's Performance panel records).
// Nothing is added to the widgets: the trace is Chromium's own account of the
// tasks it ran (EvaluateScript, FunctionCall, UpdateLayoutTree, Layout, Paint,
// Decode Image…), attributed by self time to a kind, within a time window
// given in the page's own clock (`performance.now()`), aligned on a user
// timing mark the page set (`performance.mark`), which the trace records too.

export const CATEGORIES = [
  '-*',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
  'loading',
];

/** The kinds main-thread time is attributed to, in the order they are shown. */
export const KINDS = ['script', 'parseHTML', 'style', 'layout', 'paint', 'decode', 'gc', 'other'];

/**
 * The kind of a trace event by its name; `undefined`: the kind of the event
 * it is in, `other` at the top (a task's time that no named event covers:
 * IPC, scheduling, loading's own bookkeeping).
 */
function kindOf(name) {
  if (/GC|^BlinkGC|^CppGC|^ThreadState::/.test(name)) return 'gc';
  if (
    /^(Decode Image|ImageDecodeTask|Decode LazyPixelRef|Draw LazyPixelRef|Resize Image)$/.test(name)
  )
    return 'decode';
  if (name === 'ParseHTML') return 'parseHTML';
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/.test(name)) return 'style';
  if (name === 'Layout') return 'layout';
  if (
    /^(PrePaint|Paint|PaintImage|Layerize|UpdateLayer|UpdateLayerTree|CompositeLayers|Commit|PaintSetup)$/.test(
      name,
    )
  )
    return 'paint';
  if (
    /^(EvaluateScript|FunctionCall|RunMicrotasks|TimerFire|FireAnimationFrame|EventDispatch|FireIdleCallback|CompileScript|CompileCode|CacheScript|XHRReadyStateChange)$/.test(
      name,
    ) ||
    /^v8\.|^V8\./.test(name)
  )
    return 'script';
  return undefined;
}

/**
 * Records a trace of the page's browser while `run()` runs. Resolves with
 * `run()`'s result and the trace events.
 */
export async function traced(page, run) {
  const session = await page.context().newCDPSession(page);
  const events = [];
  session.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
  await session.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
  });
  let result;
  try {
    result = await run();
  } finally {
    await session.send('Tracing.end');
    await complete;
    await session.detach().catch(() => {});
  }
  return { result, events };
}

/** `[start, end]` (µs) intervals of a thread's events: complete (`X`) and begin/end pairs. */
function intervals(events) {
  const out = [];
  const open = [];
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X')
      out.push({ name: e.name, start: e.ts, end: e.ts + (e.dur ?? 0), args: e.args });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const begin = open.pop();
      if (begin) out.push({ name: begin.name, start: begin.ts, end: e.ts, args: begin.args });
    }
  }
  return out;
}

/**
 * Self time per kind (ms) of the thread's `events` within `[from, to]` (µs):
 * each event's time minus its children's, given its own kind or its parent's.
 * `idle` is the window's time no task was running.
 */
function selfTimes(list, from, to) {
  const byKind = Object.fromEntries(KINDS.map((k) => [k, 0]));
  const clip = (a, b) => Math.max(0, Math.min(b, to) - Math.max(a, from));
  // Outer events first: by start, longest first.
  const sorted = [...list].sort((a, b) => a.start - b.start || b.end - a.end);
  const stack = [];
  let busy = 0;
  const close = (node) => {
    byKind[node.kind] += node.self;
  };
  for (const event of sorted) {
    while (stack.length && stack.at(-1).end <= event.start) close(stack.pop());
    const parent = stack.at(-1);
    // A child is clipped to its parent (trace rounding can make them overlap).
    const end = parent ? Math.min(event.end, parent.end) : event.end;
    const own = clip(event.start, end);
    const node = { end, kind: kindOf(event.name) ?? parent?.kind ?? 'other', self: own };
    if (parent) parent.self -= own;
    else busy += own;
    stack.push(node);
  }
  while (stack.length) close(stack.pop());
  const ms = (us) => us / 1000;
  return {
    byKind: Object.fromEntries(KINDS.map((k) => [k, ms(byKind[k])])),
    busy: ms(busy),
    idle: ms(to - from - busy),
  };
}

/**
 * Where the main thread's time went in windows of the page's time:
 * `windows` maps a name to `[from, to]` in the page's `performance.now()` ms,
 * aligned with the trace through the user timing mark `mark` (its page time
 * `markTime`). For each window: self time per kind, busy and idle (ms), and
 * `decodeAnyThread`, image decoding on any thread of the page's process
 * (Chromium decodes on raster threads too). `bundle`: compile and run of the
 * script whose URL contains `script` (EvaluateScript, inclusive), and where
 * it ended relative to the mark (negative: before it).
 */
export function breakdown(events, { script, mark, markTime, windows }) {
  const evaluate = events.find(
    (e) => e.name === 'EvaluateScript' && e.args?.data?.url?.includes(script),
  );
  if (!evaluate) throw new Error(`the trace has no EvaluateScript of ${script}`);
  const { pid, tid } = evaluate;
  const marked = events.find(
    (e) => e.pid === pid && e.name === mark && String(e.cat).includes('blink.user_timing'),
  );
  if (!marked) throw new Error(`the trace has no user timing mark "${mark}"`);
  const origin = marked.ts - markTime * 1000; // trace µs at the page's time 0
  const at = (ms) => origin + ms * 1000;
  const main = intervals(events.filter((e) => e.pid === pid && e.tid === tid));
  const bundle = main.find(
    (e) => e.name === 'EvaluateScript' && e.args?.data?.url?.includes(script),
  );
  const decodes = intervals(events.filter((e) => e.pid === pid)).filter(
    (e) => kindOf(e.name) === 'decode',
  );
  const decodeIn = (a, b) =>
    decodes.reduce((sum, e) => sum + Math.max(0, Math.min(e.end, b) - Math.max(e.start, a)), 0) /
    1000;
  const out = {
    bundle: { ms: (bundle.end - bundle.start) / 1000, endsAt: (bundle.end - marked.ts) / 1000 },
  };
  for (const [name, [from, to]] of Object.entries(windows)) {
    out[name] = {
      ms: to - from,
      ...selfTimes(main, at(from), at(to)),
      decodeAnyThread: decodeIn(at(from), at(to)),
    };
  }
  return out;
}
