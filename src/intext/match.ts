/**
 * Finding a mention in a text: a lexicon's names filed by how their mentions begin, and the
 * mention a text holds where a word starts. A mention is one of an entry's forms (forms.ts)
 * as a whole word: no Unicode letter, mark or digit on either side (`\b` is ASCII-only),
 * its first character as in the name (lowercase "sówka", a bird, is no "Sówka"), the rest
 * in any case, a space of the name any run of white space; of the forms that match, the
 * longest (of two as long, the one of the entry and name listed first).
 *
 * A name's forms are made only when a text has a word they could begin: a lexicon of 2,000
 * entries is filed in a few milliseconds, and a page makes the forms of the names its text
 * comes near. A name whose one word inflects is filed under the first letters its forms
 * keep (an inflection changes at most the last two: Most → Moście, Kot → Kocie), up to five;
 * any other under its whole first word, which does not inflect.
 */
import { formsOf } from './forms.js';
import type { Lexicon, LexiconEntry } from './lexicon.js';

/** A letter, mark or digit where the search is (sticky: a letter beyond U+FFFF is read whole). */
const WORD_CHAR_HERE = /[\p{L}\p{M}\p{N}]/uy;
/** The words of a text. */
export const WORDS = /[\p{L}\p{M}\p{N}]+/gu;

/** A name, or one of its forms, and its entry; `order`: lower is listed first. */
interface Filed {
  text: string;
  entry: LexiconEntry;
  order: number;
}

/** A lexicon's names by where they are filed, and their forms once made, by the same keys. */
export interface Compiled {
  names: Map<string, Filed[]>;
  forms: Map<string, Filed[]>;
  count: number;
}

/** A mention found: where it starts and ends in the text, and its entry. */
export interface Mention {
  start: number;
  end: number;
  entry: LexiconEntry;
}

/** The longest prefix a name is filed under: the longer, the fewer names a word looks at. */
const PREFIX = 5;

/** A word where the search is (sticky). */
const WORD_HERE = /[\p{L}\p{M}\p{N}]+/uy;

/** The lowercase word of `text` at `at` (`''` when no word starts there). */
const wordAt = (text: string, at = 0) => {
  WORD_HERE.lastIndex = at;
  return WORD_HERE.exec(text)?.[0].toLowerCase() ?? '';
};

/**
 * Where a name (whitespace as one space) is filed: see the file's comment. An inflecting
 * word's forms keep its letters but the last two: it is filed under up to `PREFIX` of them.
 */
function keyOf(name: string): string {
  const first = wordAt(name);
  return /^\p{L}{3,}$/u.test(name) && name != name.toUpperCase()
    ? '~' + first.slice(0, Math.min(PREFIX, first.length - 2))
    : first;
}

/** The keys a word of a text (`word`, lowercase) may find names under. */
const keysFor = (word: string) => {
  const keys = [word];
  for (let length = 1; length <= Math.min(PREFIX, word.length); length++)
    keys.push('~' + word.slice(0, length));
  return keys;
};

export const emptyCompiled = (): Compiled => ({ names: new Map(), forms: new Map(), count: 0 });

/** Files `entry`'s names in `compiled`. */
export function addEntry(compiled: Compiled, entry: LexiconEntry): void {
  for (const name of entry.names) {
    const text = name.trim().replace(/\s+/g, ' ');
    const key = keyOf(text);
    if (!key) continue;
    const filed = compiled.names.get(key) ?? [];
    filed.push({ text, entry, order: compiled.count++ });
    compiled.names.set(key, filed);
  }
}

/** `lexicon`'s names, filed. */
export function compile(lexicon: Lexicon): Compiled {
  const compiled = emptyCompiled();
  for (const entry of lexicon.entries) addEntry(compiled, entry);
  return compiled;
}

/** The forms of the names filed under `key`, made once. */
function formsUnder(compiled: Compiled, key: string): Filed[] {
  let forms = compiled.forms.get(key);
  if (!forms) {
    forms = (compiled.names.get(key) ?? []).flatMap(({ text, entry, order }) =>
      formsOf(text).map((form) => ({ text: form, entry, order })),
    );
    compiled.forms.set(key, forms);
  }
  return forms;
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

/** The mention that starts at `at` in `text`, where a word starts (see the file's comment). */
export function mentionAt(text: string, at: number, compiled: Compiled): Mention | undefined {
  let best: Filed | undefined;
  let bestEnd = 0;
  for (const key of keysFor(wordAt(text, at)))
    for (const form of formsUnder(compiled, key)) {
      if (
        best &&
        (form.text.length < best.text.length ||
          (form.text.length == best.text.length && form.order >= best.order))
      )
        continue;
      const end = endOf(text, at, form.text);
      WORD_CHAR_HERE.lastIndex = end;
      if (end > 0 && !WORD_CHAR_HERE.test(text)) {
        best = form;
        bestEnd = end;
      }
    }
  return best && { start: at, end: bestEnd, entry: best.entry };
}
