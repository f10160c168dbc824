/**
 * The checks behind resolveOptions (resolve-options.ts): each reads one option and
 * throws a `TypeError` naming it, never its value.
 */
export function invalid(name: string, expected: string): TypeError {
  // The value itself is left out on purpose: for `token` it would be the secret.
  return new TypeError(`Invalid proxy option ${name}: expected ${expected}`);
}

export function httpUrl(name: string, value: unknown): URL {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username)
    throw invalid(name, 'an absolute http(s) URL without query, fragment or credentials');
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

export function positive(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw invalid(name, 'a positive number');
  return value;
}

export function nonNegative(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw invalid(name, 'a non-negative number');
  return value;
}

export function stringList(name: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.trim() === ''))
    throw invalid(name, 'an array of non-empty strings');
  return [...(value as string[])];
}

/**
 * A list of host names (`shop.example`, `xn--bcher-kva.example`, `192.0.2.1`,
 * `[2001:db8::1]`): each one as a URL's host would be, without port, path or
 * credentials. Lower-cased, IDNs as punycode, without a trailing dot.
 */
export function hostList(name: string, value: unknown): string[] {
  const list = stringList(name, value);
  return list.map((host) => {
    let parsed: URL | undefined;
    try {
      parsed = /^[^/?#@\\\s:]+$|^\[[0-9a-f:.]+\]$/i.test(host)
        ? new URL(`http://${host}/`)
        : undefined;
    } catch {
      // reported below
    }
    if (!parsed || parsed.port)
      throw invalid(name, `host names like "shop.example" (got "${host}")`);
    return parsed.hostname.replace(/\.$/, '');
  });
}

export function origins(value: unknown): readonly string[] | '*' {
  if (value === '*') return '*';
  const list = stringList('allowOrigins', value);
  if (list.includes('*')) return '*';
  for (const origin of list) {
    let parsed: string | undefined;
    try {
      parsed = new URL(origin).origin;
    } catch {
      // reported below
    }
    if (parsed !== origin)
      throw invalid('allowOrigins', `exact origins like "https://shop.example" (got "${origin}")`);
  }
  return list;
}

export function basePath(value: unknown): string {
  if (value === undefined) return '/';
  // Not `//…`: written into links, that would name another host.
  if (
    typeof value !== 'string' ||
    !/^\/(?!\/)/.test(value) ||
    /[?#\s\\]|\/\.{1,2}(\/|$)/.test(value)
  )
    throw invalid('basePath', 'a path starting with "/"');
  return value.endsWith('/') ? value : `${value}/`;
}
