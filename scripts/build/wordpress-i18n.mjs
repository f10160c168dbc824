// The WordPress plugin's translations (issue 36), made by the build (scripts/build/wordpress-build.mjs)
// from the source, with no tool of the system's:
//   languages/pubnet-widgets.pot      every string of the plugin, read out of its PHP (the
//                                      gettext calls with the text domain `pubnet-widgets`), its
//                                      editor script (`__()`, `_x()`, `_n()` of wp.i18n) and its
//                                      blocks' block.json (title, description, keywords, with
//                                      the contexts WordPress translates them in)
//   languages/pubnet-widgets-<locale>.mo
//                                      each wordpress/languages/*.po, compiled (PHP, block.json)
//   languages/pubnet-widgets-<locale>-<md5>.json
//                                      its strings of the editor script, as wp.i18n reads them
//                                      (wp_set_script_translations: md5 of the script's path in
//                                      the plugin)
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

export const DOMAIN = 'pubnet-widgets';
/** The editor script's path in the plugin (its translations' file name hashes it). */
export const EDITOR_SCRIPT = 'blocks/editor.js';

const STRING = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"`;
const D = String.raw`\s*,\s*['"]${DOMAIN}['"]\s*\)`;
/** Gettext calls: [pattern, the groups' meaning]. */
const CALLS = [
  [
    new RegExp(
      String.raw`\b(?:__|_e|esc_html__|esc_html_e|esc_attr__|esc_attr_e)\(\s*(${STRING})${D}`,
      'g',
    ),
    ['msgid'],
  ],
  [
    new RegExp(
      String.raw`\b(?:_x|_ex|esc_html_x|esc_attr_x)\(\s*(${STRING})\s*,\s*(${STRING})${D}`,
      'g',
    ),
    ['msgid', 'msgctxt'],
  ],
  [
    new RegExp(
      String.raw`\b_n\(\s*(${STRING})\s*,\s*(${STRING})\s*,[^,()]*(?:\([^()]*\))?[^,()]*${D}`,
      'g',
    ),
    ['msgid', 'plural'],
  ],
];

/**
 * A PHP or JS string literal's text. In PHP's single quotes only `\\` and `\'` are escapes; in
 * double quotes (and in JS) `\n` and `\t` are too.
 */
const unquote = (literal, php) =>
  literal
    .slice(1, -1)
    .replace(/\\(.)/g, (escape, char) =>
      php && literal[0] == "'"
        ? ['\\', "'"].includes(char)
          ? char
          : escape
        : ({ n: '\n', t: '\t' }[char] ?? char),
    );

/** The `translators:` comment just before `index` (nothing but code of one statement between). */
function translatorsNote(text, index) {
  const before = text.slice(0, index);
  const start = before.lastIndexOf('/* translators:');
  if (start < 0) return undefined;
  const end = before.indexOf('*/', start);
  const gap = before.slice(end + 2);
  if (end < 0 || /[;{}]|\b(?:__|_[exn]|_ex|esc_(?:html|attr)_[_ex])\(/.test(gap)) return undefined;
  return before
    .slice(start + 3, end)
    .replace(/\s*\n\s*\*?\s*/g, ' ')
    .trim();
}

/** The plugin header's fields WordPress translates with the plugin's text domain. */
const HEADERS = ['Plugin Name', 'Description'];

/** Every file under `dir` whose path matches `test`, relative, with `/`. */
const filesOf = (dir, test) =>
  readdirSync(dir, { recursive: true })
    .map((path) => String(path).split(sep).join('/'))
    .filter((path) => test.test(path) && statSync(join(dir, path)).isFile())
    .sort();

/**
 * The plugin's strings under `dir` (wordpress/): `{ msgid, msgctxt?, plural?, refs, js }`, one
 * per distinct msgid and context; `js` when the editor script uses it.
 */
export function extractStrings(dir) {
  const found = new Map();
  const add = (entry, ref, js, note) => {
    const key = `${entry.msgctxt ?? ''}\u0004${entry.msgid}`;
    const known = found.get(key) ?? { ...entry, refs: [], notes: [], js: false };
    known.refs.push(ref);
    if (note && !known.notes.includes(note)) known.notes.push(note);
    known.js ||= js;
    found.set(key, known);
  };
  const main = readFileSync(join(dir, `${DOMAIN}.php`), 'utf8');
  for (const name of HEADERS) {
    const value = new RegExp(`^[ \\t/*#@]*${name}:\\s*(.+)$`, 'm').exec(main)?.[1].trim();
    if (value) add({ msgid: value }, `${DOMAIN}.php`, false, `${name} of the plugin`);
  }
  for (const path of filesOf(dir, /\.(php|js)$/)) {
    const text = readFileSync(join(dir, path), 'utf8');
    const matches = CALLS.flatMap(([pattern, names]) =>
      [...text.matchAll(pattern)].map((match) => [match, names]),
    ).sort(([a], [b]) => a.index - b.index);
    for (const [match, names] of matches) {
      const entry = Object.fromEntries(
        names.map((name, i) => [name, unquote(match[i + 1], path.endsWith('.php'))]),
      );
      const line = text.slice(0, match.index).split('\n').length;
      add(entry, `${path}:${line}`, path == EDITOR_SCRIPT, translatorsNote(text, match.index));
    }
  }
  for (const path of filesOf(dir, /(^|\/)block\.json$/)) {
    const block = JSON.parse(readFileSync(join(dir, path), 'utf8'));
    if (block.textdomain != DOMAIN) continue;
    if (block.title) add({ msgid: block.title, msgctxt: 'block title' }, path, false);
    if (block.description)
      add({ msgid: block.description, msgctxt: 'block description' }, path, false);
    for (const keyword of block.keywords ?? [])
      add({ msgid: keyword, msgctxt: 'block keyword' }, path, false);
  }
  return [...found.values()];
}

/** A string as a PO literal (one line). */
const po = (text) =>
  `"${text.replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;

/** The template of `strings`. */
export function potText(strings, version) {
  const header = [
    `Project-Id-Version: ${DOMAIN} ${version}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: 8bit',
    `X-Domain: ${DOMAIN}`,
  ];
  const entries = strings.map(
    ({ msgid, msgctxt, plural, refs, notes = [] }) =>
      notes.map((note) => `#. ${note}\n`).join('') +
      `#: ${refs.join(' ')}\n` +
      (msgctxt !== undefined ? `msgctxt ${po(msgctxt)}\n` : '') +
      `msgid ${po(msgid)}\n` +
      (plural !== undefined
        ? `msgid_plural ${po(plural)}\nmsgstr[0] ""\nmsgstr[1] ""\n`
        : 'msgstr ""\n'),
  );
  return (
    `# Translations of the pubnet-widgets WordPress plugin: generated by scripts/build/wordpress-i18n.mjs.\n` +
    `msgid ""\nmsgstr ""\n${header.map((line) => po(`${line}\n`)).join('\n')}\n\n` +
    entries.join('\n')
  );
}

/** @typedef {{ msgid: string, msgctxt?: string, plural?: string, msgstr: string[] }} PoEntry */

/**
 * A PO file's entries: `{ msgid, msgctxt?, plural?, msgstr: string[] }` (the header is the
 * entry whose msgid is `''`). Comments are skipped; continued strings are joined.
 *
 * @param {string} text
 * @returns {PoEntry[]}
 */
export function parsePo(text) {
  const entries = [];
  let entry;
  let field;
  const value = (rest) => JSON.parse(rest.trim());
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$/.exec(line);
    if (match) {
      const [, keyword, index, literal] = match;
      if (keyword == 'msgctxt' || (keyword == 'msgid' && entry?.msgstr.length)) {
        if (entry) entries.push(entry);
        entry = { msgstr: [] };
      }
      entry ??= { msgstr: [] };
      if (keyword.startsWith('msgstr')) {
        field = ['msgstr', Number(index ?? 0)];
        entry.msgstr[field[1]] = value(literal);
      } else {
        field = [keyword == 'msgid_plural' ? 'plural' : keyword];
        entry[field[0]] = value(literal);
      }
    } else if (line.startsWith('"') && entry && field) {
      if (field[0] == 'msgstr') entry.msgstr[field[1]] += value(line);
      else entry[field[0]] += value(line);
    } else throw new Error(`a PO line not understood: ${raw}`);
  }
  if (entry) entries.push(entry);
  return entries;
}

/** The header field `name` of parsed PO `entries`. */
export const poHeader = (entries, name) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(
    entries.find((e) => e.msgid === '')?.msgstr[0] ?? '',
  )?.[1];

/** The key gettext finds an entry by: its context, EOT, its msgid. */
const keyOf = ({ msgid, msgctxt }) => (msgctxt !== undefined ? `${msgctxt}\u0004${msgid}` : msgid);

/** The GNU .mo file of parsed PO `entries` (untranslated ones left out). */
export function moBuffer(entries) {
  const kept = entries
    .filter((e) => e.msgid === '' || e.msgstr.some(Boolean))
    .map((e) => [keyOf(e) + (e.plural !== undefined ? `\0${e.plural}` : ''), e.msgstr.join('\0')])
    // gettext looks the originals up by binary search: sorted by their bytes.
    .sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const count = kept.length;
  const originals = kept.map(([key]) => Buffer.from(key));
  const translations = kept.map(([, text]) => Buffer.from(text));
  const head = 28;
  const tables = head + count * 16;
  let offset = tables;
  const out = [];
  const table = Buffer.alloc(count * 16);
  for (const [i, buffer] of [...originals, ...translations].entries()) {
    table.writeUInt32LE(buffer.length, i * 8);
    table.writeUInt32LE(offset, i * 8 + 4);
    out.push(buffer, Buffer.alloc(1));
    offset += buffer.length + 1;
  }
  const header = Buffer.alloc(head);
  header.writeUInt32LE(0x950412de, 0);
  header.writeUInt32LE(0, 4);
  header.writeUInt32LE(count, 8);
  header.writeUInt32LE(head, 12);
  header.writeUInt32LE(head + count * 8, 16);
  header.writeUInt32LE(0, 20);
  header.writeUInt32LE(tables, 24);
  return Buffer.concat([header, table, ...out]);
}

/**
 * The editor script's translations as wp.i18n reads them (Jed 1.x JSON), of the `strings`
 * it uses, from parsed PO `entries`.
 */
export function scriptJson(entries, strings, locale) {
  const used = new Set(strings.filter((s) => s.js).map(keyOf));
  const messages = {
    '': { domain: 'messages', lang: locale, 'plural-forms': poHeader(entries, 'Plural-Forms') },
  };
  for (const entry of entries)
    if (entry.msgid && used.has(keyOf(entry)) && entry.msgstr.some(Boolean))
      messages[keyOf(entry)] = entry.msgstr;
  return JSON.stringify({ domain: 'messages', locale_data: { messages } });
}

/** The file name of the editor script's translations for `locale`. */
export const scriptJsonName = (locale) =>
  `${DOMAIN}-${locale}-${createHash('md5').update(EDITOR_SCRIPT).digest('hex')}.json`;

/**
 * The languages/ files of the plugin under `dir` (wordpress/), as `[path, contents]`: the
 * template, and for each `languages/<domain>-<locale>.po` its .mo and its script JSON.
 */
export function languageFiles(dir, version) {
  const strings = extractStrings(dir);
  const files = [[`languages/${DOMAIN}.pot`, potText(strings, version)]];
  for (const path of filesOf(dir, new RegExp(`^languages/${DOMAIN}-[A-Za-z_]+\\.po$`))) {
    const locale = path.slice(`languages/${DOMAIN}-`.length, -'.po'.length);
    const entries = parsePo(readFileSync(join(dir, path), 'utf8'));
    files.push([`languages/${DOMAIN}-${locale}.mo`, moBuffer(entries)]);
    files.push([`languages/${scriptJsonName(locale)}`, scriptJson(entries, strings, locale)]);
  }
  return files;
}
