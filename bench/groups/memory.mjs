// Memory: JS heap growth over 1,000 mount/unmount cycles of a widget. Each
// cycle appends the element, waits for its `pubnet-load` and its render, and
// removes it. The heap is measured (CDP `Runtime.getHeapUsage`) after forced
// garbage collection (`HeapProfiler.collectGarbage`) before and after each run
// of 1,000 cycles, on one page after a warm-up (the first load fills the
// client's cache, so later cycles are the widget's own work, not the network's).
import { cdp, withPage } from '../lib/browser.mjs';
import { measure, median, round } from '../lib/figures.mjs';

const CYCLES = 1000;
const WARM_UP = 100;

/** Mounts and unmounts `tag` `n` times in the page; resolves with the cycles that failed. */
function cycles(page, tag, attributes, n) {
  return page.evaluate(
    async ({ tag, attributes, n }) => {
      const box = document.getElementById('box');
      let failed = 0;
      for (let i = 0; i < n; i++) {
        const el = document.createElement(tag);
        for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
        await new Promise((resolve) => {
          const end = (ok) => {
            clearTimeout(timer);
            if (!ok) failed++;
            resolve();
          };
          const timer = setTimeout(() => end(false), 5000);
          el.addEventListener('pubnet-load', () => end(true), { once: true });
          el.addEventListener('pubnet-error', () => end(false), { once: true });
          box.append(el);
        });
        await el.updateComplete;
        el.remove();
      }
      return failed;
    },
    { tag, attributes, n },
  );
}

/** Used JS heap (bytes) and DOM counters after two forced garbage collections. */
async function heapAfterGc(session) {
  await session.send('HeapProfiler.collectGarbage');
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  const dom = await session.send('Memory.getDOMCounters').catch(() => ({}));
  return { used: usedSize, nodes: dom.nodes, listeners: dom.jsEventListeners };
}

function memoryFigure({ browser, stack, runs }, { name, label, tag, attributes }) {
  return measure(
    {
      name,
      label,
      unit: 'KB',
      goal: `< 1024 KB per ${CYCLES} cycles`,
      max: 1023.9,
      timeoutMs: 120_000,
    },
    () =>
      withPage(browser, async (page) => {
        await page.goto(stack.page('memory.html'));
        const session = await cdp(page);
        // One cycle first, so that a widget that does not load fails fast.
        if (await cycles(page, tag, attributes, 1)) throw new Error(`<${tag}> did not load`);
        await cycles(page, tag, attributes, WARM_UP);
        const samples = [];
        const nodes = [];
        const started = Date.now();
        let failed = 0;
        for (let i = 0; i < runs; i++) {
          const before = await heapAfterGc(session);
          failed += await cycles(page, tag, attributes, CYCLES);
          const after = await heapAfterGc(session);
          samples.push((after.used - before.used) / 1024);
          nodes.push(after.nodes - before.nodes);
        }
        const msPerCycle = (Date.now() - started) / (runs * CYCLES);
        await session.detach();
        return {
          samples,
          domNodesGrowth: nodes,
          msPerCycle: round(msPerCycle, 2),
          summary:
            `${round(median(samples) / CYCLES, 2)} KB/cycle; DOM nodes ${median(nodes) >= 0 ? '+' : ''}` +
            `${median(nodes)}/run; ${round(msPerCycle, 2)} ms/cycle`,
          ...(failed && { notes: [`${failed} of ${runs * CYCLES} cycles did not load`] }),
        };
      }),
  );
}

export async function memoryFigures(ctx) {
  return [
    await memoryFigure(ctx, {
      name: 'memory.productGrid',
      label: `Memory: ${CYCLES} mount/unmount, product grid`,
      tag: 'pubnet-product-grid',
      attributes: { eager: '', query: 'headphones', limit: '8' },
    }),
    await memoryFigure(ctx, {
      name: 'memory.filterSlot',
      label: `Memory: ${CYCLES} mount/unmount, filter slot`,
      tag: 'pubnet-adslot',
      attributes: { eager: '', adslot: ctx.stack.known.filterAdslot },
    }),
  ];
}
