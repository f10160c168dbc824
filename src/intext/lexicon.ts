/**
 * The lexicon every proxy publishes at `GET <proxy>/lexicon/` (api-contract §15): the
 * network's merchants by the names a text mentions them by, and where a mention links.
 * The proxies build it; the browser add-on and `linkMentions` read it. What they read is
 * hostile until checked (`readLexicon`).
 */
import { isObject } from '../page/safe-url.js';

/** One merchant: its offer, the names a text may mention it by, and the link a mention gets. */
export interface LexiconEntry {
  /** The offer's uuid. */
  offer: string;
  /** Its names as written: the offer's plain title, its registrable domain, the aliases. */
  names: string[];
  /** The offer's `preview_url` (absolute http(s)): a mention becomes a link to it. */
  url: string;
}

export interface Lexicon {
  /** Opaque; changes when the entries do. */
  version: string;
  entries: LexiconEntry[];
}

/** The bounds of §15: entries, names an entry, characters a name, bytes an answer. */
export const LEXICON_LIMITS = {
  entries: 2000,
  names: 8,
  nameLength: 64,
  bytes: 256 * 1024,
} as const;

/**
 * An entry's link: a plain absolute http(s) URL in ASCII (a host of letters, digits, dots and
 * dashes, a port, then no space, quote, `<`, `>` or `\\`), taken as written, so that no other
 * scheme (`javascript:`…) ever becomes a link and a server writes the link a browser sets. The
 * same rule in PHP (wordpress/includes/intext/lexicon.php): no URL parser to agree with.
 */
const LINKABLE = /^https?:\/\/[\w.-]+(?::\d{1,5})?(?:[/?#][\w\-.~!$&()*+,;=:@/%'?#]*)?$/i;
const linkable = (url: unknown): url is string => typeof url == 'string' && LINKABLE.test(url);

/** `value` as an entry within §15's bounds, or `undefined` (no usable name, no http(s) link). */
export function readEntry(value: unknown): LexiconEntry | undefined {
  if (!isObject(value) || !linkable(value.url) || typeof value.offer != 'string') return;
  const names = (Array.isArray(value.names) ? value.names : [])
    .filter(
      (name): name is string =>
        typeof name == 'string' &&
        name.length <= LEXICON_LIMITS.nameLength &&
        /[\p{L}\p{N}]/u.test(name),
    )
    .slice(0, LEXICON_LIMITS.names);
  return names.length ? { offer: value.offer, names, url: value.url } : undefined;
}

/** The entries of `value`, unread, within §15's bound; `undefined` when it is no lexicon. */
export const entriesOf = (value: unknown): unknown[] | undefined =>
  isObject(value) && Array.isArray(value.entries)
    ? value.entries.slice(0, LEXICON_LIMITS.entries)
    : undefined;

/**
 * `value` as a lexicon, within §15's bounds: entries with no usable name or no http(s) URL
 * are dropped, names past the bounds cut; anything that is no lexicon gives `undefined`.
 */
export function readLexicon(value: unknown): Lexicon | undefined {
  const entries = entriesOf(value);
  return (
    entries && {
      version: typeof (value as Lexicon).version == 'string' ? (value as Lexicon).version : '',
      entries: entries.map(readEntry).filter((entry) => !!entry),
    }
  );
}
