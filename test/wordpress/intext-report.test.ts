// The report of every mention the block editor's In-text links panel lists
// (wordpress/includes/intext/report.php) in plain PHP (`php -n` with mbstring only, as
// intext.test.ts runs the matcher): each mention in reading order, its merchant, whether it is
// linked and the rule that kept it from being a link, as the chooser decides it; and asking for
// the report changes no link: every case of the shared table (test/intext/cases.json) is linked
// byte for byte as without it, and the mentions it says are linked are the links made.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Lexicon, LinkMentionsOptions } from '../../src/intext/index.js';
import { run } from './support/process.js';

const INTEXT = fileURLToPath(new URL('../../wordpress/includes/intext', import.meta.url));
const RUNNER = fileURLToPath(new URL('./support/intext-report.php', import.meta.url));

interface Mention {
  text: string;
  merchant: string;
  site: string;
  linked: boolean;
  reason: string;
  words: number | null;
  from: number;
  to: number;
}
interface Report {
  walked: boolean;
  links: number;
  mentions: Mention[];
  more: boolean;
}
type Result =
  | { report: Report; plain: string; reported: string; edits: [number, number, string][] }
  | { error: string }
  | { none: true };
interface Case {
  html: string;
  lexicon: unknown;
  options: LinkMentionsOptions;
  most?: number;
}

/** The report of each case, in plain PHP, with no PHP error raised. */
async function php(cases: Case[]): Promise<Result[]> {
  const out = await run('php', ['-n', '-d', 'extension=mbstring', RUNNER, INTEXT], {
    input: JSON.stringify({ cases }),
  });
  const answer = JSON.parse(out) as { cases: Result[]; errors: string[] };
  assert.deepEqual(answer.errors, [], 'no PHP error, warning or notice');
  return answer.cases;
}

/** The report of one case (that has one). */
async function report(html: string, options: LinkMentionsOptions = {}, most = 500) {
  const [result] = await php([{ html, lexicon: LEXICON, options, most }]);
  assert.ok(result && 'report' in result, JSON.stringify(result));
  assert.equal(result.reported, result.plain, 'the same links with the report as without');
  return result.report;
}

const LEXICON: Lexicon = {
  version: 'test',
  entries: [
    { offer: 'a', names: ['Kaktus', 'kaktus.pl'], url: 'https://kaktus.pl/' },
    { offer: 'b', names: ['Sówka'], url: 'https://www.sowka.pl/' },
    { offer: 'c', names: ['TechNova'], url: 'https://technova.pl/' },
    { offer: 'd', names: ['Media Raj'], url: 'https://mediaraj.pl/' },
  ],
};

/** A report's mentions as `text merchant reason` lines. */
const lines = (found: Report) =>
  found.mentions.map(
    (m) => `${m.text} | ${m.merchant} | ${m.reason}${m.words === null ? '' : ` ${m.words}`}`,
  );

/** `count` words that name no merchant. */
const filler = (count: number) =>
  Array.from({ length: count }, (_, i) => ['kawa', 'herbata', 'dzisiaj', 'bardzo'][i % 4]).join(
    ' ',
  );

describe('the reasons, in Polish text', () => {
  test('linked, in a place never linked, its paragraph has a link, linked earlier, the post links to it', async () => {
    const found = await report(
      '<h2>Kaktus w nagłówku</h2>' +
        '<p>Kupiłem to w Kaktusie, a potem w Kaktusie.</p>' +
        '<p>Znowu Kaktus.</p>' +
        '<p>Sówka ma <a href="https://sowka.pl/x">sklep</a>, a w <a href="https://technova.pl/">TechNovie</a> nie.</p>' +
        '<p><code>TechNova</code> i <strong>Media Raj</strong>.</p>',
      { perWords: 0 },
    );
    assert.deepEqual(lines(found), [
      'Kaktus | Kaktus | closed',
      'Kaktusie | Kaktus | linked',
      'Kaktusie | Kaktus | paragraph',
      'Kaktus | Kaktus | repeat',
      'Sówka | Sówka | site',
      'TechNovie | TechNova | closed',
      'TechNova | TechNova | closed',
      'Media Raj | Media Raj | linked',
    ]);
    assert.equal(found.links, 2);
    assert.equal(found.walked, true);
    assert.equal(found.more, false);
    assert.deepEqual(
      found.mentions.map((m) => m.linked),
      found.mentions.map((m) => m.reason === 'linked'),
    );
    assert.deepEqual(
      found.mentions.map((m) => m.site),
      [
        'kaktus.pl',
        'kaktus.pl',
        'kaktus.pl',
        'kaktus.pl',
        'sowka.pl',
        'technova.pl',
        'technova.pl',
        'mediaraj.pl',
      ],
    );
  });

  test('within the spacing: the words since the link before; once the limit is reached: max, first', async () => {
    const html =
      `<p>W Kaktusie ${filler(20)}.</p>` +
      `<p>W Sówce ${filler(200)}.</p>` +
      `<p>TechNova i kaktus.pl.</p>` +
      `<p>Media Raj ${filler(150)}.</p>` +
      `<p>Kaktus.</p>`;
    assert.deepEqual(lines(await report(html)), [
      'Kaktusie | Kaktus | linked',
      'Sówce | Sówka | spacing 22',
      'TechNova | TechNova | linked',
      'kaktus.pl | Kaktus | paragraph',
      'Media Raj | Media Raj | spacing 4',
      'Kaktus | Kaktus | repeat',
    ]);
    assert.deepEqual(lines(await report(html, { max: 1 })), [
      'Kaktusie | Kaktus | linked',
      'Sówce | Sówka | max',
      'TechNova | TechNova | max',
      'kaktus.pl | Kaktus | max',
      'Media Raj | Media Raj | max',
      'Kaktus | Kaktus | max',
    ]);
  });

  test('the words of a mention in the same run as a link are not a second mention; text as written, entities decoded', async () => {
    const found = await report(
      '<p>Sklep Media&nbsp;Raj, potem MEDIA RAJ i Sówką &amp; Kaktusem.</p>',
      {
        perWords: 0,
      },
    );
    assert.deepEqual(lines(found), [
      'Media\u00a0Raj | Media Raj | linked',
      'MEDIA RAJ | Media Raj | paragraph',
      'Sówką | Sówka | paragraph',
      'Kaktusem | Kaktus | paragraph',
    ]);
    // Where each is in the HTML: the link's bytes, the entity's start.
    const html = '<p>Sklep Media&nbsp;Raj, potem MEDIA RAJ i Sówką &amp; Kaktusem.</p>';
    const bytes = Buffer.from(html);
    assert.equal(
      bytes.subarray(found.mentions[0]!.from, found.mentions[0]!.to).toString(),
      'Media&nbsp;Raj',
    );
    assert.equal(
      bytes.subarray(found.mentions[3]!.from, found.mentions[3]!.to).toString(),
      'Kaktusem',
    );
  });

  test('at most `most` mentions, and `more` says there are others; none found, none listed', async () => {
    const many = `<p>${Array.from({ length: 30 }, () => 'Kaktus').join(' i ')}</p>`;
    const found = await report(many, {}, 10);
    assert.equal(found.mentions.length, 10);
    assert.equal(found.more, true);
    const none = await report(`<p>${filler(50)}</p>`);
    assert.deepEqual(none.mentions, []);
    assert.equal(none.more, false);
    assert.equal(none.links, 0);
  });
});

describe('the shared table, reported', () => {
  interface Table {
    lexicons: Record<string, Lexicon>;
    cases: {
      name: string;
      lexicon: string;
      options: LinkMentionsOptions;
      html: string;
      output: string;
    }[];
  }
  const table = JSON.parse(
    readFileSync(new URL('../intext/cases.json', import.meta.url), 'utf8'),
  ) as Table;
  let results: Result[];
  before(async () => {
    results = await php(
      table.cases.map(({ lexicon, options, html }) => ({
        html,
        lexicon: table.lexicons[lexicon],
        options,
      })),
    );
  });

  test('every case: the same links, byte for byte, with the report; its linked mentions are the links, in reading order', () => {
    let reported = 0;
    table.cases.forEach((expected, i) => {
      const result = results[i]!;
      if (!('report' in result)) return;
      reported++;
      assert.equal(result.reported, expected.output, expected.name);
      assert.equal(result.plain, expected.output, expected.name);
      const linked = result.report.mentions.filter((m) => m.linked);
      assert.deepEqual(
        linked.map((m) => [m.from, m.to]),
        result.edits.map(([from, to]) => [from, to]),
        `${expected.name}: its linked mentions are its links`,
      );
      assert.equal(result.report.links, result.edits.length, expected.name);
      const starts = result.report.mentions.map((m) => m.from);
      assert.deepEqual(
        starts,
        [...starts].sort((a, b) => a - b),
        `${expected.name}: in reading order`,
      );
      for (const m of result.report.mentions)
        assert.ok(
          ['linked', 'repeat', 'paragraph', 'spacing', 'max', 'site', 'closed'].includes(m.reason),
          `${expected.name}: ${m.reason}`,
        );
    });
    assert.ok(reported > 50, `${reported} cases reported`);
  });
});
