/**
 * Impressions: the first time an item is half visible (one IntersectionObserver
 * for the whole page), and the product stats they produce (api-contract §9),
 * batched so that a page sends at most one stats request per second, and what
 * is left on `pagehide` or when the page is hidden, with `keepalive`.
 */
import { defaultTimers, type Timers } from '../../client/delay.js';
import { productStats } from '../../client/routes/products.js';
import { coreFor } from './api.js';
import { onReset } from './env.js';

const callbacks = new WeakMap<Element, () => void>();
let observer: IntersectionObserver | undefined;

/** Calls `seen` once, the first time `el` is at least half visible. */
export function watch(el: Element, seen: () => void): void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries)
        if (entry.intersectionRatio >= 0.5) {
          observer!.unobserve(entry.target);
          callbacks.get(entry.target)?.();
        }
    },
    { threshold: 0.5 },
  );
  callbacks.set(el, seen);
  observer.observe(el);
}

/** Stops watching `el` (its widget went away). */
export const unwatch = (el: Element): void => observer?.unobserve(el);

/** Where a widget's stats go. */
export interface StatsTarget {
  api: string;
  token?: string;
  key: string;
  adslot: string | null;
}

/**
 * The timers of the batching: the client's defaults (bound at call time).
 * Tests replace `timers` to run the batches step by step, without waiting.
 */
export const batching: { timers: Timers } = { timers: defaultTimers };

// One batch per api + token + key + ad slot: the body names one website and one slot.
const batches = new Map<string, [StatsTarget, string[]]>();
let timer: unknown;
let listening = false;
onReset(() => {
  batching.timers.clearTimeout(timer);
  timer = undefined;
  batches.clear();
  batching.timers = defaultTimers;
  observer?.disconnect();
  observer = undefined;
});

function send([target, products]: [StatsTarget, string[]], keepalive?: boolean) {
  coreFor(target.api, target.token, keepalive)
    .request(productStats, {
      body: { event: 'view', products, adslot: target.adslot, website: target.key },
    })
    // Stats are best effort: a lost batch must never surface in the page.
    .catch(() => {});
}

/** Sends the oldest batch; the next one waits another second. */
function tick() {
  timer = undefined;
  for (const [id, batch] of batches) {
    batches.delete(id);
    send(batch);
    break;
  }
  if (batches.size) timer = batching.timers.setTimeout(tick, 1e3);
}

/** The page is going away: everything now, with `keepalive` so it survives the unload. */
function flush() {
  batching.timers.clearTimeout(timer);
  timer = undefined;
  for (const batch of batches.values()) send(batch, true);
  batches.clear();
}

/** Counts one view of product `id`; sent within about a second, with others. */
export function countView(target: StatsTarget, id: string): void {
  const key = [target.api, target.token, target.key, target.adslot].join(' ');
  let batch = batches.get(key);
  if (!batch) batches.set(key, (batch = [target, []]));
  batch[1].push(id);
  timer ??= batching.timers.setTimeout(tick, 1e3);
  if (!listening) {
    listening = true;
    addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => document.hidden && flush());
  }
}
