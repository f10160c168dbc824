/**
 * The Polish forms a text writes a merchant's name in (embed-contract "In-text links"):
 * the name itself, and, when its last word is a regular noun, that word inflected:
 * Kaktus → Kaktusa, Kaktusu, Kaktusowi, Kaktusem, Kaktusie; Sówka → Sówki, Sówce, Sówkę,
 * Sówką; Allegro → Allegra, Allegru, Allegrem, Allegrze; in a name of several words
 * ("Media Raj") only the last word inflects ("Media Raju").
 *
 * Regular rules only: a word that inflects otherwise ("Sokół" → "Sokoła") is matched as
 * written, and a form the rules make that Polish never uses is harmless (no text has
 * it). A last word that is no word (digits, an acronym, fewer than three letters), or a
 * name with a dot (a domain), does not inflect. The same rules are written in PHP for
 * WordPress (`wordpress/includes/intext/`), and one table of cases holds both.
 */

/** A consonant and its locative form: Kaktus-ie, Kauflandzie, Expercie, Sephorze, Sówce. */
const ALTERNATIONS: [string, string][] = [
  ['ch', 'sze'],
  ['st', 'ście'],
  ['k', 'ce'],
  ['g', 'dze'],
  ['t', 'cie'],
  ['d', 'dzie'],
  ['r', 'rze'],
  ['ł', 'le'],
];

/** Ends in a soft consonant or a vowel: the genitive takes `-i` (Kolekcji, Ikei, Drogerii). */
const SOFT_I = /(?:[ljśćńźkgaeiouyó])$/;
/** Ends in a hardened consonant: the genitive takes `-y` (Róży, Ulicy), as after a hard one. */
const SOFT_Y = /(?:[cż]|[cdrs]z)$/;

/** The locative of a hard stem: its alternation, else `-ie` (Kaktusie, Castoramie). */
const locative = (stem: string) => {
  const lower = stem.toLowerCase();
  const found = ALTERNATIONS.find(([end]) => lower.endsWith(end));
  return found ? stem.slice(0, -found[0].length) + found[1] : stem + 'ie';
};

/** The inflected forms of `word`, the last word of a name (none: it does not inflect). */
export function inflect(word: string): string[] {
  const lower = word.toLowerCase();
  if (!/^\p{L}{3,}$/u.test(word) || word == word.toUpperCase()) return [];
  const stem = word.slice(0, -1);
  const before = lower.slice(0, -1);
  const end = lower.slice(-1);
  if (end == 'a') {
    // Feminine: Sówki, Sówce, Sówkę, Sówką; Castoramy, Castoramie; Kolekcji; Róży.
    // A native soft `-nia`, `-sia`, `-cia`, `-zia` keeps its `i` (Kwiaciarni, Kasi); a
    // borrowed `-ria`, `-dia`… adds one (Drogerii).
    const genitive = /[nscz]i$/.test(before) ? stem : stem + (SOFT_I.test(before) ? 'i' : 'y');
    const soft = SOFT_Y.test(before) || (SOFT_I.test(before) && !/[kg]$/.test(before));
    return [genitive, soft ? genitive : locative(stem), stem + 'ę', stem + 'ą'];
  }
  if (end == 'o') {
    // Neuter: Allegra, Allegru, Allegrem, Allegrze; Jabłkiem, Jabłku; none after a vowel (Ceneo).
    if (/[aeiouyó]$/.test(before)) return [];
    const velar = /(?:[kg]|ch)$/.test(before);
    return [
      stem + 'a',
      stem + 'u',
      stem + (/[kg]$/.test(before) ? 'iem' : 'em'),
      velar || SOFT_I.test(before) || SOFT_Y.test(before) ? stem + 'u' : locative(stem),
    ];
  }
  if (/[aeiouyóąę]$/.test(end)) return [];
  // Masculine: Kaktusa, Kaktusu, Kaktusowi, Kaktusem, Kaktusie; Empiku, Empikiem; Lidlu.
  const velar = /(?:[kg]|ch)$/.test(lower);
  return [
    word + 'a',
    word + 'u',
    word + 'owi',
    word + (/[kg]$/.test(lower) ? 'iem' : 'em'),
    velar || SOFT_I.test(lower) || SOFT_Y.test(lower) ? word + 'u' : locative(word),
  ];
}

/**
 * Every form of `name` a text may write, the name first, each once: its whitespace runs as
 * one space, its last word inflected unless the name has a dot (a domain: kaktus.pl).
 */
export function formsOf(name: string): string[] {
  const written = name.trim().replace(/\s+/g, ' ');
  const last = /\p{L}+$/u.exec(written);
  const head = last ? written.slice(0, last.index) : '';
  const forms = [
    written,
    ...(last && !written.includes('.') ? inflect(last[0]).map((form) => head + form) : []),
  ];
  return forms.filter((form, i) => forms.indexOf(form) == i);
}
