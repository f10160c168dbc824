/**
 * Feed data is hostile until proven otherwise: only absolute `http:` and
 * `https:` URLs may become links or images. Anything else (`javascript:`,
 * `data:`, relative paths, garbage) gives `null`, and the caller drops it.
 */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}
