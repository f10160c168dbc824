/** Small helpers for building answers and reading loose JSON. */

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function json(data: unknown, status = 200, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function created(data: unknown): Response {
  return json(data, 201);
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

export function html(body: string, status = 200, headers?: Record<string, string>): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers },
  });
}

/** Text that goes into HTML or SVG: the seed holds hostile strings on purpose. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
}

/** A fixed-width ISO timestamp for runtime writes (seed data uses fixed dates). */
export function nowIso(): string {
  return new Date().toISOString();
}

/** Case-insensitive "does any of these fields contain q". */
export function matchesQuery(q: string, ...fields: unknown[]): boolean {
  const needle = q.trim().toLowerCase();
  if (needle === '') return true;
  return fields.some((f) => typeof f === 'string' && f.toLowerCase().includes(needle));
}
