// The widget's own time in a cold render (not the network): from the runs of
// a cold figure, with the phases of the page's marks, and main-thread time by
// kind from DevTools traces of more runs (lib/trace.mjs).
import { withPage } from './browser.mjs';
import { measure, median, round } from './figures.mjs';
import { besideFrame, signed, timeOne } from './render-timing.mjs';
import { breakdown, KINDS, traced } from './trace.mjs';

/** The widget's own time a cold render may take (ms). */
export const OWN_TIME_GOAL = 30;
/** Traced runs for the breakdown of the widget's own time. */
const TRACED_RUNS = 5;

const med = (list) => round(median(list.filter((v) => v !== undefined)));

/**
 * When the request left, from the page's marks: `requestSent` (from the
 * "connected" mark), the page's first frame (a requestAnimationFrame callback
 * queued by the inline script after the element) and the first callback of the
 * page's own IntersectionObserver on the element, and their line.
 */
export function phasesOf(cold) {
  const phases = {
    requestSent: med(cold.map((r) => r.requestAt)),
    firstFrame: med(cold.map((r) => r.firstFrame)),
    firstIntersection: med(cold.map((r) => r.firstIntersection)),
    answerToLoad: med(cold.map((r) => r.fromConnection - r.answeredAt)),
  };
  const frame = besideFrame(phases.requestSent, phases.firstFrame);
  phases.line =
    `request sent at ${signed(phases.requestSent)} ms` +
    (phases.requestSent < 0 ? ' (from connectedCallback, before the inline script)' : '') +
    (frame ? `, ${frame} (at ${signed(phases.firstFrame)})` : '') +
    (phases.firstIntersection === undefined
      ? ''
      : `; the page's own IntersectionObserver first called back at ${signed(phases.firstIntersection)}`);
  return phases;
}

/** The traced windows, in the page's time, of one run: what the own time is made of. */
function windowsOf(run) {
  const { connected: c, event } = run;
  // A request sent before the mark leaves the first window empty.
  const sent = c + Math.max(0, run.requestAt);
  const answered = c + run.answeredAt;
  return {
    whole: [c, event.t],
    beforeRequest: [c, sent],
    network: [sent, answered],
    afterAnswer: [answered, event.t],
    afterLoad: [event.t, event.t + 500],
  };
}

const WINDOW_TITLES = {
  beforeRequest: 'connected → API request sent',
  network: 'API request in flight',
  afterAnswer: "answer's last byte → pubnet-load",
  whole: 'the whole window, connected → pubnet-load',
  afterLoad: 'after pubnet-load, 500 ms (not in the figure)',
};

/**
 * The widget's own time in a cold render (`fromConnection - apiMs` of the
 * cold composed filter slot), and where it goes: phases from the page's
 * marks and Resource Timing (untraced runs), main-thread time by kind in each
 * phase from DevTools traces of `TRACED_RUNS` more runs, and `JSON.parse` of
 * the slot's answer timed apart.
 */
export async function ownTimeFigure(
  { browser, stack },
  { name, label, page, from, cold, coldEager = [] },
) {
  return measure(
    {
      name,
      label,
      unit: 'ms',
      goal: `≤ ${OWN_TIME_GOAL} ms`,
      max: OWN_TIME_GOAL,
      timeoutMs: 90_000,
    },
    async () => {
      if (!cold.length) throw new Error(`${from} was not measured`);
      const { line: phaseLine, ...phases } = phasesOf(cold);
      const url = stack.page(page);
      const runs = [];
      let parse;
      for (let i = 0; i <= TRACED_RUNS; i++) {
        const run = await withPage(browser, async (page) => {
          const { result, events } = await traced(page, () => timeOne(page, url, stack));
          if (result.requests.length !== 1) throw new Error('expected one API request');
          const parts = breakdown(events, {
            script: '/cdn/pubnet.min.js',
            mark: 'connected',
            markTime: result.connected,
            windows: windowsOf(result),
          });
          // JSON.parse of the slot's own answer, as the client parses it (text, then parse).
          parse ??= await page.evaluate(async (href) => {
            const text = await (await fetch(href, { cache: 'no-store' })).text();
            const t0 = performance.now();
            for (let n = 0; n < 50; n++) JSON.parse(text);
            return { ms: (performance.now() - t0) / 50, bytes: text.length };
          }, result.requests[0].url);
          return { ...parts, ownMs: result.fromConnection - result.apiMs };
        });
        if (i > 0) runs.push(run); // the first pays process and JIT start-up
      }
      const trace = {
        runs: runs.length,
        ownMsTraced: med(runs.map((r) => r.ownMs)),
        bundleEvaluationMs: med(runs.map((r) => r.bundle.ms)),
        bundleEndedBeforeConnectedMs: med(runs.map((r) => -r.bundle.endsAt)),
      };
      for (const name of Object.keys(WINDOW_TITLES))
        trace[name] = {
          ms: med(runs.map((r) => r[name].ms)),
          busy: med(runs.map((r) => r[name].busy)),
          idle: med(runs.map((r) => r[name].idle)),
          byKind: Object.fromEntries(
            KINDS.map((k) => [k, med(runs.map((r) => r[name].byKind[k]))]),
          ),
          decodeAnyThread: med(runs.map((r) => r[name].decodeAnyThread)),
        };
      const jsonParseMs = round(parse.ms, 2);
      const eagerOwnMs = coldEager.length
        ? med(coldEager.map((r) => r.fromConnection - r.apiMs))
        : undefined;
      const kinds = ({ byKind, decodeAnyThread }) =>
        KINDS.filter((k) => byKind[k] >= 0.05)
          .map((k) => `${k} ${byKind[k]}`)
          .join(', ') + (decodeAnyThread ? `; image decode on any thread ${decodeAnyThread}` : '');
      const breakdownLines = [
        `phases (untraced runs of ${from}, from the "connected" mark): ${phaseLine}; ` +
          `pubnet-load ${phases.answerToLoad} after the answer's last byte`,
        `main thread, traced (median of ${trace.runs} runs; own time while traced ${trace.ownMsTraced}), self time by kind:`,
        ...Object.entries(WINDOW_TITLES).map(
          ([name, title]) =>
            `  ${title}: ${trace[name].ms} ms = busy ${trace[name].busy} (${kinds(trace[name])}) + idle ${trace[name].idle}`,
        ),
        `JSON.parse of the slot's ${round(parse.bytes / 1024)} KB composed answer: ${jsonParseMs} (timed apart; inside "script")`,
        `before the element: bundle evaluation (compile + run of pubnet.min.js, EvaluateScript) ${trace.bundleEvaluationMs}, ` +
          `ended ${trace.bundleEndedBeforeConnectedMs} before the "connected" mark`,
        ...(eagerOwnMs === undefined
          ? []
          : [
              `with \`eager\` on the element, next to the API, render.filterSlot.cold.eager: own time ${eagerOwnMs}`,
            ]),
      ];
      const b = trace.beforeRequest;
      const a = trace.afterAnswer;
      return {
        samples: cold.map((r) => r.fromConnection - r.apiMs),
        from: `${from} (fromConnection - apiMs of its runs)`,
        phases,
        trace,
        jsonParseMs,
        answerBytes: parse.bytes,
        ...(eagerOwnMs !== undefined && { eagerOwnMs }),
        summary:
          phaseLine.split(';')[0] +
          (phases.requestSent > 0
            ? ` (traced, connected → sent: busy ${b.busy}: script ${b.byKind.script}, ` +
              `style+layout ${round(b.byKind.style + b.byKind.layout)}, paint ${b.byKind.paint}; idle ${b.idle})`
            : '') +
          '; ' +
          `answer → pubnet-load ${phases.answerToLoad} ms (traced: script ${a.byKind.script}, JSON.parse ${jsonParseMs}, ` +
          `style+layout ${round(a.byKind.style + a.byKind.layout)}, paint ${a.byKind.paint}, decode ${a.decodeAnyThread}, ` +
          `other ${a.byKind.other}); ` +
          `bundle evaluation ${trace.bundleEvaluationMs} ms before the element` +
          (eagerOwnMs === undefined ? '' : `; with eager: ${eagerOwnMs} ms`),
        breakdownLines,
      };
    },
  );
}
