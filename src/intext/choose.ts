/**
 * Which mentions become links (embed-contract "In-text links"), decided once over a page's
 * text in reading order, the same in the browser and on a server: each merchant once; at
 * most one link a paragraph; a link at least `perWords` words after the one before it;
 * `max` in all; none for a merchant the text already links to. The first mentions win.
 *
 * The text comes as runs (a text node, or the text between two tags): a run's start and
 * end are a word's bounds, so a name split by markup ("Media <b>Raj</b>") is no mention.
 */
import { mentionAt, WORDS, type Compiled, type Mention } from './match.js';

/** One run of text, in reading order. */
export interface Run {
  text: string;
  /** Whether it may hold a link (not in a link, a heading, code…: the walks say). */
  open: boolean;
  /** Its paragraph: runs between the same two block boundaries share one. */
  paragraph: number;
}

/** The limits of a page's (or a post's) links. */
export interface Limits {
  /** Links in all; default 8. */
  max: number;
  /** Words from one link to the next; default 150. */
  perWords: number;
}

export const DEFAULT_LIMITS: Limits = { max: 8, perWords: 150 };

/** A chosen mention: in which run. */
export interface Chosen extends Mention {
  run: number;
}

/**
 * Whether `url`'s host is `linked`'s or under it (`www.` aside): a link the text already
 * has to the merchant.
 */
const sameSite = (host: string, linked: string) =>
  host == linked || host.endsWith('.' + linked) || linked.endsWith('.' + host);

/** The host of an http(s) URL, lowercase and without `www.`; `''` for anything else. */
export function siteOf(url: string): string {
  const found = /^https?:\/\/(?:[^@/?#]*@)?([^:/?#]+)/i.exec(url.trim());
  return found ? found[1].toLowerCase().replace(/^www\./, '') : '';
}

/** What was linked so far on a page (or in a post): carried from one call to the next. */
export interface Linked {
  /** The offers linked. */
  used: Set<string>;
  /** The paragraph of the last link (paragraphs come in reading order: one never comes back). */
  paragraph: number;
  /** The words read, and the word the last link started at. */
  words: number;
  last: number;
}

export const nothingLinked = (): Linked => ({
  used: new Set(),
  paragraph: -1,
  words: 0,
  last: -Infinity,
});

/**
 * The mentions to link in `runs`, given the sites the text already links to
 * (`linkedSites`, from `siteOf`) and what was linked before them (`linked`, which this
 * updates: a page's text may come in several calls, in reading order).
 */
export function choose(
  runs: readonly Run[],
  compiled: Compiled,
  limits: Limits,
  linkedSites: readonly string[],
  linked: Linked = nothingLinked(),
): Chosen[] {
  const chosen: Chosen[] = [];
  runs.forEach(({ text, open, paragraph }, run) => {
    WORDS.lastIndex = 0;
    for (let word = WORDS.exec(text); word; word = WORDS.exec(text)) {
      const may =
        open &&
        linked.used.size < limits.max &&
        linked.paragraph != paragraph &&
        linked.words - linked.last >= limits.perWords;
      const mention = may ? mentionAt(text, word.index, compiled) : undefined;
      if (mention) {
        const { offer, url } = mention.entry;
        const site = siteOf(url);
        if (!linked.used.has(offer) && !linkedSites.some((other) => sameSite(site, other))) {
          chosen.push({ ...mention, run });
          linked.used.add(offer);
          linked.paragraph = paragraph;
          linked.last = linked.words;
        }
        // The words of the mention count; none inside it starts another.
        linked.words += text.slice(mention.start, mention.end).match(WORDS)!.length;
        WORDS.lastIndex = mention.end;
      } else linked.words++;
    }
  });
  return chosen;
}
