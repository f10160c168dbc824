/**
 * Keeping the token and the upstream URL out of what pages see. The token
 * should never come back from the API, but the proxy does not rely on that:
 * every form it could take in a JSON text is replaced before an answer leaves.
 */
const REDACTED = '[redacted]';

/** A function that removes `token` (raw, JSON-escaped and URL-encoded) from a text. */
export function scrubber(token: string): (text: string) => string {
  const forms = [
    ...new Set([token, JSON.stringify(token).slice(1, -1), encodeURIComponent(token)]),
  ];
  return (text) =>
    forms.reduce((out, form) => (out.includes(form) ? out.split(form).join(REDACTED) : out), text);
}

/**
 * Points the absolute `next`/`previous` links of a list envelope at the
 * proxy (`publicBase`, ending with `/`: the configured public URL, or the
 * base path alone), so pages follow pages through it and never learn the
 * upstream URL. The path is kept below `publicBase`: a link `…//host/…`
 * never becomes a link to that host. Returns whether anything changed.
 */
export function rewritePageLinks(
  data: Record<string, unknown>,
  upstream: URL,
  publicBase: string,
): boolean {
  let changed = false;
  for (const name of ['next', 'previous']) {
    const value = data[name];
    if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) continue;
    let link: URL;
    try {
      link = new URL(value);
    } catch {
      continue;
    }
    const path = link.pathname.startsWith(upstream.pathname)
      ? link.pathname.slice(upstream.pathname.length)
      : link.pathname.slice(1);
    data[name] = publicBase + path.replace(/^\/+/, '') + link.search;
    changed = true;
  }
  return changed;
}
