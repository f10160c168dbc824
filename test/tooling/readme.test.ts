// The README's generated sections must match their sources: the element
// reference (custom-elements.json, written by the build) and the benchmark
// figures (bench/results.json). `npm run docs` refreshes both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { renderBench, renderElements, sections, updated } from '../../scripts/readme.mjs';

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
