// The generated sections of the README and the docs must match their sources: the
// README's table of the elements and docs/elements.md's reference (custom-elements.json,
// written by the build), and docs/figures.md's benchmark figures (bench/results.json).
// `npm run docs` refreshes them all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  TARGETS,
  generatedFiles,
  renderBench,
  renderElementTable,
  renderElements,
  renderLighthouse,
  sections,
  updated,
} from '../../scripts/docs/readme.mjs';

test('the elements table, the element reference and the figures are up to date (run `npm run docs`)', () => {
  const generated = sections();
  assert.ok(generated.elements, 'custom-elements.json is missing: run the build');
  assert.ok(generated.bench, 'bench/results.json is missing');
  // Each section is in exactly one file, and every section is somewhere.
  const placed = Object.values(TARGETS).flat();
  assert.deepEqual([...placed].sort(), [...new Set(placed)].sort());
  for (const name of Object.keys(generated)) assert.ok(placed.includes(name), name);
  for (const { path, text, next } of generatedFiles(generated)) assert.equal(next, text, path);
});

test("the README's table of the elements has every tag, its summary and a link to its reference", () => {
  const text = renderElementTable({
    modules: [
      {
        declarations: [
          { tagName: 'x-zeta', description: 'Zeta shows things. More about it.\n\nDetails.' },
          { tagName: 'x-alpha', summary: 'Alpha | first.', description: 'Long text.' },
          { name: 'NotAnElement' },
        ],
      },
    ],
  });
  assert.equal(
    text,
    [
      '| element | what it is |',
      '|---|---|',
      '| [`<x-alpha>`](docs/elements.md#x-alpha) | Alpha \\| first. |',
      '| [`<x-zeta>`](docs/elements.md#x-zeta) | Zeta shows things. |',
    ].join('\n'),
  );
});

test('the element reference lists every attribute, event, part and custom property', () => {
  const manifest = {
    modules: [
      {
        declarations: [
          {
            tagName: 'x-demo',
            description: 'A demo | element.',
            attributes: [{ name: 'min-price', description: 'Lowest price.' }],
            events: [{ name: 'pubnet-load', description: 'Shown.' }],
            slots: [{ name: '', description: 'Content.' }],
            cssParts: [{ name: 'card', description: 'A card.' }],
            cssProperties: [{ name: '--pubnet-gap', default: '12px', description: 'Gap.' }],
          },
        ],
      },
    ],
  };
  const text = renderElements(manifest);
  for (const expected of [
    '### `<x-demo>`',
    'A demo \\| element.',
    '| `min-price` | Lowest price. |',
    '| `pubnet-load` | Shown. |',
    '| (default) | Content. |',
    '| `card` | A card. |',
    '| `--pubnet-gap` | `12px` | Gap. |',
  ]) {
    assert.ok(text.includes(expected), `missing: ${expected}`);
  }
});

test('the figures table shows each median beside its goal', () => {
  const text = renderBench({
    date: '2026-11-22T00:00:00Z',
    runs: 5,
    latencyMs: 100,
    machine: { cpus: 2, chromium: '156' },
    figures: {
      'size.cdn': {
        label: 'CDN size',
        median: 10900,
        unit: 'B',
        goal: '≤ 11264 B',
        ok: true,
        summary: '1.8× Lit',
      },
      'size.lit': { label: 'Lit', median: 5850, unit: 'B', goal: '(reference)', ok: null },
      'render.slot': { label: 'Slot', median: 400, unit: 'ms', goal: '≤ 320 ms', ok: false },
    },
  });
  assert.ok(text.includes('| CDN size | 10900 B | ≤ 11264 B | yes | 1.8× Lit |'));
  assert.ok(text.includes('| Lit | 5850 B | (reference) | — |  |'));
  assert.ok(text.includes('| Slot | 400 ms | ≤ 320 ms | no |  |'));
  assert.ok(text.includes('Median of 5 runs, emulator latency 100 ms'));
});

test('a README without the markers is an error, not a silent pass', () => {
  assert.throws(() => updated('no markers', { elements: 'x' }), /elements:start/);
});

test('Lighthouse figures get their own tables, not rows of the bench table', () => {
  const results = {
    date: '2026-11-25T00:00:00Z',
    runs: 5,
    latencyMs: 100,
    machine: { cpus: 2, chromium: '142' },
    figures: {
      'size.cdn': { label: 'CDN size', median: 10900, unit: 'B', goal: '≤ 11264 B', ok: true },
      'lighthouse.product-grid.desktop': {
        label: 'Lighthouse product-grid (desktop)',
        median: 79,
        unit: 'perf',
        goal: 'perf ≥ 95, a11y 100, bp 100',
        ok: false,
        scores: { performance: 79, accessibility: 100, bestPractices: 100 },
        cls: 0.5198,
        lighthouse: '12.2.3',
      },
      'quick-start.grid-ssr.mobile': {
        label: 'Quick start grid-ssr (mobile), CLS',
        median: 0,
        unit: '',
        goal: '≤ 0',
        ok: true,
        scores: { performance: 100, accessibility: 100, bestPractices: 96 },
        cls: 0,
      },
      'quick-start': { label: 'Quick start', median: null, ok: false, error: 'no section' },
    },
  };
  const bench = renderBench(results);
  assert.ok(bench.includes('| CDN size |'));
  assert.ok(!bench.includes('Lighthouse') && !bench.includes('Quick start'));
  const text = renderLighthouse(results);
  assert.ok(text.startsWith('Lighthouse 12.2.3, its desktop and mobile presets'));
  assert.ok(text.includes('| product-grid | desktop | 79 | 100 | 100 | 0.520 | no |'), text);
  assert.ok(text.includes('| grid-ssr | mobile | 0.000 | ≤ 0 | yes | 100 | 100 | 96 |'), text);
  assert.ok(text.includes('| n/a |  | n/a |  | no |'), text);
  assert.equal(
    renderLighthouse({ ...results, figures: { 'size.cdn': results.figures['size.cdn'] } }),
    '',
  );
  // Once measured, the README needs its markers: a missing pair is an error.
  assert.throws(
    () => updated('<!-- bench:start -->\n<!-- bench:end -->', { lighthouse: text }),
    /lighthouse:start/,
  );
});
