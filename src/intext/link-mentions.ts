/**
 * `linkMentions(html, lexicon, options)`: in-text links made on a server or at the edge
 * (embed-contract "In-text links"): the same links the browser's add-on makes in the same
 * HTML, with no DOM. Each mention chosen (choose.ts) becomes
 * `<a href="<the entry's url>" rel="sponsored noopener">mention</a>`; nothing else of the
 * HTML changes.
 */
import { choose, DEFAULT_LIMITS, siteOf } from './choose.js';
import { linkChosen, walk } from './html.js';
import { readLexicon, type Lexicon } from './lexicon.js';
import { compile, type Compiled } from './match.js';

export interface LinkMentionsOptions {
  /** Links in all (default 8; 0 makes none). */
  max?: number;
  /** Words from one link to the next (default 150). */
  perWords?: number;
  /**
   * Elements never linked into, as simple selectors separated by commas: a tag, `.class`,
   * `#id`, `[attribute]`, `[attribute=value]`, or one of each together (`div.note`). The
   * browser takes any CSS selector; a server, with no DOM, these.
   */
  exclude?: string;
}

const bad = (name: string, what: string): never => {
  throw new TypeError(`linkMentions: option "${name}" must be ${what}`);
};

/** One simple selector's parts: `tag`, `.class`, `#id`, `[name]`, `[name=value]`. */
const PART =
  /^(?:([a-zA-Z][\w-]*)|\.([\w-]+)|#([\w-]+)|\[([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([\w-]+)))?\])/;

type Matcher = (name: string, attribute: (name: string) => string | null) => boolean;

/** What `exclude` matches; throws naming the option when it is no list of simple selectors. */
export function simpleSelectors(exclude: string): Matcher {
  const tests = exclude.split(',').map((selector) => {
    let rest = selector.trim();
    const checks: Matcher[] = [];
    if (!rest) bad('exclude', 'simple selectors separated by commas');
    while (rest) {
      const part = PART.exec(rest) ?? bad('exclude', 'simple selectors separated by commas');
      const [, tag, className, id, attributeName, ...values] = part;
      const value = values.find((v) => v !== undefined);
      checks.push(
        tag
          ? (name) => name == tag.toLowerCase()
          : className
            ? (_, attribute) => (attribute('class') ?? '').split(/\s+/).includes(className)
            : id
              ? (_, attribute) => attribute('id') == id
              : (_, attribute) =>
                  value === undefined
                    ? attribute(attributeName.toLowerCase()) !== null
                    : attribute(attributeName.toLowerCase()) == value,
      );
      rest = rest.slice(part[0].length);
    }
    return (name: string, attribute: (name: string) => string | null) =>
      checks.every((check) => check(name, attribute));
  });
  return (name, attribute) => tests.some((test) => test(name, attribute));
}

/** A count option: a whole number from 0. */
const count = (name: string, value: unknown, fallback: number) =>
  value === undefined
    ? fallback
    : Number.isInteger(value) && (value as number) >= 0
      ? (value as number)
      : bad(name, 'a whole number from 0');

/** Lexicons compiled, by the object given (a server passes the same one for every post). */
const compiled = new WeakMap<object, Compiled>();

/**
 * `html` with the mentions of `lexicon`'s merchants linked, as the browser's add-on would.
 * @throws TypeError naming a bad option; a lexicon that is none links nothing.
 */
export function linkMentions(
  html: string,
  lexicon: Lexicon,
  options: LinkMentionsOptions = {},
): string {
  if (typeof html != 'string') bad('html', 'a string');
  const { max, perWords, exclude } = options;
  const limits = {
    max: count('max', max, DEFAULT_LIMITS.max),
    perWords: count('perWords', perWords, DEFAULT_LIMITS.perWords),
  };
  if (exclude !== undefined && typeof exclude != 'string')
    bad('exclude', 'simple selectors separated by commas');
  const excluded: Matcher = exclude ? simpleSelectors(exclude) : () => false;
  let found = lexicon && typeof lexicon == 'object' ? compiled.get(lexicon) : undefined;
  if (!found) {
    const read = readLexicon(lexicon);
    if (!read) return html;
    found = compile(read);
    compiled.set(lexicon, found);
  }
  const { runs, hrefs } = walk(html, excluded);
  const chosen = choose(runs, found, limits, hrefs.map(siteOf).filter(Boolean));
  return linkChosen(html, runs, chosen);
}
