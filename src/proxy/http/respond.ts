/** The answers the proxy makes itself: JSON, never cached, never naming upstream or the token. */

/** Headers every answer of the proxy carries. */
export const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
} as const;

/** A JSON answer. */
export function json(
  status: number,
  data: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: {
      ...BASE_HEADERS,
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

/** `{"detail": message}`, the API's error shape (api-contract §3). */
export function detail(
  status: number,
  message: string,
  headers?: Record<string, string>,
): Response {
  return json(status, { detail: message }, headers);
}

export const notFound = () => detail(404, 'Not found.');
