/**
 * Finding a mention in a text: a lexicon compiled into its forms by their first word, and
 * the mention a text holds where a word starts. A mention is one of an entry's forms
 * (forms.ts) as a whole word: no Unicode letter, mark or digit on either side (`\b` is
 * ASCII-only), its first character as in the name (lowercase "sówka", a bird, is no
 * "Sówka"), the rest in any case, a space of the name any run of white space; the longest
 * form first.
 */
import { formsOf } from './forms.js';
import type { Lexicon, LexiconEntry } from './lexicon.js';

/** A letter, mark or digit: what a word is made of. */
export const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
/** The words of a text. */
export const WORDS = /[\p{L}\p{M}\p{N}]+/gu;

/** A form and its entry. */
interface Form {
  text: string;
  entry: LexiconEntry;
}

/** A lexicon's forms by the lowercase first word of each, the longest first. */
export type Compiled = Map<string, Form[]>;

/** A mention found: where it starts and ends in the text, and its entry. */
export interface Mention {
  start: number;
  end: number;
  entry: LexiconEntry;
}

/** A word where the search is (sticky). */
const WORD_HERE = /[\p{L}\p{M}\p{N}]+/uy;

/** The lowercase word of `text` at `at` (`''` when no word starts there). */
const firstWord = (text: string, at = 0) => {
  WORD_HERE.lastIndex = at;
  return WORD_HERE.exec(text)?.[0].toLowerCase() ?? '';
};

/**
 * Adds `entry`'s forms (its names', forms.ts) to `compiled`, by their first word; a form
 * already there stays its first entry's. `sortForms` then puts the longest first.
 */
export function addEntry(compiled: Compiled, entry: LexiconEntry): void {
  for (const name of entry.names)
    for (const text of formsOf(name)) {
      const key = firstWord(text);
      const forms = compiled.get(key);
      if (!key || forms?.some((form) => form.text == text)) continue;
      if (forms) forms.push({ text, entry });
      else compiled.set(key, [{ text, entry }]);
    }
}

/** Each word's forms, the longest first (a stable sort: of two as long, the first added). */
export const sortForms = (compiled: Compiled) => {
  for (const forms of compiled.values()) forms.sort((a, b) => b.text.length - a.text.length);
};

/** `lexicon`'s forms by their first word, the longest first. */
export function compile(lexicon: Lexicon): Compiled {
  const compiled: Compiled = new Map();
  for (const entry of lexicon.entries) addEntry(compiled, entry);
  sortForms(compiled);
  return compiled;
}

/**
 * Where `form` ends when `text` writes it from `at` (its first character as written, the
 * rest in any case, a space any run of white space); `-1` when it does not.
 */
function endOf(text: string, at: number, form: string): number {
  let i = at;
  for (let j = 0; j < form.length; j++) {
    const want = form[j];
    if (want == ' ') {
      if (!/\s/.test(text[i] ?? '')) return -1;
      while (/\s/.test(text[i] ?? '')) i++;
    } else if (j ? text[i]?.toLowerCase() == want.toLowerCase() : text[i] == want) i++;
    else return -1;
  }
  return i;
}

/**
 * The mention that starts at `at` in `text`, where a word starts: the longest form whose
 * end is a word's end.
 */
export function mentionAt(text: string, at: number, compiled: Compiled): Mention | undefined {
  for (const form of compiled.get(firstWord(text, at)) ?? []) {
    const end = endOf(text, at, form.text);
    if (end > 0 && !WORD_CHAR.test(text[end] ?? '')) return { start: at, end, entry: form.entry };
  }
  return undefined;
}
