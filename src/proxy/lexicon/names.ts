/**
 * The names an offer is mentioned by (api-contract §15): its title when that is a plain name,
 * the registrable domain of its site as a text writes it, then the publisher's aliases. An
 * offer's data is hostile (feed data): a title with markup, a description or no letter is no
 * name, and nothing here is ever treated as more than text.
 */
import { LEXICON_LIMITS } from '../../intext/lexicon.js';
import type { ResolvedLexiconSettings } from '../options.js';
import { registrable } from '../policy/link-hosts.js';
import { unicodeHost } from './punycode.js';

/** The longest title taken as a name: past it, a title is a description. */
export const MAX_TITLE_NAME = 40;

/**
 * `title` as a name: its words with single spaces, when it is text alone (no `<`, `>` or `&`,
 * no control character), at most {@link MAX_TITLE_NAME} characters and with a letter; else
 * `undefined`.
 */
export function titleName(title: unknown): string | undefined {
  if (typeof title !== 'string') return undefined;
  const name = title.trim().replace(/\s+/gu, ' ');
  if (name.length > MAX_TITLE_NAME || /[<>&\p{Cc}]/u.test(name) || !/\p{L}/u.test(name))
    return undefined;
  return name;
}

/**
 * The registrable domain of `host` (a URL's: lower case, punycode) as a text writes it:
 * `www.kaktus.pl` → `kaktus.pl`, `xn--swka-qqa.pl` → `sówka.pl`; `undefined` for an IP
 * address or a host with none.
 */
export function domainName(host: string): string | undefined {
  const domain = registrable(host.replace(/\.$/, ''));
  return domain ? unicodeHost(domain) : undefined;
}

/** Whether `host` is `under` or a host below it (`www.kaktus.pl` is under `kaktus.pl`). */
export function hostUnder(host: string, under: string): boolean {
  return host === under || host.endsWith(`.${under}`);
}

/**
 * An offer's names, in order: title, domain, its aliases, its host's aliases; each once
 * (letter case aside), each within {@link LEXICON_LIMITS}' length, at most its number of them.
 */
export function offerNames(
  offer: string,
  title: unknown,
  host: string,
  settings: ResolvedLexiconSettings,
): string[] {
  const candidates = [
    titleName(title),
    domainName(host),
    ...(settings.offerAliases.get(offer) ?? []),
    ...settings.hostAliases.flatMap(([under, names]) => (hostUnder(host, under) ? names : [])),
  ];
  const seen = new Set<string>();
  const names: string[] = [];
  for (const name of candidates) {
    if (!name || name.length > LEXICON_LIMITS.nameLength) continue;
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(name);
    if (names.length === LEXICON_LIMITS.names) break;
  }
  return names;
}

/** Whether the publisher excluded the offer `id` on `host` (api-contract §15). */
export function excluded(id: string, host: string, settings: ResolvedLexiconSettings): boolean {
  return (
    settings.excludedOffers.has(id) ||
    settings.excludedHosts.some((under) => hostUnder(host, under))
  );
}
