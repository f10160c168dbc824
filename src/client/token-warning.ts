/** The one-time warning about a secret token used in a web page. */

/** The text of the warning. */
export const TOKEN_WARNING = 'pubnet-widgets: the API token is secret, use a proxy';

/**
 * Warns (through `warn`, default `console.warn`) when `token` is used in a
 * browser page (`origin`, default `location.origin`; `null`: not a page) that
 * is not on localhost (or 127.x, or [::1]).
 */
export const warnToken = (
  token?: string,
  origin: string | null | undefined = (globalThis as { location?: Location }).location?.origin,
  warn: (message: string) => void = console.warn,
) =>
  token &&
  origin &&
  !/\/\/(localhost|127\.[\d.]+|\[::1\])(:|$)/.test(origin) &&
  warn(TOKEN_WARNING);
