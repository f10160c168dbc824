/** An ad slot's `config` JSON string → display options (api-contract §8). */
import type { AdslotConfig } from './types.js';

/**
 * Parses `config` safely: invalid JSON, a non-object or a non-string → `{}`;
 * `columns` is clamped to 1–6 and `limit` to 1–48 (rounded; non-numbers
 * dropped); a `layout` other than `grid|list|carousel` is dropped; strings and
 * booleans of the wrong type are dropped; unknown keys are left out.
 */
export function parseAdslotConfig(config: unknown): AdslotConfig {
  const c: Record<string, unknown> = {};
  let raw: Record<string, unknown> = {};
  try {
    raw = Object(JSON.parse(config as string));
  } catch {
    // invalid: {}
  }
  const put = (k: string, ok: unknown, v = raw[k]) => {
    if (ok) c[k] = v;
  };
  const clamp = (k: string, hi: number, v = raw[k]) =>
    put(k, typeof v == 'number' && v == v, Math.min(hi, Math.max(1, Math.round(v as number))));
  put('layout', ['grid', 'list', 'carousel'].includes(raw.layout as string));
  clamp('columns', 6);
  clamp('limit', 48);
  for (const k of ['ordering', 'cta', 'disclosure']) put(k, typeof raw[k] == 'string');
  for (const k of ['show_price', 'show_brand']) put(k, typeof raw[k] == 'boolean');
  return c;
}
