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
