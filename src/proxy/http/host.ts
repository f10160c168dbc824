/**
 * The `Host` header's value (RFC 9112 §3.2, RFC 3986 §3.2.2): `host[:port]`,
 * where host is a registered name or IPv4 address (unreserved characters,
 * sub-delimiters, percent-escapes) or a bracketed IP literal. Empty, a space,
 * a second value joined with a comma and space, a slash or an `@` are not.
 */
const HOST =
  /^(?:\[[0-9A-Fa-f:.]+\]|\[v[0-9A-Fa-f]+\.[\w.~!$&'()*+,;=:-]+\]|(?:[\w.~!$&'()*+,;=-]|%[0-9A-Fa-f]{2})+)(?::\d{0,5})?$/;

/** The last value found valid: a client sends the same `Host` with every request. */
let lastValid = '';

/** Whether `value` is a valid `Host` field value (not empty). */
export function validHost(value: string): boolean {
  if (value === lastValid && value !== '') return true;
  if (!HOST.test(value)) return false;
  lastValid = value;
  return true;
}
