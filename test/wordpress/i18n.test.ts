// The plugin's translations as files (issue 36, "In Polish"): the Polish catalogue
// (wordpress/languages/pubnet-widgets-pl_PL.po) translates every string the plugin has, as
// the build extracts them from the source (scripts/build/wordpress-i18n.mjs), each with the same
// placeholders; the zip holds the template (the build's, from the source), the catalogue
// compiled (.mo, read here by its own format) and the editor script's JSON under the name
// WordPress looks it up by. What a Polish site shows is test/wordpress/polish.test.ts's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractStrings, parsePo, potText } from '../../scripts/build/wordpress-i18n.mjs';
import { execFileSync } from 'node:child_process';
import { pluginZip } from './support/pubnet.js';

const source = fileURLToPath(new URL('../../wordpress', import.meta.url));
const read = (path: string) => readFileSync(`${source}/${path}`, 'utf8');
const { version } = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'),
) as { version: string };

interface Entry {
  msgid: string;
  msgctxt?: string;
  plural?: string;
  msgstr: string[];
}
const po: Entry[] = parsePo(read('languages/pubnet-widgets-pl_PL.po'));
const strings = extractStrings(source) as { msgid: string; msgctxt?: string; js: boolean }[];
const keyOf = (e: { msgid: string; msgctxt?: string }) =>
  e.msgctxt !== undefined ? `${e.msgctxt}\u0004${e.msgid}` : e.msgid;
const polish = new Map(po.filter((e) => e.msgid !== '').map((e) => [keyOf(e), e]));

/** A string's printf placeholders (`%s`, `%1$s`, `%d`), sorted. */
const placeholders = (text: string) => (text.match(/%(?:\d+\$)?[sd]/g) ?? []).sort();
/** Its HTML tags, sorted. */
const tags = (text: string) => (text.match(/<[^>]+>/g) ?? []).sort();

/** A file of the zip, its bytes. */
const unzipped = (path: string) =>
  execFileSync('unzip', ['-p', pluginZip(), `pubnet-widgets/${path}`], {
    maxBuffer: 1 << 26,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
/** A file of the zip, its text. */
const unzip = (path: string) => unzipped(path).toString('utf8');

test('the strings the build extracts: the settings page, its notices, the blocks, the editor script', () => {
  const ids = new Set(strings.map(keyOf));
  for (const id of [
    'Pubnet Widgets',
    'API token',
    'Website key',
    'Auto-linking',
    '%s: invalid value, the previous one is kept.',
    'Loan type',
    'block title\u0004Pubnet ad slot',
    "block description\u0004Product cards from a product search of Convertiser's affiliate network.",
    'block keyword\u0004porównywarka',
  ])
    assert.ok(ids.has(id), `"${id.replace('\u0004', ' | ')}" extracted`);
  // Every block's title, with WordPress's context, and the plugin header's description.
  for (const block of ['adslot', 'products', 'offer-link', 'price-comparison', 'loan-offers']) {
    const { title, textdomain } = JSON.parse(read(`blocks/${block}/block.json`)) as {
      title: string;
      textdomain: string;
    };
    assert.equal(textdomain, 'pubnet-widgets', `${block}: block.json's textdomain`);
    assert.ok(ids.has(`block title\u0004${title}`), `${block}: its title`);
  }
  assert.match(read('pubnet-widgets.php'), /^ \* Domain Path:\s+\/languages$/m);
  assert.ok(
    strings.some((s) => s.js && s.msgid === 'Loan amount (zł)'),
    'the editor script',
  );
  assert.ok(strings.length >= 100, `${strings.length} strings`);
});

test('pl_PL: its header, and every string of the plugin translated, with its placeholders and tags', () => {
  const header = po.find((e) => e.msgid === '')?.msgstr[0] ?? '';
  assert.match(header, /^Language: pl_PL$/m);
  assert.match(header, /^Content-Type: text\/plain; charset=UTF-8$/m);
  assert.match(
    header,
    /^Plural-Forms: nplurals=3; plural=\(n==1 \? 0 : n%10>=2 && n%10<=4 && \(n%100<10 \|\| n%100>=20\) \? 1 : 2\);$/m,
  );
  const untranslated = strings.filter((s) => !polish.get(keyOf(s))?.msgstr.every(Boolean));
  assert.deepEqual(untranslated.map(keyOf), [], 'every msgid of the template translated');
  for (const entry of polish.values()) {
    const ids = [entry.msgid, entry.plural ?? entry.msgid];
    entry.msgstr.forEach((text, i) => {
      const id = ids[Math.min(i, 1)];
      assert.deepEqual(placeholders(text), placeholders(id), `the placeholders of "${id}"`);
      assert.deepEqual(tags(text), tags(id), `the tags of "${id}"`);
    });
  }
  // Not the English left as it was: most strings read differently in Polish.
  const same = [...polish.values()].filter((e) => e.msgstr[0] === e.msgid);
  assert.ok(same.length < 12, `left as in English: ${same.map((e) => e.msgid).join(', ')}`);
  assert.equal(polish.get('Settings')?.msgstr[0], 'Ustawienia', "WordPress's own word");
});

test("the zip's template is the one the build makes from the source", async () => {
  const pot = unzip('languages/pubnet-widgets.pot');
  assert.equal(pot, potText(extractStrings(source), version));
  assert.match(pot, /^msgctxt "block title"\nmsgid "Pubnet loan offers"$/m);
});

/** A GNU .mo file's entries, key (context EOT msgid) to translation, read by its format. */
function readMo(mo: Buffer): Map<string, string> {
  assert.equal(mo.readUInt32LE(0), 0x950412de, 'the .mo magic number (little-endian)');
  assert.equal(mo.readUInt32LE(4), 0, 'revision 0');
  const count = mo.readUInt32LE(8);
  const originals = mo.readUInt32LE(12);
  const translations = mo.readUInt32LE(16);
  const at = (table: number, i: number) =>
    mo.toString(
      'utf8',
      mo.readUInt32LE(table + i * 8 + 4),
      mo.readUInt32LE(table + i * 8 + 4) + mo.readUInt32LE(table + i * 8),
    );
  const entries = new Map<string, string>();
  let previous: Buffer | undefined;
  for (let i = 0; i < count; i += 1) {
    const key = at(originals, i);
    const bytes = Buffer.from(key);
    if (previous) assert.ok(Buffer.compare(previous, bytes) < 0, 'originals sorted by bytes');
    previous = bytes;
    entries.set(key.split('\0')[0], at(translations, i));
  }
  return entries;
}

test("the zip's pl_PL .mo holds every translation of the .po", async () => {
  const mo = readMo(unzipped('languages/pubnet-widgets-pl_PL.mo'));
  assert.match(mo.get('') ?? '', /^Plural-Forms: nplurals=3;/m);
  for (const [key, entry] of polish) assert.equal(mo.get(key), entry.msgstr.join('\0'), key);
  assert.equal(mo.size, polish.size + 1);
  assert.equal(
    unzip('languages/pubnet-widgets-pl_PL.po'),
    read('languages/pubnet-widgets-pl_PL.po'),
  );
});

test("the zip's editor script JSON: named as wp_set_script_translations looks it up, its strings in Polish", async () => {
  const md5 = createHash('md5').update('blocks/editor.js').digest('hex');
  const json = JSON.parse(unzip(`languages/pubnet-widgets-pl_PL-${md5}.json`)) as {
    locale_data: { messages: Record<string, string[] | { lang: string }> };
  };
  const { messages } = json.locale_data;
  assert.equal((messages[''] as { lang: string }).lang, 'pl_PL');
  const used = strings.filter((s) => s.js);
  assert.ok(used.length >= 50, `${used.length} strings of the editor script`);
  for (const string of used)
    assert.deepEqual(messages[keyOf(string)], polish.get(keyOf(string))?.msgstr, string.msgid);
  assert.equal(Object.keys(messages).length, used.length + 1, 'only the editor script’s');
});
