// What every figure is made of: samples, their median, a goal and whether the
// median meets it. A figure that cannot be measured is reported with the
// reason instead of stopping the bench.

/** The median of numbers (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** `value` rounded to `digits` decimals. */
export const round = (value, digits = 1) =>
  value == null ? value : Math.round(value * 10 ** digits) / 10 ** digits;

/** Rejects after `ms`, so that one figure that hangs cannot stall the bench. */
function capped(promise, ms, name) {
  let timer;
  const cap = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: no result within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, cap]).finally(() => clearTimeout(timer));
}

/**
 * Measures one figure.
 * - `spec`: `{ name, label, unit, goal, max?, min?, digits?, timeoutMs? }`; `goal` is the text
 *   shown, `max`/`min` the bound the median is checked against (inclusive).
 * - `collect()` resolves with `{ samples, ...extra }`; the extra fields (floor, ratio,
 *   notes…) are kept in the results as they are.
 * Never throws: a failure becomes `{ median: null, ok: false, error }`.
 */
export async function measure(spec, collect) {
  const { name, label, unit, goal, max, min, digits = 1, timeoutMs = 60_000 } = spec;
  const base = { name, label, unit, goal };
  const started = Date.now();
  try {
    const { samples, ...extra } = await capped(collect(), timeoutMs, name);
    if (!samples?.length) throw new Error('no samples');
    const value = median(samples);
    const ok = (max === undefined || value <= max) && (min === undefined || value >= min);
    return {
      ...base,
      median: round(value, digits),
      ok,
      samples: samples.map((s) => round(s, digits)),
      ...extra,
      seconds: round((Date.now() - started) / 1000),
    };
  } catch (error) {
    return {
      ...base,
      median: null,
      ok: false,
      samples: [],
      error: error?.message?.split('\n')[0] ?? String(error),
      seconds: round((Date.now() - started) / 1000),
    };
  }
}

/** Runs `once(i)` `runs` times in a row (not in parallel: they would compete for 2 cores). */
export async function repeat(runs, once) {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await once(i));
  return samples;
}
