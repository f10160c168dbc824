/** An ad slot's `config` JSON string → display options (api-contract §8). */
import type { AdslotConfig } from './types.js';

/**
 * Parses `config` safely: invalid JSON, a non-object or a non-string → `{}`;
 * `columns` is clamped to 1–6 and `limit` to 1–48 (rounded; non-numbers
 * dropped); a `layout` other than `grid|list|carousel` is dropped; strings and
 * booleans of the wrong type are dropped; unknown keys are left out.
 */
export function parseAdslotConfig(config: unknown): AdslotConfig {
  const parsed: Record<string, unknown> = {};
  let raw: Record<string, unknown> = {};
  try {
    raw = Object(JSON.parse(config as string));
  } catch {
    // invalid: {}
  }
  const put = (key: string, ok: unknown, value = raw[key]) => {
    if (ok) parsed[key] = value;
  };
  const clamp = (key: string, max: number, value = raw[key]) =>
    put(
      key,
      typeof value == 'number' && value == value,
      Math.min(max, Math.max(1, Math.round(value as number))),
    );
  put('layout', ['grid', 'list', 'carousel'].includes(raw.layout as string));
  clamp('columns', 6);
  clamp('limit', 48);
  for (const key of ['ordering', 'cta', 'disclosure']) put(key, typeof raw[key] == 'string');
  for (const key of ['show_price', 'show_brand']) put(key, typeof raw[key] == 'boolean');
  return parsed;
}
