// Main thread: layout shift while widgets load above page text, and long
// tasks while 200 product cards render. The entries come from the page's
// recorder (pages/recorder.js), observing from before the CDN script runs.
import { waitForWidgets, withPage } from '../lib/browser.mjs';
import { measure, median, repeat, round } from '../lib/figures.mjs';

/** After the widgets finished: time for images and late layout to settle. */
const SETTLE_MS = 800;

/**
 * Cumulative Layout Shift as browsers report it: the largest "session window"
 * of shifts (gaps under 1 s, at most 5 s long), input-caused shifts excluded.
 */
export function cls(shifts) {
  let worst = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of shifts.filter((s) => !s.recentInput).sort((a, b) => a.t - b.t)) {
    if (s.t - last > 1000 || s.t - first > 5000) {
      sum = 0;
      first = s.t;
    }
    sum += s.value;
    last = s.t;
    worst = Math.max(worst, sum);
  }
  return worst;
}

function clsFigure({ browser, stack, runs }, { name, label, page }) {
  return measure(
    { name, label, unit: '', goal: '0 (< 0.001)', max: 0.000999, digits: 4 },
    async () => {
      const results = await repeat(runs, () =>
        withPage(browser, async (p) => {
          await p.goto(stack.page(page));
          await waitForWidgets(p, 1);
          await p.waitForTimeout(SETTLE_MS);
          const shifts = await p.evaluate(() => window.__bench.shifts);
          return { value: cls(shifts), shifts };
        }),
      );
      const shifts = results.flatMap((r) => r.shifts);
      const sources = [...new Set(shifts.flatMap((s) => s.sources))];
      return {
        samples: results.map((r) => r.value),
        shiftsPerRun: results.map((r) => r.shifts.length),
        summary: shifts.length
          ? `${shifts.length} shifts in ${runs} runs; moved: ${sources.join(', ') || '?'}`
          : 'no layout shift',
      };
    },
  );
}

/** Total Blocking Time: what long tasks (> 50 ms) spent past their first 50 ms. */
const tbt = (tasks) => tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);

function cardsFigure({ browser, stack, runs }) {
  return measure(
    {
      name: 'mainThread.tbt200Cards',
      label: 'Main thread: TBT rendering 200 cards',
      unit: 'ms',
      goal: '≤ 200 ms',
      max: 200,
      timeoutMs: 90_000,
    },
    async () => {
      const once = () =>
        withPage(browser, async (page) => {
          await page.goto(stack.page('cards-200.html'));
          const supported = await page.evaluate(() =>
            PerformanceObserver.supportedEntryTypes.includes('longtask'),
          );
          if (!supported) throw new Error('this Chromium reports no "longtask" entries');
          const events = await waitForWidgets(page, 5, { timeout: 20_000 });
          await page.waitForTimeout(SETTLE_MS);
          const end = Math.max(...events.map((e) => e.t)) + SETTLE_MS;
          const tasks = (await page.evaluate(() => window.__bench.longTasks)).filter(
            (t) => t.t < end,
          );
          return {
            tbt: tbt(tasks),
            tasks: tasks.length,
            longest: Math.max(0, ...tasks.map((t) => t.duration)),
            cards: events.reduce((sum, e) => sum + (e.count ?? 0), 0),
            doneAt: Math.max(...events.map((e) => e.t)),
          };
        });
      await once(); // warm-up
      const results = await repeat(runs, once);
      const cards = results[0].cards;
      return {
        samples: results.map((r) => r.tbt),
        longTasks: results.map((r) => r.tasks),
        longestTaskMs: round(median(results.map((r) => r.longest))),
        allLoadedMs: round(median(results.map((r) => r.doneAt))),
        cards,
        summary:
          `${cards} cards; long tasks ${median(results.map((r) => r.tasks))}, ` +
          `longest ${round(median(results.map((r) => r.longest)))} ms; ` +
          `all loaded at ${round(median(results.map((r) => r.doneAt)))} ms`,
        ...(cards !== 200 && { notes: [`the grids showed ${cards} cards, not 200`] }),
      };
    },
  );
}

export async function mainThreadFigures(ctx) {
  return [
    await clsFigure(ctx, {
      name: 'mainThread.clsGrid',
      label: 'Main thread: CLS, product grid above text',
      page: 'grid.html',
    }),
    await clsFigure(ctx, {
      name: 'mainThread.clsFilterSlot',
      label: 'Main thread: CLS, filter slot above text',
      page: 'filter-slot.html',
    }),
    await cardsFigure(ctx),
  ];
}
