// The README's generated sections must match their sources: the element
// reference (custom-elements.json, written by the build) and the benchmark
// figures (bench/results.json). `npm run docs` refreshes both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  renderBench,
  renderElements,
  renderLighthouse,
  sections,
  updated,
} from '../../scripts/readme.mjs';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

test('the README element reference and figures are up to date (run `npm run docs`)', () => {
  const generated = sections();
  assert.ok(generated.elements, 'custom-elements.json is missing: run the build');
  assert.equal(updated(readme, generated), readme);
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
