// The plugin's in-text matcher (wordpress/includes/intext/, the PHP port of src/intext/) in
// plain PHP (`php -n` with Debian's mbstring only, as on a WordPress host; no WordPress): every
// form and every case of the shared table (test/intext/cases.json) gives, byte for byte, what
// the JavaScript gives; so do generated documents full of what the table has one of each
// (markup a parser reads oddly, entities, white space of every kind, letters beyond U+FFFF,
// names in any case); an entry's url is taken as written when plain, by one rule. And hostile
// input: a megabyte of HTML, tags nested 100,000 deep, comments, tags and quotes that never
// close, bytes that are no UTF-8: no PHP error or warning, a bounded time (a limit far above
// what linear work takes, which a walk gone quadratic would pass by hours), and nothing of the
// HTML lost: the output is the input with links inserted.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formsOf } from '../../src/intext/forms.js';
import { linkMentions, type Lexicon, type LinkMentionsOptions } from '../../src/intext/index.js';
import { readEntry } from '../../src/intext/lexicon.js';
import { run } from './support/process.js';

const INTEXT = fileURLToPath(new URL('../../wordpress/includes/intext', import.meta.url));
const RUNNER = fileURLToPath(new URL('./support/intext.php', import.meta.url));

interface Case {
  name: string;
  lexicon: string;
  options: LinkMentionsOptions;
  html: string;
  output: string;
}
interface Table {
  forms: [string, string[]][];
  lexicons: Record<string, Lexicon>;
  cases: Case[];
}
const table = JSON.parse(
  readFileSync(new URL('../intext/cases.json', import.meta.url), 'utf8'),
) as Table;

interface Answer {
  forms: string[][];
  cases: (string | { error: string })[];
  urls: (string | null)[];
  files: { edits: [number, number, string][]; ms: number; memory: number }[];
  errors: string[];
}

/** Runs the matcher in plain PHP on `request`; its answer, with no PHP error raised. */
async function php(request: Record<string, unknown>): Promise<Answer> {
  const out = await run('php', ['-n', '-d', 'extension=mbstring', RUNNER, INTEXT], {
    input: JSON.stringify(request),
  });
  const answer = JSON.parse(out) as Answer;
  assert.deepEqual(answer.errors, [], 'no PHP error, warning or notice');
  return answer;
}

/** What the JavaScript gives (its error's message for a bad option). */
function js(
  html: string,
  lexicon: unknown,
  options: LinkMentionsOptions,
): string | { error: string } {
  try {
    return linkMentions(html, lexicon as Lexicon, options);
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe('the shared table, in PHP', () => {
  let answer: Answer;
  before(async () => {
    answer = await php({
      forms: table.forms.map(([name]) => name),
      cases: table.cases.map(({ lexicon, options, html }) => ({
        lexicon: table.lexicons[lexicon],
        options,
        html,
      })),
    });
  });

  test('it holds at least 40 names with their forms and 60 HTML cases, all run', () => {
    assert.ok(table.forms.length >= 40 && table.cases.length >= 60);
    assert.equal(answer.forms.length, table.forms.length);
    assert.equal(answer.cases.length, table.cases.length);
  });

  table.forms.forEach(([name, forms], i) =>
    test(`forms of ${name}`, () => assert.deepEqual(answer.forms[i], forms)),
  );

  table.cases.forEach(({ name, output }, i) =>
    test(`in-text: ${name}`, () => assert.equal(answer.cases[i], output)),
  );
});

/** A generator of numbers from `seed` (the same documents on every run). */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

/** Names with what a port could read otherwise: case beyond ASCII, sigma, letters beyond U+FFFF. */
const NAMES = [
  ...new Set([
    ...table.lexicons.shops!.entries.flatMap((entry) => entry.names),
    'ΟΔΟΣ',
    'Οδος',
    'ΑΣ',
    'İstanbul',
    'Straße',
    'Pub𝐀',
    '𝐀pple',
    'café',
    'Wiśnia',
    'Kasia',
    'Jabłko',
    'Ceneo',
    'ǅungla',
    'K\u212Aub',
    'Media\u00a0Market',
    ' Spacja  Dwa ',
    'AB𝐀',
    'Sklep-Ala',
  ]),
];
/** Entry URLs: plain ones, others a page must never get, and ones neither takes. */
const URLS = [
  'https://kaktus.pl/',
  'https://www.sowka.pl/',
  'https://mediaraj.pl/?from=blog&lang=pl',
  'HTTPS://Shop.Example:443/p?q#f',
  'https://e.example:8080',
  'https://127.0.0.1/',
  'http://KAKTUS.pl',
  'https://sklep.kaktus.pl/',
  'javascript:alert(1)',
];
const WORDS = [
  'słowo',
  'i',
  'w',
  'Kaktusie',
  'KAKTUS',
  'kaktus',
  'sówka',
  'Media',
  'Raju',
  'Raj𝐀',
  'x-komie',
  'X-kom',
  'ΟΔΟς',
  'οδος',
  'i̇stanbul',
  'STRASSE',
  'Pub𝐀x',
  'cafe\u0301',
  '🌵',
  'ǆungli',
];
const SPACES = [' ', ' ', '\n', '\u00a0', '&nbsp;', '\u2003', '\ufeff', '\t', '\u3000', '\u0085'];
const PUNCTUATION = [
  '.',
  ',',
  '(',
  '„',
  '…',
  '-',
  '&amp;',
  '&#243;',
  '&#xD800;',
  '&#0;',
  '&#99999999999;',
  '&lt;',
  '&bogus;',
  '<',
  '>',
  '"',
  "'",
];
const TAGS = [
  'p',
  'div',
  'span',
  'b',
  'a',
  'h2',
  'code',
  'pre',
  'li',
  'button',
  'strong',
  'br',
  'img',
  'pubnet-offer-link',
  'P',
  'DIV',
  'A',
  'svg',
  'td',
];
const ATTRIBUTES = [
  ' class="note box"',
  ' id="x"',
  ' data-skip',
  ` href="https://sowka.pl/lampy"`,
  ' href=http://KAKTUS.pl',
  ' contenteditable',
  ' contenteditable="FALSE"',
  ' data-pubnet="off"',
  ' title="a > b"',
  " title='x\"y'",
  ' data-x="&amp;&quot;"',
  ' / ',
  ' x=\u00a0y',
];
const ODD = [
  '<!-- Kaktus -->',
  '<!--',
  '-->',
  '<!-->',
  '<?x Kaktus>',
  '<script>Kaktus</script>',
  '<script>',
  '</script >',
  '<textarea>Kaktus</TEXTAREA>',
  '<template><p>Kaktus</p></template>',
  '</ a>',
  '</3>',
  '<3',
  '<a"b c"d>',
  '<x y="',
  '< p>',
  '<p/>',
  '<a href="https://kaktus.pl/">x</a>',
  '<p\u00a0class=x>',
  '<xmp>Kaktus</xmp>',
];

/** `count` documents and lexicons from `seed`, with the options each is linked with. */
function documents(seed: number, count: number) {
  const { next, pick } = random(seed);
  const lexicons = Array.from({ length: 12 }, (_, l) => ({
    version: `v${l}`,
    entries: Array.from({ length: 1 + Math.floor(next() * 8) }, (_, i) =>
      next() < 0.95
        ? {
            offer: `o${next() < 0.8 ? i : i % 2}`,
            names: Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
              next() < 0.9 ? pick(NAMES) : pick([5, '', '!!!', 'x'.repeat(70), '𝐀'.repeat(32)]),
            ),
            url: pick(URLS),
          }
        : pick([null, { offer: 1, names: ['Kaktus'], url: URLS[0] }]),
    ),
  }));
  const forms = NAMES.flatMap((name) => formsOf(name));
  const written = (form: string) =>
    [...form]
      .map((c, i) => (i && next() < 0.3 ? (next() < 0.5 ? c.toUpperCase() : c.toLowerCase()) : c))
      .map((c) => (next() < 0.1 ? `&#${c.codePointAt(0)};` : c))
      .join('')
      .replace(/ /g, () => pick(SPACES));
  const piece = () => {
    const r = next();
    if (r < 0.2) return written(pick(forms)) + pick(['', '', '𝐀', 'x', '\u0301', 'Σ']);
    if (r < 0.45) return pick(WORDS);
    if (r < 0.6) return pick(SPACES);
    if (r < 0.68) return pick(PUNCTUATION);
    if (r < 0.88) {
      const tag = pick(TAGS);
      return next() < 0.55
        ? `<${tag}${Array.from({ length: Math.floor(next() * 3) }, () => pick(ATTRIBUTES)).join('')}>`
        : `</${tag}>`;
    }
    return pick(ODD);
  };
  return Array.from({ length: count }, () => {
    const options: LinkMentionsOptions = {};
    if (next() < 0.7) options.perWords = pick([0, 0, 1, 3, 10]);
    if (next() < 0.3) options.max = pick([0, 1, 2, 3]);
    if (next() < 0.15)
      options.exclude = pick([
        '.note',
        'p#x',
        '[data-skip]',
        'div.note, span',
        '[title="a > b"]',
        'a b',
      ]);
    return {
      lexicon: pick(lexicons),
      options,
      html: Array.from({ length: 1 + Math.floor(next() * 50) }, piece).join(''),
    };
  });
}

test('2,000 generated documents: the PHP gives what the JavaScript gives, links and all', async () => {
  const cases = documents(47, 2000);
  const answer = await php({ cases });
  const differ = cases
    .map((c, i) => ({ ...c, want: js(c.html, c.lexicon, c.options), got: answer.cases[i] }))
    .filter(({ want, got }) => JSON.stringify(want) !== JSON.stringify(got));
  assert.deepEqual(differ.slice(0, 3), [], `${differ.length} of ${cases.length} differ`);
  const linked = cases.filter((c, i) => answer.cases[i] !== c.html).length;
  assert.ok(linked > 150, `${linked} of the documents got links`);
});

test("an entry's url is taken as written when it is a plain http(s) URL, by the JavaScript's rule", async () => {
  const urls = [
    ...URLS,
    ' https://a.example ',
    'https://a.example:/',
    'https://a.example:0443/',
    'http://a.example:443/',
    'https://a.example:65536/',
    'https://A.EXAMPLE./P/Q?R#S',
    'https://a.example/%zz',
    'https://a.example/é',
    'https:a.example',
    'https://a.example\\b',
    'https://[::1]/',
    'https://a.example/x/../y',
    'https://a.example/%2e/y',
    'https://a.example?',
    'https://a.example#',
    'https://user@a.example/',
    'https://1.2.3/',
    'https://0x7f.1/',
    'https://999.1.1.1/',
    'https://a.123/',
    'https://xn--zz.example/',
    'https://a.example/\ttab',
    'ftp://a.example/',
    'https://',
  ];
  const answer = await php({ urls });
  const expected = urls.map(
    (url) => readEntry({ offer: 'x', names: ['Kaktus'], url })?.url ?? null,
  );
  assert.deepEqual(answer.urls, expected);
  assert.ok(expected.filter((url) => url !== null).length >= 12, 'the plain ones are taken');
  for (const url of [
    'javascript:alert(1)',
    'ftp://a.example/',
    'https://a.example\\b',
    'https://user@a.example/',
  ])
    assert.equal(expected[urls.indexOf(url)], null, `${url} is never a link`);
});

describe('hostile input', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pubnet-intext-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const MB = 1 << 20;
  const paragraph =
    '<p>Kupiłem ekspres w Kaktusie, a filtry w <b>Sówce</b>; słowo słowo słowo słowo słowo słowo słowo.</p>\n';
  /** Inputs, as bytes. */
  const inputs: Record<string, Buffer> = {
    'a megabyte of posts': Buffer.from(
      paragraph.repeat(Math.ceil(MB / Buffer.byteLength(paragraph))),
    ),
    'tags nested 100,000 deep': Buffer.from(
      `${'<div><span>'.repeat(100_000)}Kaktus${'</span></div>'.repeat(100_000)}`,
    ),
    'tags never closed': Buffer.from(
      `<p>Kaktus</p>${'<div><b><a href="https://x.example/">'.repeat(30_000)}Sówka`,
    ),
    'a comment never closed': Buffer.from(`<p>Kaktus</p><!--${'Sówka '.repeat(150_000)}`),
    'start tags with no end': Buffer.from(`<p>Kaktus</p>${'<a <b '.repeat(180_000)}`),
    'a quote that never closes': Buffer.from(`<p>Kaktus</p>${'<a x=" Sówka '.repeat(80_000)}>`),
    'quotes in a tag name': Buffer.from(`<p>Kaktus</p><a${'"b'.repeat(500_000)} >`),
    'start tags whose quote closes far away': Buffer.from(
      `<p>Kaktus</p>${'<a '.repeat(300_000)}" >`,
    ),
    'a script never closed': Buffer.from(`<p>Kaktus</p><script>${'Sówka '.repeat(170_000)}`),
    'an attribute of a megabyte': Buffer.from(`<p title="${'a'.repeat(MB)}">Kaktus</p>`),
    'entities everywhere': Buffer.from(
      `<p>Kaktus</p>${'&#243;&amp;&#x1F335;&#99999999999;&bogus;'.repeat(25_000)}`,
    ),
    'bytes that are no UTF-8': Buffer.concat([
      Buffer.from('<p>Kaktus \xC3'),
      Buffer.from([0xc3, 0x28, 0x20, 0xff, 0xfe, 0x20, 0xe2, 0x82, 0x20, 0xed, 0xa0, 0x80]),
      Buffer.from(' i Sówka</p><p>'),
      Buffer.alloc(MB / 2, 0xc3),
      Buffer.from('</p><p>Żabka</p>'),
    ]),
  };

  for (const [name, html] of Object.entries(inputs))
    test(`${name} (${(html.length / MB).toFixed(1)} MB): no PHP error, bounded time, nothing lost`, async () => {
      const file = join(dir, 'in.html');
      const out = join(dir, 'out.html');
      await writeFile(file, html);
      const { files } = await php({
        files: [{ in: file, out, lexicon: table.lexicons.shops, options: { perWords: 0 } }],
      });
      const [{ edits, ms, memory }] = files as [Answer['files'][number]];
      // Linear work takes well under a second here; a walk that went quadratic, hours.
      assert.ok(ms < 30_000, `${Math.round(ms)} ms`);
      assert.ok(memory < 256 * MB, `${Math.round(memory / MB)} MB`);
      // The output is the input with a link around each edit's bytes, and nothing else.
      const parts: Buffer[] = [];
      let last = 0;
      for (const [from, to, url] of edits) {
        assert.ok(from >= last && to > from && to <= html.length, `edit ${from}–${to}`);
        assert.ok(!html.subarray(from, to).includes('<'), 'a link holds text only');
        parts.push(
          html.subarray(last, from),
          Buffer.from(
            `<a href="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" rel="sponsored noopener">`,
          ),
          html.subarray(from, to),
          Buffer.from('</a>'),
        );
        last = to;
      }
      parts.push(html.subarray(last));
      assert.ok(Buffer.concat(parts).equals(await readFile(out)), 'the input with links inserted');
      if (name === 'start tags whose quote closes far away')
        // Each of them has JavaScript's expression scan to the end: past the walk's budget, the
        // HTML is left as it is.
        assert.equal(edits.length, 0, 'left as it is');
      else assert.ok(edits.length > 0, 'the mention before it is linked');
    });
});
