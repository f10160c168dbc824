// The plugin's PHP that needs no WordPress, run with plain `php -n` on the source files
// (wordpress/includes/), no database, no server:
// - the registrable-domain algorithm (proxy/public-suffix.php) on the list the build generates
//   from tldts, against tldts's own getDomain (what the Node proxy decides by) for hosts made
//   from every rule of the list;
// - the allow-list of server-rendered HTML (elements/allow-html.php): what
//   `pubnet-widgets/render` writes (every seeded ad slot, several grids, price comparisons and
//   loan offers, in each styles mode, with a fallback) passes byte for byte; hostile markup
//   comes out without script, event handlers, foreign elements or other URL schemes;
// - the plugin's files: the main file loads every file of includes/, its hooks files last, and
//   every other file only defines functions and constants (it loads with nothing of WordPress).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getDomain } from 'tldts';
import {
  renderAdslot,
  renderLoanOffers,
  renderPriceComparison,
  renderProductGrid,
  type RenderOptions,
} from '../../src/render/index.js';
import { known, startStack } from '../proxy/support/stack.js';
import { run } from './support/process.js';
import {
  elementTablePhp,
  publicSuffixPhp,
  publicSuffixRules,
} from '../../scripts/build/wordpress-build.mjs';

const INCLUDES = fileURLToPath(new URL('../../wordpress/includes/', import.meta.url));
/** What the build generates into includes/ (each read by one file beside it). */
const GENERATED = [
  'proxy/routes.php',
  'proxy/public-suffix-list.php',
  'elements/element-table.php',
];
let dir: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pubnet-php-'));
  await mkdir(join(dir, 'includes', 'proxy'), { recursive: true });
  await mkdir(join(dir, 'includes', 'elements'));
  await writeFile(
    join(dir, 'includes', 'proxy', 'public-suffix-list.php'),
    await publicSuffixPhp(),
  );
  await writeFile(join(dir, 'includes', 'elements', 'element-table.php'), await elementTablePhp());
});

after(() => rm(dir, { recursive: true, force: true }));

/**
 * Runs `code` with plain PHP (no php.ini, so no extension WordPress does not require) after
 * loading `files` of wordpress/includes/; its stdout. Its input is `input` on stdin.
 */
async function php(files: string[], code: string, input: string): Promise<string> {
  const script = join(dir, `run-${Math.random().toString(36).slice(2)}.php`);
  await writeFile(
    script,
    `<?php
define('ABSPATH', '/');
define('PUBNET_WIDGETS_DIR', ${JSON.stringify(dir)});
${files.map((file) => `require ${JSON.stringify(join(INCLUDES, file))};`).join('\n')}
$input = stream_get_contents(STDIN);
${code}
`,
  );
  return run('php', ['-n', script], { input });
}

test('the registrable domain of every kind of host is the one tldts gives (the Node proxy)', async () => {
  const { rules } = (await publicSuffixRules()) as { rules: string[] };
  const hosts = new Set([
    'www.mediapoint.example',
    'outlet.mediapoint.example',
    'mediapoint.example',
    'example',
    '127.0.0.1',
    '2130706433',
    'a.b.c.kawasaki.jp',
    'city.kawasaki.jp',
    'www.ck',
    'a.www.ck',
    'shop.example.co.uk',
    'co.uk',
    'a.github.io',
    'shop.myshopify.com',
  ]);
  for (const rule of rules) {
    const base = rule.replace(/^!/, '').replace(/\*/g, 'wild');
    if (!/^[\w.-]+$/.test(base)) continue; // A link's host is ASCII by then (punycode).
    const labels = base.split('.');
    for (let i = 1; i < labels.length; i++) hosts.add(`zz.${labels.slice(i).join('.')}`);
    for (const host of [base, `a.${base}`, `b.a.${base}`]) hosts.add(host);
  }
  const list = [...hosts];
  const out = await php(
    ['proxy/public-suffix.php'],
    `echo implode("\\n", array_map(static fn($h) => pubnet_widgets_registrable_domain($h) ?? '-', explode("\\n", $input)));`,
    list.join('\n'),
  );
  const got = out.split('\n');
  const wrong = list
    .map((host, i) => ({
      host,
      want: getDomain(host, { allowPrivateDomains: true, extractHostname: false }) ?? '-',
      got: got[i],
    }))
    .filter(({ want, got }) => want !== got);
  assert.ok(list.length > 30_000, `${list.length} hosts`);
  assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} of ${list.length} differ`);
});

test("a link's host is read only when every URL parser reads it alike", async () => {
  const cases: [string, string | null][] = [
    ['https://www.mediapoint.example/sale/', 'www.mediapoint.example'],
    ['HTTPS://WWW.MediaPoint.Example.:443/x?y#z', 'www.mediapoint.example'],
    ['http://shop.example', 'shop.example'],
    ['https://evil.example\\.www.mediapoint.example/', 'evil.example'],
    ['https://www.mediapoint.example@evil.example/', null],
    ['https://evil%2eexample/', null],
    ['https:///evil.example/', null],
    ['https:evil.example/', null],
    ['javascript:alert(1)//https://x', null],
    ['https://exämple.com/', null],
    ['https://[::1]:8080/', '[::1]'],
  ];
  const out = await php(
    ['proxy/public-suffix.php'],
    `echo implode("\\n", array_map(static fn($u) => pubnet_widgets_link_host($u) ?? '-', explode("\\n", $input)));`,
    cases.map(([url]) => url).join('\n'),
  );
  assert.deepEqual(
    out.split('\n'),
    cases.map(([, host]) => host ?? '-'),
  );
});

/** Runs the allow-list on each of `fragments`; what it gave for each. */
async function allowHtml(fragments: string[]): Promise<(string | null)[]> {
  const out = await php(
    ['elements/attributes.php', 'elements/allow-html.php'],
    `echo json_encode(array_map('pubnet_widgets_allow_html', json_decode($input, true)), JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES);`,
    JSON.stringify(fragments),
  );
  return JSON.parse(out) as (string | null)[];
}

test('what pubnet-widgets/render writes passes the allow-list byte for byte, in every styles mode', async () => {
  const stack = await startStack({ websites: [known.website.guid] });
  const key = known.website.guid;
  const styles: RenderOptions['styles'][] = [
    'inline',
    { nonce: 'bm9uY2UtMTIz' },
    { stylesheets: 'https://cdn.example/pubnet/' },
    { stylesheets: '/render/styles/' },
  ];
  const adslots = [
    known.filterAdslot,
    known.manualAdslot,
    known.emptyFilterAdslot,
    known.hostileAdslot,
    known.invalidConfigAdslot,
    known.secondSiteAdslot,
    known.bannerAdslot,
    known.polishAdslot,
  ];
  const fragments: string[] = [];
  for (const style of styles) {
    const options = { api: stack.proxy, styles: style, lang: 'pl-PL' };
    for (const adslot of adslots) {
      fragments.push((await renderAdslot({ ...options, adslot, key, sid: 'wp_1' })).html);
      fragments.push(
        (await renderAdslot({ ...options, adslot, key, fallback: '<a href="/x">Deals</a>' })).html,
      );
    }
    for (const attributes of [
      { query: 'headphones', limit: '4', sale: '' },
      { query: 'shoes', layout: 'list', columns: '3', ordering: '-discount' },
      { offer: known.offers[0], 'min-price': '10', 'max-price': '900' },
      { query: 'nothing-matches-this' },
    ])
      fragments.push((await renderProductGrid({ ...attributes, key }, options)).html);
    const { comparison } = known;
    for (const attributes of [
      { gtin: comparison.gtin, limit: '3' },
      { mpn: comparison.mpn, ordering: '-price', show: 'image logo brand' },
      { query: comparison.query, show: 'brand', cta: 'Kup' },
      { mpn: comparison.mpnOnly.mpn, show: 'image' },
      { gtin: '00000000' },
    ])
      fragments.push(
        (await renderPriceComparison({ ...attributes, key }, options)).html,
        (
          await renderPriceComparison(
            { ...attributes, key },
            { ...options, fallback: '<a href="/x">Deals</a>' },
          )
        ).html,
      );
    // Loan offers: a list and a grid with their terms, features, promotions and representative
    // examples; the hostile entries' markup as text; none found.
    for (const attributes of [
      { type: 'short_term', 'loan-amount': '1000', highlight: '2', limit: '5' },
      { type: 'short_term|long_term', layout: 'grid', 'first-loan-free': '', 'no-bik': '' },
      { type: 'long_term', ordering: 'max_loan_period', 'no-income-proof': '', cta: 'Wnioskuj' },
      { only: known.loans.hostile.join('|'), pinned: 'niepelna.example' },
      { only: 'nobody.example' },
    ])
      fragments.push(
        (await renderLoanOffers({ ...attributes, key }, options)).html,
        (
          await renderLoanOffers(
            { ...attributes, key },
            { ...options, fallback: '<a href="/x">Deals</a>' },
          )
        ).html,
      );
  }
  const out = await allowHtml(fragments);
  const changed = fragments
    .map((fragment, i) => ({ fragment, got: out[i] }))
    .filter(({ fragment, got }) => fragment !== got)
    .map(({ fragment, got }) => {
      let at = 0;
      while (at < fragment.length && fragment[at] === got?.[at]) at++;
      return `at ${at}: ${JSON.stringify(fragment.slice(at - 80, at + 80))} became ${JSON.stringify(got?.slice(at - 80, at + 80))}`;
    });
  assert.ok(fragments.length >= 70, `${fragments.length} fragments`);
  assert.ok(
    fragments.some((f) => f.includes('<style>')) &&
      fragments.some((f) => f.includes(' data-room="grid c4 u4"')) &&
      fragments.some((f) => f.includes('<iframe')) &&
      fragments.some((f) => f.includes('<link')) &&
      fragments.some((f) => f.includes('slot="fallback"')) &&
      fragments.some((f) => f.includes('<pubnet-price-comparison') && f.includes('part="row"')) &&
      [
        '<dl part="terms"',
        '<ul part="features"',
        '<span part="recommended"',
        '<p part="example"',
      ].every((part) =>
        fragments.some((f) => f.includes('<pubnet-loan-offers') && f.includes(part)),
      ),
    'styles, creatives, stylesheets, fallbacks, price comparisons with rows and loan offers with their terms, features, marks and examples among them',
  );
  assert.deepEqual(changed, []);
});

test('hostile markup comes out without script, event handlers, foreign elements or other URL schemes', async () => {
  const cases: [string, string][] = [
    [
      `<pubnet-adslot adslot="x" onclick="alert(1)" api="https://evil.example/"><template shadowrootmode="open"><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">a</a></template></pubnet-adslot>`,
      `<pubnet-adslot adslot="x"><template shadowrootmode="open"><img><a>a</a></template></pubnet-adslot>`,
    ],
    // A dropped tag cannot join a lone `<` to the text after it.
    [
      `<pubnet-adslot><<script>x</script>img src=x onerror=alert(1)></pubnet-adslot>`,
      `<pubnet-adslot>&lt;img src=x onerror=alert(1)></pubnet-adslot>`,
    ],
    [
      `<pubnet-adslot><a href="&#106avascript:alert(1)">x</a><a href=" javascript:alert(1)">y</a><a href="java&#x09;script:1">z</a><a href="https://ok.example/?a=1&amp;b=2">ok</a></pubnet-adslot>`,
      `<pubnet-adslot><a>x</a><a>y</a><a>z</a><a href="https://ok.example/?a=1&amp;b=2">ok</a></pubnet-adslot>`,
    ],
    // A creative's frame only sandboxed without scripts, and only as srcdoc.
    [
      `<pubnet-adslot><iframe srcdoc="<script>alert(1)</script>"></iframe><iframe srcdoc="x" sandbox="allow-scripts allow-popups"></iframe><iframe src="https://evil.example/" srcdoc="x" sandbox=""></iframe><iframe srcdoc="ok" sandbox="allow-popups">inner</iframe></pubnet-adslot>`,
      `<pubnet-adslot><iframe srcdoc="ok" sandbox="allow-popups"></iframe></pubnet-adslot>`,
    ],
    // CSS only inside a shadow root; an SVG's style (markup to a browser) never.
    [
      `<pubnet-adslot><style>body{display:none}</style><template shadowrootmode="open"><style>:host{color:red}</style><svg><style><img src=x onerror=alert(1)></style></svg></template></pubnet-adslot>`,
      `<pubnet-adslot><template shadowrootmode="open"><style>:host{color:red}</style></template></pubnet-adslot>`,
    ],
    // A range's `<` in CSS (a container query) is no tag; a `<` that could start one is refused.
    [
      `<pubnet-adslot><template shadowrootmode="open"><style>@container (width < 420px) { a { b: c } }</style><style>a{}<img src=x onerror=alert(1)></style><style>a{}<!--x--></style><style>a{}</p></style></template></pubnet-adslot>`,
      `<pubnet-adslot><template shadowrootmode="open"><style>@container (width < 420px) { a { b: c } }</style></template></pubnet-adslot>`,
    ],
    [
      `<pubnet-adslot><noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><textarea><img src=x onerror=alert(2)></textarea><title><img src=x onerror=alert(3)></title></pubnet-adslot>`,
      `<pubnet-adslot><img>"></pubnet-adslot>`,
    ],
    [
      `<pubnet-adslot><div style="position:fixed;inset:0">x</div><div style="left:1px;top:2px;width:3px;height:4px">ok</div><a/href="https://ok.example"/onclick=alert(1)>o</a><IMG SRC="https://ok.example/i.png" ONERROR="alert(1)"></pubnet-adslot>`,
      `<pubnet-adslot><div>x</div><div style="left:1px;top:2px;width:3px;height:4px">ok</div><a href="https://ok.example">o</a><img src="https://ok.example/i.png"></pubnet-adslot>`,
    ],
    // Comments end where a browser ends them; only stylesheets are linked.
    [
      `<pubnet-adslot><!--><img src=x onerror=alert(1)>--><!-- a --!><img src=y onerror=alert(2)><!--x--><link rel=stylesheet href=javascript:alert(1)><link rel="preload" href="/a.css"><link rel="stylesheet" href="/a.css"><meta http-equiv=refresh content="0;url=https://evil.example/"><base href="https://evil.example/"><form action="https://evil.example/"><input name=x></form><object data="x"></object></pubnet-adslot>`,
      `<pubnet-adslot><img>--><!-- a --!><img><!--x--><link rel="stylesheet" href="/a.css"></pubnet-adslot>`,
    ],
    // The first of two attributes of a name is the one a browser keeps.
    [
      `<pubnet-adslot><a href="https://a.example/" href="javascript:alert(1)">dup</a><a title=">"<img src=x onerror=alert(1)>">t</a></pubnet-adslot>`,
      `<pubnet-adslot><a href="https://a.example/">dup</a><a>">t</a></pubnet-adslot>`,
    ],
    // A vertical tab is no whitespace to a browser: `x\vonerror=…` is one value.
    [
      `<pubnet-adslot><img src=x\vonerror=alert(1)></pubnet-adslot>`,
      `<pubnet-adslot><img></pubnet-adslot>`,
    ],
    [`<pubnet-adslot><plaintext><img src=x onerror=alert(1)></pubnet-adslot>`, `<pubnet-adslot>`],
    // The loan offers' terms and texts keep their part, and nothing else.
    [
      `<pubnet-loan-offers type="short_term" onclick="alert(1)" no-bik><template shadowrootmode="open"><dl part="terms" onclick="alert(1)"><div><dt style="color:red">a</dt><dd title="x">b</dd></div></dl><ul part="features" onmouseover="alert(1)"><li>f</li></ul><p part="example" onmouseover="alert(2)">c</p><p><script>alert(3)</script>d</p></template></pubnet-loan-offers>`,
      `<pubnet-loan-offers type="short_term" no-bik=""><template shadowrootmode="open"><dl part="terms"><div><dt>a</dt><dd>b</dd></div></dl><ul part="features"><li>f</li></ul><p part="example">c</p><p>d</p></template></pubnet-loan-offers>`,
    ],
  ];
  const out = await allowHtml(cases.map(([hostile]) => hostile));
  assert.deepEqual(
    out,
    cases.map(([, kept]) => kept),
  );
  assert.deepEqual(await allowHtml(['<pubnet-adslot>\0</pubnet-adslot>']), [null]);
});

test("the main file loads every file of includes/, each feature's hooks last; any other file loads with nothing of WordPress, so it only defines", async () => {
  const files = (await readdir(INCLUDES, { recursive: true }))
    .map((path) => path.split('\\').join('/'))
    .filter((path) => path.endsWith('.php') && !GENERATED.includes(path))
    .sort();
  const main = await readFile(join(INCLUDES, '..', 'pubnet-widgets.php'), 'utf8');
  const loaded = [...main.matchAll(/^require_once __DIR__ \. '\/includes\/([^']+)';$/gm)].map(
    ([, path]) => path!,
  );
  assert.deepEqual([...loaded].sort(), files, 'each file of includes/ loaded once');
  const hooks = loaded.filter((path) => path.endsWith('/hooks.php'));
  assert.deepEqual(loaded.slice(-hooks.length), hooks, 'the hooks files last');
  const definitions = files.filter((path) => !hooks.includes(path));
  // No add_action, register_* or any other WordPress function exists here: calling one is fatal.
  assert.equal(await php(definitions, `echo 'loaded';`, ''), 'loaded');
});
