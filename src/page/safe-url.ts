/**
 * Feed data is hostile until proven otherwise: only absolute `http:` and
 * `https:` URLs may become links or images. Anything else (`javascript:`,
 * `data:`, relative paths, garbage, non-strings) gives `null`, and the caller
 * drops it.
 */
export function httpUrl(value: unknown): string | null {
  try {
    const { protocol, href } = new URL(value as string);
    return typeof value == 'string' && /^https?:$/.test(protocol) ? href : null;
  } catch {
    return null;
  }
}

/** A JSON object (not null, not an array): anything else of the API counts as absent. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value == 'object' && !Array.isArray(value);
