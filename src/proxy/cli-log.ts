/**
 * The CLI's stderr: request lines collected and written together (one write
 * per 100 ms at most, never one per request), and the adapter's errors as at
 * most one short line per kind per second, with the count of those left out.
 */

export interface Sink {
  write(text: string): unknown;
}

/** Lines written together every `everyMs` (an unref'd timer), and at `flush()`. */
export function bufferedLines(sink: Sink, everyMs = 100) {
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending.length) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    sink.write(text);
  };
  return {
    line(text: string) {
      pending.push(text);
      if (!timer) {
        timer = setTimeout(flush, everyMs);
        timer.unref?.();
      }
    },
    flush,
  };
}

/**
 * `report(kind)` writes `pubnet-proxy: <kind>` at most once per kind per
 * `windowMs`; the next line that is written says how many were left out.
 */
export function rateLimitedErrors(
  write: (line: string) => void,
  now: () => number = Date.now,
  windowMs = 1000,
) {
  const last = new Map<string, { at: number; suppressed: number }>();
  return (kind: string) => {
    const t = now();
    const seen = last.get(kind);
    if (seen && t - seen.at < windowMs) {
      seen.suppressed += 1;
      return;
    }
    const more = seen?.suppressed ? ` (${seen.suppressed} more since the last line)` : '';
    last.set(kind, { at: t, suppressed: 0 });
    write(`pubnet-proxy: ${kind}${more}`);
  };
}
