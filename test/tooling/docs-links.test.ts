// Every relative link of the README, the changelog and docs/*.md works where it is read: in
// the repository (the file exists, and its `#anchor` is a heading there, as GitHub and npm
// name them) and in the package (the file is in what `npm pack` ships, as
// test/tooling/package.test.ts lists it). Also: the README is a landing page (at most 250
// lines, one small picture that the package ships, a link to every docs page), and each docs
// page opens with a paragraph saying what it is for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packedFiles } from '../support/packed.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');
const packed = packedFiles();

const DOCS = readdirSync(`${root}docs`)
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`)
  .sort();
/** The pages a reader of the package gets: the README, the changelog and the docs. */
const PAGES = ['README.md', 'CHANGELOG.md', ...DOCS];
/** Read in the repository only: the demo's gallery, beside the screenshots the package leaves out. */
const REPOSITORY_ONLY = ['docs/screenshots/README.md'];

/** Markdown without its fenced code blocks and code spans, where a link is text. */
function prose(markdown: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (open && open[1]!.startsWith(fence)) fence = null;
      kept.push('');
    } else if (open) {
      fence = open[1]!;
      kept.push('');
    } else {
      kept.push(line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, 'code'));
    }
  }
  return kept.join('\n');
}

/** A heading's anchor as GitHub (and npm) makes it: text only, lower case, no punctuation. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a page: its headings' slugs, a repeated one with `-1`, `-2`… as GitHub does. */
function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (open && open[1]!.startsWith(fence)) fence = null;
      continue;
    }
    if (open) {
      fence = open[1]!;
      continue;
    }
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]!);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      found.add(count ? `${base}-${count}` : base);
    }
    for (const match of line.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) found.add(match[1]!);
  }
  return found;
}

/** The link targets of a page: Markdown links and images, reference definitions, HTML src/href. */
function links(markdown: string): string[] {
  const text = prose(markdown);
  const targets: string[] = [];
  for (const match of text.matchAll(
    /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
  ))
    targets.push(match[1]!);
  for (const match of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm))
    targets.push(match[1]!);
  for (const match of text.matchAll(/<(?:img|a|source)\s[^>]*\b(?:src|href|srcset)="([^"]+)"/g))
    targets.push(match[1]!);
  return targets;
}

const isExternal = (target: string) =>
  /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/**
 * What is wrong with the relative links of `page` (a path from the root): a file that does not
 * exist, an anchor no heading makes, a path out of the repository, and, when `shipped` is
 * given, a file the package does not have.
 */
function brokenLinks(
  page: string,
  markdown: string,
  shipped?: Set<string>,
  readPage: (path: string) => string = read,
): string[] {
  const problems: string[] = [];
  for (const target of links(markdown)) {
    if (isExternal(target)) continue;
    const [rawPath = '', rawAnchor] = target.split('#') as [string, string | undefined];
    const path = decodeURIComponent(rawPath);
    const anchor = rawAnchor === undefined ? undefined : decodeURIComponent(rawAnchor);
    const file = path ? posix.normalize(posix.join(posix.dirname(page), path)) : page;
    const bare = file.replace(/\/$/, '');
    if (bare.startsWith('..') || posix.isAbsolute(bare)) {
      problems.push(`${page}: ${target} leads out of the repository`);
      continue;
    }
    if (!existsSync(`${root}${bare}`)) {
      problems.push(`${page}: ${target}: ${bare} does not exist`);
      continue;
    }
    const isDirectory = statSync(`${root}${bare}`).isDirectory();
    if (anchor !== undefined) {
      if (!bare.endsWith('.md'))
        problems.push(`${page}: ${target}: an anchor into a file that is not Markdown`);
      else if (!anchors(bare === page ? markdown : readPage(bare)).has(anchor))
        problems.push(`${page}: ${target}: ${bare} has no heading whose anchor is #${anchor}`);
    }
    if (
      shipped &&
      !(isDirectory ? [...shipped].some((f) => f.startsWith(`${bare}/`)) : shipped.has(bare))
    )
      problems.push(`${page}: ${target}: ${bare} is not in the package`);
  }
  return problems;
}

test('the link checker knows GitHub anchors, and finds what is broken', () => {
  assert.equal(slug('`<pubnet-adslot>`'), 'pubnet-adslot');
  assert.equal(
    slug('Layout shift: none from the first paint'),
    'layout-shift-none-from-the-first-paint',
  );
  assert.equal(
    slug('Cloudflare Workers, Deno and Bun: the recipes in `examples/proxy/`'),
    'cloudflare-workers-deno-and-bun-the-recipes-in-examplesproxy',
  );
  assert.equal(
    slug("Any language: the proxy's render routes"),
    'any-language-the-proxys-render-routes',
  );
  assert.equal(slug('Next.js (App Router)'), 'nextjs-app-router');
  assert.deepEqual(
    [...anchors('# A\n## Same\n```\n# not a heading\n```\n## Same\n')],
    ['a', 'same', 'same-1'],
  );
  const page = [
    '[ok](docs/proxy.md#load-figures) [here](#a) ![shot](docs/readme.webp)',
    '`[in code](nowhere.md)`',
    '```md\n[in a block](nowhere.md)\n```',
    '[gone](docs/nowhere.md) [no anchor](docs/proxy.md#nowhere) [self](#b)',
    '[out](../outside.md) [not shipped](bench/proxy-load.json) [web](https://example.com/x)',
  ].join('\n');
  const problems = brokenLinks('README.md', `# A\n${page}`, packed);
  const broken = [
    'docs/nowhere.md',
    'docs/proxy.md#nowhere',
    '#b',
    '../outside.md',
    'bench/proxy-load.json',
  ];
  assert.equal(problems.length, broken.length, problems.join('\n'));
  broken.forEach((target, i) =>
    assert.ok(problems[i]!.startsWith(`README.md: ${target}`), problems[i]),
  );
});

test('every relative link and anchor of the README, the changelog and docs/ works in the repository and in the package', () => {
  for (const page of PAGES) assert.ok(packed.has(page), `${page} is not in the package`);
  assert.ok(DOCS.length >= 10, DOCS.join(', '));
  const problems = PAGES.flatMap((page) => brokenLinks(page, read(page), packed));
  assert.deepEqual(problems, []);
});

test("the demo's gallery links its screenshots, in the repository; the package ships neither", () => {
  for (const page of REPOSITORY_ONLY) {
    assert.ok(!packed.has(page), `${page} is in the package`);
    assert.deepEqual(brokenLinks(page, read(page)), []);
    assert.ok(links(read(page)).length >= 10);
  }
  assert.deepEqual(
    [...packed].filter((path) => path.startsWith('docs/screenshots/')),
    [],
  );
});

test('the README is a landing page: at most 250 lines, one small picture in the package, a map of every docs page', () => {
  const readme = read('README.md');
  assert.ok(readme.split('\n').length <= 250, `${readme.split('\n').length} lines`);
  const images = [
    ...prose(readme).matchAll(/!\[[^\]]*\]\(([^)\s]+)\)|<img\s[^>]*src="([^"]+)"/g),
  ].map((match) => match[1] ?? match[2]!);
  assert.equal(images.length, 1, images.join(', '));
  const [image] = images as [string];
  assert.ok(packed.has(image), `${image} is not in the package`);
  const bytes = statSync(`${root}${image}`).size;
  assert.ok(bytes <= 40 * 1024, `${image} is ${bytes} B: a README picture of a few tens of KB`);
  const linked = new Set(links(readme).map((target) => target.split('#')[0]));
  assert.deepEqual(
    DOCS.filter((page) => !linked.has(page)),
    [],
    'docs pages the README does not link',
  );
  assert.ok(linked.has('CHANGELOG.md'));
});

test('each docs page opens with its title, then one paragraph saying what it is for', () => {
  for (const page of DOCS) {
    const blocks = read(page).split(/\n\s*\n/);
    assert.match(blocks[0]!, /^# \S/, `${page} starts with its title`);
    assert.match(blocks[1]!, /^This page is for\b/, `${page}: its first paragraph`);
    assert.doesNotMatch(blocks[1]!, /^(#|\||```|- |<!--)/m, `${page}: its first block is prose`);
  }
});
