/**
 * The lexicon's entries from the offers the API lists (api-contract §15): an active offer with
 * an http(s) `preview_url` and a name, not excluded by the publisher, once per uuid, in the
 * listing's order; then the answer's text, cut to §15's bounds (entries, names, bytes: cut,
 * never failed), and its version, a hash of the entries, so it changes when they do.
 */
import { LEXICON_LIMITS, type LexiconEntry } from '../../intext/lexicon.js';
import { httpUrl, isObject } from '../../page/safe-url.js';
import { sha256Url } from '../http/etag.js';
import { utf8Length } from '../lru.js';
import type { ResolvedLexiconSettings } from '../options.js';
import { excluded, offerNames } from './names.js';

/** The lexicon's answer: its JSON text, what it holds, and its version. */
export interface LexiconText {
  body: string;
  version: string;
  entries: number;
}

/** Characters of the version: 22 of base64url, 132 bits of a SHA-256. */
const VERSION_LENGTH = 22;

/** Collects the entries of the offers of each page, until it holds as many as §15 allows. */
export class LexiconEntries {
  readonly #settings: ResolvedLexiconSettings;
  readonly #entries: LexiconEntry[] = [];
  readonly #offers = new Set<string>();

  constructor(settings: ResolvedLexiconSettings) {
    this.#settings = settings;
  }

  /** Whether it holds the most entries an answer may (the rest of the listing is not needed). */
  get full(): boolean {
    return this.#entries.length >= LEXICON_LIMITS.entries;
  }

  /** Adds the entries of a page's `results` (anything that is no usable offer is passed over). */
  add(results: readonly unknown[]): void {
    for (const offer of results) {
      if (this.full) return;
      if (!isObject(offer) || offer.status !== 'active') continue;
      const { id } = offer;
      const url = httpUrl(offer.preview_url);
      if (typeof id !== 'string' || id === '' || !url || this.#offers.has(id)) continue;
      const host = new URL(url).hostname;
      if (!host || excluded(id, host, this.#settings)) continue;
      const names = offerNames(id, offer.title, host, this.#settings);
      if (!names.length) continue;
      this.#offers.add(id);
      this.#entries.push({ offer: id, names, url });
    }
  }

  /** The answer: the entries that fit in §15's bytes, in order, and their version. */
  async text(): Promise<LexiconText> {
    const envelope = (version: string, entries: string) =>
      `{"version":${JSON.stringify(version)},"entries":[${entries}]}`;
    let size = utf8Length(envelope('v'.repeat(VERSION_LENGTH), ''));
    const kept: string[] = [];
    for (const entry of this.#entries) {
      const json = JSON.stringify(entry);
      size += utf8Length(json) + (kept.length ? 1 : 0);
      if (size > LEXICON_LIMITS.bytes) break;
      kept.push(json);
    }
    const entries = kept.join(',');
    const version = (await sha256Url(`[${entries}]`)).slice(0, VERSION_LENGTH);
    return { body: envelope(version, entries), version, entries: kept.length };
  }
}
