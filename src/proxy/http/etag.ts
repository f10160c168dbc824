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

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** A strong ETag of `body`: a quoted, shortened SHA-256. */
export async function etagOf(body: string): Promise<string> {
  // 128 bits are plenty to tell versions of one resource apart.
  return `"${base64url((await sha256(body)).subarray(0, 16))}"`;
}

/** The whole SHA-256 of `text`, base64url: safe in a URL path (web-cache-store.ts). */
export async function sha256Url(text: string): Promise<string> {
  return base64url(await sha256(text));
}

/** The whole SHA-256 of `text`, lowercase hex (web-cache-store.ts, the default cache name). */
export async function sha256Hex(text: string): Promise<string> {
  return [...(await sha256(text))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether an `If-None-Match` header matches `etag` (`*`, lists, and `W/` prefixes as RFC 9110 says for GET). */
export function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
