// Keeps the generated sections of the README and the docs true, each between its
// `<!-- name:start -->` and `<!-- name:end -->` markers (TARGETS says which file holds
// which): the README's table of the elements and docs/elements.md's reference, from
// custom-elements.json; docs/figures.md's bench table and its Lighthouse and quick-start
// tables, from bench/results.json. `npm run docs` rewrites them;
// test/tooling/readme.test.ts fails when they are stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const cell = (text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

/** The generated sections each file holds, by their markers' names. */
export const TARGETS = {
  'README.md': ['element-table'],
  'docs/elements.md': ['elements'],
  'docs/figures.md': ['bench', 'lighthouse'],
};

/** The elements of a manifest, by tag name. */
const elementsOf = (manifest) =>
  manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration) => declaration.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));

/** The first paragraph of an element's class doc comment; the rest is for editors. */
const firstParagraph = (element) => (element.description ?? '').split(/\n\s*\n/)[0];

/**
 * The README's table of the elements: each tag, linked to its section of the reference
 * (docs/elements.md, whose headings GitHub and npm anchor as the bare tag name), and its
 * `@summary` (else the first sentence of its description).
 */
export function renderElementTable(manifest, reference = 'docs/elements.md') {
  const rows = elementsOf(manifest).map((element) => {
    const summary = element.summary ?? firstParagraph(element).split(/(?<=\.)\s/)[0];
    return `| [\`<${element.tagName}>\`](${reference}#${element.tagName}) | ${cell(summary)} |`;
  });
  return ['| element | what it is |', '|---|---|', ...rows].join('\n');
}

/** The reference of every element: attributes, events, slots, parts, custom properties. */
export function renderElements(manifest) {
  const out = [];
  for (const element of elementsOf(manifest)) {
    const intro = firstParagraph(element) || element.summary || '';
    out.push(`### \`<${element.tagName}>\``, '', cell(intro), '');
    const table = (title, head, rows) => {
      if (!rows.length) return;
      out.push(
        `**${title}**`,
        '',
        `| ${head.join(' | ')} |`,
        `|${head.map(() => '---').join('|')}|`,
      );
      for (const row of rows) out.push(`| ${row.map(cell).join(' | ')} |`);
      out.push('');
    };
    table(
      'Attributes',
      ['attribute', 'description'],
      (element.attributes ?? []).map((a) => [`\`${a.name}\``, a.description]),
    );
    table(
      'Events',
      ['event', 'description'],
      (element.events ?? []).map((e) => [`\`${e.name}\``, e.description]),
    );
    table(
      'Slots',
      ['slot', 'description'],
      (element.slots ?? []).map((s) => [s.name ? `\`${s.name}\`` : '(default)', s.description]),
    );
    table(
      'Parts',
      ['part', 'description'],
      (element.cssParts ?? []).map((p) => [`\`${p.name}\``, p.description]),
    );
    table(
      'Custom properties',
      ['property', 'default', 'description'],
      (element.cssProperties ?? []).map((p) => [
        `\`${p.name}\``,
        p.default ? `\`${p.default}\`` : '',
        p.description,
      ]),
    );
  }
  return out.join('\n').trim();
}

/** Figures with a table of their own (renderLighthouse), left out of the bench table. */
const isLighthouse = (name) => name.startsWith('lighthouse.') || name.startsWith('quick-start');

/** The benchmark table: each figure's median beside its goal. */
export function renderBench(results) {
  const figures = Object.entries(results.figures).filter(([name]) => !isLighthouse(name));
  const rows = figures.map(([name, f]) => [
    f.label ?? name,
    f.median === null || f.median === undefined ? 'n/a' : `${f.median} ${f.unit ?? ''}`.trim(),
    f.goal ?? '',
    f.ok === null || f.ok === undefined ? '—' : f.ok ? 'yes' : 'no',
    f.summary ?? '',
  ]);
  return [
    `Median of ${results.runs} runs, emulator latency ${results.latencyMs} ms, ${results.machine?.cpus ?? '?'} cores, Chromium ${results.machine?.chromium ?? '?'} (${results.date?.slice(0, 10) ?? ''}).`,
    '',
    '| figure | median | goal | met | detail |',
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

const score = (value) => (value === null || value === undefined ? 'n/a' : String(value));
const cls = (value) => (value === null || value === undefined ? 'n/a' : value.toFixed(3));
const met = (f) => (f.ok === null || f.ok === undefined ? '—' : f.ok ? 'yes' : 'no');

/**
 * The Lighthouse tables (bench/groups/lighthouse.mjs): the demo pages' scores and CLS
 * per form factor against their goals, then the README quick start's CLS.
 * Empty when the results hold no Lighthouse figure.
 */
export function renderLighthouse(results) {
  const entries = Object.entries(results.figures ?? {});
  const demo = entries.filter(([name]) => name.startsWith('lighthouse.'));
  const quick = entries.filter(([name]) => name.startsWith('quick-start'));
  if (!demo.length && !quick.length) return '';
  const parts = (name) => name.split('.'); // [group, page, form factor]
  const version = entries.map(([, f]) => f.lighthouse).find(Boolean) ?? '?';
  const out = [
    `Lighthouse ${version}, its desktop and mobile presets (simulated throttling), Chromium ${results.machine?.chromium ?? '?'}, emulator latency ${results.latencyMs} ms, ${results.machine?.cpus ?? '?'} cores (${results.date?.slice(0, 10) ?? ''}).`,
  ];
  if (demo.length) {
    const goal = demo[0][1].goal ?? '';
    out.push(
      '',
      `The demo pages (\`npm start\`); goals: ${cell(goal)}.`,
      '',
      '| page | form factor | performance | accessibility | best practices | CLS | met |',
      '|---|---|---|---|---|---|---|',
    );
    for (const [name, f] of demo) {
      const [, page, formFactor] = parts(name);
      const s = f.scores ?? {};
      out.push(
        `| ${[page, formFactor, score(s.performance), score(s.accessibility), score(s.bestPractices), cls(f.cls), met(f)].map(cell).join(' | ')} |`,
      );
    }
  }
  if (quick.length) {
    out.push(
      '',
      'The README quick start, pasted as it is into a page with article text below the widget; `-ssr`: the same page rendered by the server.',
      '',
      '| page | form factor | CLS | goal | met | performance | accessibility | best practices |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const [name, f] of quick) {
      const [, page = 'n/a', formFactor = ''] = parts(name);
      const s = f.scores ?? {};
      out.push(
        `| ${[page, formFactor, f.median === null || f.median === undefined ? 'n/a' : cls(f.median), f.goal ?? '', met(f), score(s.performance), score(s.accessibility), score(s.bestPractices)].map(cell).join(' | ')} |`,
      );
    }
  }
  return out.join('\n');
}

/** Every generated section, by its markers' name, from the sources that exist. */
export function sections() {
  const found = {};
  if (existsSync(new URL('custom-elements.json', root))) {
    const manifest = JSON.parse(read('custom-elements.json'));
    found.elements = renderElements(manifest);
    found['element-table'] = renderElementTable(manifest);
  }
  if (existsSync(new URL('bench/results.json', root))) {
    const results = JSON.parse(read('bench/results.json'));
    found.bench = renderBench(results);
    // Only once a bench run has measured them: docs/figures.md then needs its markers.
    const lighthouse = renderLighthouse(results);
    if (lighthouse) found.lighthouse = lighthouse;
  }
  return found;
}

/** A text with its generated sections replaced; `file` names it in the error of a missing marker. */
export function updated(readme, generated, file = 'README') {
  let text = readme;
  for (const [name, body] of Object.entries(generated)) {
    const pattern = new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`);
    if (!pattern.test(text)) throw new Error(`${file} has no <!-- ${name}:start/end --> markers`);
    text = text.replace(pattern, (_all, start, end) => `${start}${body}\n${end}`);
  }
  return text;
}

/** Each file of TARGETS: its text now and with its generated sections as they should be. */
export function generatedFiles(generated = sections()) {
  return Object.entries(TARGETS).map(([path, names]) => {
    const text = read(path);
    const own = Object.fromEntries(
      names.filter((n) => n in generated).map((n) => [n, generated[n]]),
    );
    return { path, text, next: updated(text, own, path) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { path, text, next } of generatedFiles()) {
    if (next !== text) writeFileSync(new URL(path, root), next);
    console.log(`${path}: ${next === text ? 'up to date' : 'updated'}`);
  }
}
