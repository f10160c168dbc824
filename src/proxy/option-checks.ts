import { LEXICON_LIMITS } from '../intext/lexicon.js';
import type { ResolvedLexiconSettings } from './options.js';

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
  return stringList(name, value).map((host) => hostName(name, host));
}

/** One host name as {@link hostList} takes it, or a `TypeError` naming `name`. */
export function hostName(name: string, host: string): string {
  let parsed: URL | undefined;
  try {
    parsed = /^[^/?#@\\\s:]+$|^\[[0-9a-f:.]+\]$/i.test(host)
      ? new URL(`http://${host}/`)
      : undefined;
  } catch {
    // reported below
  }
  if (!parsed || parsed.port) throw invalid(name, `host names like "shop.example" (got "${host}")`);
  return parsed.hostname.replace(/\.$/, '');
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

/** An offer's id as the API writes it (a uuid): letters, digits, `-` and `_`. */
const OFFER_ID = /^[\w-]{1,64}$/;

/** The fields an object of the lexicon's settings may have: another is a typo, refused. */
function fields(name: string, value: unknown, allowed: readonly string[]): Record<string, unknown> {
  const described = `{ ${allowed.map((field) => `${field}?`).join(', ')} }`;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid(name, described);
  for (const field of Object.keys(value))
    if (!allowed.includes(field)) throw invalid(`${name}.${field}`, `no such field: ${described}`);
  return value as Record<string, unknown>;
}

/** `name["key"]`: a field whose key is the publisher's (a uuid, a host), quoted as written. */
const keyed = (name: string, key: string) => `${name}[${JSON.stringify(key)}]`;

/** A list of the publisher's names for one offer or host: trimmed, each within §15's bounds. */
function aliasNames(name: string, value: unknown): string[] {
  if (!Array.isArray(value) || value.length > LEXICON_LIMITS.names)
    throw invalid(name, `an array of at most ${LEXICON_LIMITS.names} names`);
  return value.map((alias: unknown, i) => {
    const text = typeof alias === 'string' ? alias.trim().replace(/\s+/gu, ' ') : '';
    if (
      text.length > LEXICON_LIMITS.nameLength ||
      !/[\p{L}\p{N}]/u.test(text) ||
      /\p{Cc}/u.test(text)
    )
      throw invalid(
        `${name}[${i}]`,
        `a name of 1 to ${LEXICON_LIMITS.nameLength} characters with a letter or digit`,
      );
    return text;
  });
}

function offerId(name: string, value: unknown): string {
  if (typeof value !== 'string' || !OFFER_ID.test(value))
    throw invalid(name, 'an offer uuid like "0f1e2d3c-4b5a-4697-8877-665544332201"');
  return value;
}

/**
 * The lexicon's settings (options.ts, `LexiconSettings`): `{ aliases?: { offers?,
 * hosts? }, exclude?: { offers?, hosts? } }`. `name` is where they came from (the option, or
 * the field of a settings object given later), named with the field in any error.
 */
export function lexiconSettings(value: unknown, name = 'lexicon'): ResolvedLexiconSettings {
  if (value === undefined)
    return {
      offerAliases: new Map(),
      hostAliases: [],
      excludedOffers: new Set(),
      excludedHosts: [],
    };
  const { aliases, exclude } = fields(name, value, ['aliases', 'exclude']);
  const offerAliases = new Map<string, string[]>();
  const hostAliases: [string, string[]][] = [];
  if (aliases !== undefined) {
    const { offers, hosts } = fields(`${name}.aliases`, aliases, ['offers', 'hosts']);
    const mapOf = (field: string, map: unknown) => {
      if (map === undefined) return [];
      if (typeof map !== 'object' || map === null || Array.isArray(map))
        throw invalid(field, '{ "<key>": ["name", …] }');
      return Object.entries(map as Record<string, unknown>);
    };
    for (const [id, names] of mapOf(`${name}.aliases.offers`, offers)) {
      const field = keyed(`${name}.aliases.offers`, id);
      offerAliases.set(offerId(field, id), aliasNames(field, names));
    }
    for (const [host, names] of mapOf(`${name}.aliases.hosts`, hosts)) {
      const field = keyed(`${name}.aliases.hosts`, host);
      hostAliases.push([hostName(field, host), aliasNames(field, names)]);
    }
  }
  const excludedOffers = new Set<string>();
  let excludedHosts: string[] = [];
  if (exclude !== undefined) {
    const { offers, hosts } = fields(`${name}.exclude`, exclude, ['offers', 'hosts']);
    const list = (field: string, items: unknown) => {
      if (items !== undefined && !Array.isArray(items)) throw invalid(field, 'an array');
      return (items ?? []) as unknown[];
    };
    list(`${name}.exclude.offers`, offers).forEach((id, i) =>
      excludedOffers.add(offerId(`${name}.exclude.offers[${i}]`, id)),
    );
    excludedHosts = list(`${name}.exclude.hosts`, hosts).map((host, i) =>
      hostName(`${name}.exclude.hosts[${i}]`, typeof host === 'string' ? host : ''),
    );
  }
  return { offerAliases, hostAliases, excludedOffers, excludedHosts };
}
