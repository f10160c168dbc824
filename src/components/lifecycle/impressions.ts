/**
 * Impressions: the first time an item is half visible (one IntersectionObserver
 * for the whole page), and the product stats they produce (api-contract §9),
 * batched so that a page sends at most one stats request per second, and what
 * is left on `pagehide` or when the page is hidden, with `keepalive`. A request
 * names at most 100 ids (the API refuses more: three grids of 48 cards were one
 * refused request, 144 views lost); a failed one is tried once more.
 */
import { defaultTimers, type Timers } from '../../client/delay.js';
import { productStats, STATS_MAX_PRODUCTS } from '../../client/routes/products.js';
import { coreFor } from '../../page/api.js';
import { onReset } from '../../page/env.js';

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

/** The ids waiting for one target, and whether they failed once already. */
type Batch = [target: StatsTarget, ids: string[], retried?: boolean];

/** Ids a batch holds at most: memory stays bounded whatever a page does. */
const BATCH_MAX = 1e3;

// One batch per api + token + key + ad slot (the body names one website and
// one slot), and one more per target for the ids to try again.
const batches = new Map<string, Batch>();
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

/** Adds `ids` to the batch of `target` (`retried`: its batch of ids to try again). */
function queue(target: StatsTarget, ids: string[], retried?: boolean) {
  const key = [target.api, target.token, target.key, target.adslot, retried].join(' ');
  let batch = batches.get(key);
  if (!batch) batches.set(key, (batch = [target, [], retried]));
  batch[1].push(...ids.slice(0, BATCH_MAX - batch[1].length));
  timer ??= batching.timers.setTimeout(tick, 1e3);
}

/** Sends the first ids of `batch` (at most 100), and drops it once empty. */
function send(key: string, [target, ids, retried]: Batch, keepalive?: boolean) {
  const products = ids.splice(0, STATS_MAX_PRODUCTS);
  if (!ids.length) batches.delete(key);
  // Stats are best effort, never surfacing in the page: tried once more, then let go. An
  // `api` no core takes (a relative one: the server's HTML was taken over without a request)
  // is let go at once.
  try {
    coreFor(target.api, target.token, keepalive)
      .request(productStats, {
        body: { event: 'view', products, adslot: target.adslot, website: target.key },
      })
      .catch(() => retried || keepalive || queue(target, products, true));
  } catch {
    // dropped, as above
  }
}

/** Sends the oldest batch's first ids; the next request waits another second. */
function tick() {
  timer = undefined;
  const [first] = batches;
  if (first) send(...first);
  if (batches.size) timer = batching.timers.setTimeout(tick, 1e3);
}

/** The page is going away: everything now, with `keepalive` so it survives the unload. */
function flush() {
  batching.timers.clearTimeout(timer);
  timer = undefined;
  for (const [key, batch] of batches) while (batches.has(key)) send(key, batch, true);
}

/** Counts one view of product `id`; sent within about a second, with others. */
export function countView(target: StatsTarget, id: string): void {
  queue(target, [id]);
  if (!listening) {
    listening = true;
    addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => document.hidden && flush());
  }
}
