/**
 * Strong ETags for GET answers, so a CDN or the browser can revalidate with
 * `If-None-Match` and get a bodiless 304. Web Crypto only: it is the same on
 * Node, Workers, Deno and Bun.
 */
const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A strong ETag of `body`: a quoted, shortened SHA-256. */
export async function etagOf(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(body));
  // 128 bits are plenty to tell versions of one resource apart.
  return `"${base64url(new Uint8Array(digest).subarray(0, 16))}"`;
}

/** Whether an `If-None-Match` header matches `etag` (`*`, lists, and `W/` prefixes as RFC 9110 says for GET). */
export function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
