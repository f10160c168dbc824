/**
 * The server's walk of an HTML string (`linkMentions`): its text as runs (choose.ts) with
 * where each run's characters are in the HTML, the sites its links name, and the HTML with
 * links added. No DOM: a tokenizer of tags, comments and text that reads what a parser
 * would for this purpose (the raw text of `script`, `style`…, void elements, entities),
 * and follows the same rules as the browser's walk (rules.ts). WordPress's walk
 * (`wordpress/includes/intext/`) is this one in PHP.
 */
import type { Chosen, Run } from './choose.js';
import { BLOCKS, closes, SKIPPED } from './rules.js';

/** Elements with no end tag. */
const VOID = new Set(
  'area base br col embed hr img input link meta param source track wbr'.split(' '),
);

/** Elements that close text to links and that a parser reopens past their parent's end. */
const FORMATTING = new Set(['a', 'code']);

/** A start tag, its name and attributes (quoted values may hold `>`). */
const START = /<([A-Za-z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
const END = /<\/([A-Za-z][^\s/>]*)[^>]*>/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const ENTITY = /&(#[0-9]+|#[xX][0-9a-fA-F]+|amp|lt|gt|quot|apos|nbsp);/g;
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** A run of the HTML's text, and where each of its characters starts in the HTML. */
export interface HtmlRun extends Run {
  at: number[];
}

/** What the walk found in an HTML string. */
export interface Walked {
  runs: HtmlRun[];
  /** The sites (choose.ts `siteOf`) of its links' `href`s, decoded. */
  hrefs: string[];
}

/** `raw` decoded (the entities above; others stay as written), with each character's place. */
export function decode(raw: string, offset: number): { text: string; at: number[] } {
  let text = '';
  const at: number[] = [];
  let last = 0;
  const keep = (to: number) => {
    for (let i = last; i < to; i++) at.push(offset + i);
    text += raw.slice(last, to);
  };
  for (const found of raw.matchAll(ENTITY)) {
    keep(found.index);
    const name = found[1];
    const code =
      name[0] == '#'
        ? parseInt(
            name.slice(name[1] == 'x' || name[1] == 'X' ? 2 : 1),
            name[1] == 'x' || name[1] == 'X' ? 16 : 10,
          )
        : -1;
    const char =
      code < 0
        ? NAMED[name]
        : code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
          ? String.fromCodePoint(code)
          : '\ufffd';
    for (let i = 0; i < char.length; i++) at.push(offset + found.index);
    text += char;
    last = found.index + found[0].length;
  }
  keep(raw.length);
  at.push(offset + raw.length);
  return { text, at };
}

/** An element's attributes, lowercase names, values decoded. */
function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, ...values] of source.matchAll(ATTRIBUTE)) {
    const value = values.find((v) => v !== undefined) ?? '';
    if (!attributes.has(name.toLowerCase()))
      attributes.set(name.toLowerCase(), decode(value, 0).text);
  }
  return attributes;
}

/**
 * The runs of `html` and the sites it links to; `excluded` says which elements the
 * publisher's `exclude` names.
 */
export function walk(
  html: string,
  excluded: (name: string, attribute: (name: string) => string | null) => boolean,
): Walked {
  const runs: HtmlRun[] = [];
  const hrefs: string[] = [];
  /** Links and code their parents' end closed without their own: a parser reopens them. */
  const lingering = new Set<string>();
  /** The open elements: their names, and whether each closes its content to links. */
  const stack: { name: string; closes: boolean }[] = [];
  let paragraph = 0;
  /** Where the text not yet in a run starts. */
  let i = 0;
  const text = (to: number) => {
    if (to > i) {
      const { text, at } = decode(html.slice(i, to), i);
      runs.push({
        text,
        at,
        open: !lingering.size && !stack.some((element) => element.closes),
        paragraph,
      });
    }
  };
  /** Where `what` ends, from `from` on (the end of the HTML when it is not there). */
  const after = (what: string, from: number) => {
    const found = html.indexOf(what, from);
    return found < 0 ? html.length : found + what.length;
  };
  for (let lt = html.indexOf('<'); lt >= 0; lt = html.indexOf('<', lt + 1)) {
    // What starts here: a comment, a bogus comment (`<!…>`, `<?…>`), an end tag, a start
    // tag, or nothing (a `<` of the text).
    let next: number;
    let tag: { name: string; end: boolean; attributes?: Map<string, string> } | undefined;
    END.lastIndex = START.lastIndex = lt;
    const end = END.exec(html);
    const start = end ? null : START.exec(html);
    if (html.startsWith('<!--', lt)) next = after('-->', lt + 4);
    else if (html[lt + 1] == '!' || html[lt + 1] == '?' || (html[lt + 1] == '/' && !end))
      next = after('>', lt);
    else if (end) {
      next = END.lastIndex;
      tag = { name: end[1].toLowerCase(), end: true };
    } else if (start) {
      next = START.lastIndex;
      tag = { name: start[1].toLowerCase(), end: false, attributes: attributesOf(start[2]) };
    } else continue;
    text(lt);
    i = next;
    lt = next - 1;
    if (!tag) continue;
    const { name, attributes } = tag;
    if (BLOCKS.test(name)) paragraph++;
    if (!attributes) {
      const open = stack.map((element) => element.name).lastIndexOf(name);
      if (open >= 0) {
        // A link or code left open inside what ends here goes on after it, as a parser
        // reopens it (its "active formatting elements").
        for (const element of stack.slice(open + 1))
          if (FORMATTING.has(element.name)) lingering.add(element.name);
        stack.length = open;
      }
      lingering.delete(name);
      continue;
    }
    lingering.delete(name);
    const attribute = (key: string) => attributes.get(key) ?? null;
    if (name == 'a' && attributes.has('href')) hrefs.push(attributes.get('href')!);
    if (SKIPPED.test(name)) {
      // Its content is raw text, to its end tag.
      const close = new RegExp(`</${name}[\\s/>]`, 'ig');
      close.lastIndex = next;
      const found = close.exec(html);
      i = found ? after('>', found.index) : html.length;
      lt = i - 1;
    } else if (!VOID.has(name))
      stack.push({ name, closes: closes(name, attribute) || excluded(name, attribute) });
  }
  text(html.length);
  return { runs, hrefs };
}

/** `&`, `"`, `<` and `>` of an attribute's value as entities. */
const escapeAttribute = (value: string) =>
  value.replace(
    /[&"<>]/g,
    (char) => `&${{ '&': 'amp', '"': 'quot', '<': 'lt', '>': 'gt' }[char]};`,
  );

/** `html` with each chosen mention made a link. */
export function linkChosen(html: string, runs: readonly HtmlRun[], chosen: readonly Chosen[]) {
  const edits = chosen
    .map(({ run, start, end, entry }) => ({
      from: runs[run].at[start],
      to: runs[run].at[end],
      open: `<a href="${escapeAttribute(entry.url)}" rel="sponsored noopener">`,
    }))
    .sort((a, b) => a.from - b.from);
  let out = '';
  let last = 0;
  for (const { from, to, open } of edits) {
    out += html.slice(last, from) + open + html.slice(from, to) + '</a>';
    last = to;
  }
  return out + html.slice(last);
}
