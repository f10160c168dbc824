// The shared table of in-text cases (cases.json: forms, and HTML in → HTML out), run
// through `linkMentions`; the browser's add-on (test/intext/add-on.test.ts) and
// WordPress's PHP (test/wordpress/intext.test.ts) run the same table, so all three give
// identical output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { formsOf } from '../../src/intext/forms.js';
import { linkMentions, type Lexicon, type LinkMentionsOptions } from '../../src/intext/index.js';

interface Table {
  forms: [string, string[]][];
  lexicons: Record<string, Lexicon>;
  cases: {
    name: string;
    lexicon: string;
    options: LinkMentionsOptions;
    html: string;
    output: string;
  }[];
}
const table = JSON.parse(readFileSync(new URL('./cases.json', import.meta.url), 'utf8')) as Table;

test('the table holds at least 40 names with their forms, and 60 HTML cases', () => {
  assert.ok(table.forms.length >= 40, `${table.forms.length} names`);
  assert.ok(table.cases.length >= 60, `${table.cases.length} cases`);
});

for (const [name, forms] of table.forms)
  test(`forms of ${name}`, () => assert.deepEqual(formsOf(name), forms));

for (const { name, lexicon, options, html, output } of table.cases)
  test(`in-text: ${name}`, () =>
    assert.equal(linkMentions(html, table.lexicons[lexicon], options), output));
