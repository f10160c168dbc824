/**
 * Reading bodies with a size cap: the caller's (16 KB, checked before the JSON
 * parse) and upstream's (so a runaway answer cannot fill the proxy's memory).
 */

/** Largest request body forwarded, in bytes. Larger ones are answered 413. */
export const MAX_REQUEST_BODY = 16 * 1024;
/** Largest upstream answer relayed, in bytes (a 100-product page is ~100 KB). */
export const MAX_UPSTREAM_BODY = 4 * 1024 * 1024;

export class TooLarge extends Error {
  override name = 'TooLarge';
}

/**
 * The stream as UTF-8 text, or a {@link TooLarge} rejection as soon as more
 * than `max` bytes have arrived (the rest is not read).
 */
export async function readText(
  stream: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<string> {
  if (!stream) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new TooLarge(`more than ${max} bytes`);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(all);
}
