// The language of a server-rendered element (issue 20): given explicitly as the render's `lang`
// option (never taken from a request's Accept-Language), checked, and carried by the element
// itself as its `lang` attribute, so that its take-over in the browser resolves the same
// language. Against the emulator through the shipped proxy, as test/render/render.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderAdslot, renderProductGrid, renderTags } from '../../src/render/index.js';
import { known, startStack } from '../proxy/support/stack.js';

const key = known.website.guid;
const stack = await startStack({ websites: [key] });
const api = stack.proxy;

/** The element's start tag. */
const startTag = (html: string, tag: string) => new RegExp(`^<${tag}\\b[^>]*>`).exec(html)?.[0];

test('the rendered element carries the lang it was given, on its own tag', async () => {
  const slot = await renderAdslot({ adslot: known.filterAdslot, key, api, lang: 'pl' });
  assert.equal(slot.state, 'ready');
  assert.equal(slot.attributes.lang, 'pl');
  assert.match(startTag(slot.html, 'pubnet-adslot')!, / lang="pl"/);
  assert.equal((slot.html.match(/ lang="/g) ?? []).length, 1, 'once, on the element');

  const grid = await renderProductGrid(
    { query: 'headphones', limit: '2', key },
    { api, lang: 'pl-PL' },
  );
  assert.equal(grid.state, 'ready');
  assert.equal(grid.attributes.lang, 'pl-PL');
  assert.match(startTag(grid.html, 'pubnet-product-grid')!, / lang="pl-PL"/);
});

test('without lang, none is written: the page’s own applies in the browser', async () => {
  const slot = await renderAdslot({ adslot: known.filterAdslot, key, api });
  assert.equal(slot.attributes.lang, undefined);
  assert.doesNotMatch(startTag(slot.html, 'pubnet-adslot')!, / lang=/);
  const grid = await renderProductGrid({ query: 'headphones', key }, { api });
  assert.doesNotMatch(startTag(grid.html, 'pubnet-product-grid')!, / lang=/);
});

test('a render that fails still carries its lang: the fallback is in the same language', async () => {
  const failed = await renderAdslot({
    adslot: known.filterAdslot,
    key,
    api: 'http://127.0.0.1:9/',
    lang: 'pl',
    fallback: '<p>Nasza oferta</p>',
  });
  assert.equal(failed.state, 'fallback');
  assert.equal(failed.attributes.lang, 'pl');
  assert.match(startTag(failed.html, 'pubnet-adslot')!, / lang="pl"/);
});

test('an invalid lang throws a TypeError naming lang, before any request', async () => {
  const before = stack.upstreamCalls().length;
  const invalid: unknown[] = [
    '',
    'p',
    'polski',
    'pl_PL',
    'pl-',
    'pl--PL',
    'pl-PL-toolongsub',
    '"><script>alert(1)</script>',
    'pl" onmouseover="x',
    ' pl',
    'pl\n',
    1,
    null,
    ['pl'],
  ];
  for (const lang of invalid) {
    await assert.rejects(
      renderAdslot({ adslot: known.filterAdslot, key, api, lang } as never),
      (error: Error) => {
        assert.ok(error instanceof TypeError, String(lang));
        assert.match(error.message, /^pubnet-widgets\/render: lang must be a language tag/);
        return true;
      },
    );
    await assert.rejects(
      renderProductGrid({ query: 'x' }, { api, lang } as never),
      /TypeError: pubnet-widgets\/render: lang must be/,
    );
  }
  assert.equal(stack.upstreamCalls().length, before, 'refused without a request');
  // Valid ones, to the longest (35 characters; 36 is one too many).
  const longest = 'en-' + 'abcdefgh-'.repeat(3) + 'abcde';
  assert.equal(longest.length, 35);
  await assert.rejects(
    renderAdslot({ adslot: known.filterAdslot, key, api, lang: longest + 'f' }),
    /lang must be/,
  );
  for (const lang of ['pl', 'PL', 'fil', 'zh-Hant-TW', 'de-CH-1996', longest]) {
    const rendered = await renderAdslot({ adslot: known.filterAdslot, key, api, lang });
    assert.equal(rendered.attributes.lang, lang);
    assert.ok(rendered.html.includes(` lang="${lang}"`));
  }
});

test('lang is the render’s option for a grid too, not one of its attributes', async () => {
  await assert.rejects(
    renderProductGrid({ query: 'x', lang: 'pl' } as never, { api }),
    (error: Error) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /attribute lang .*give lang as an option/);
      return true;
    },
  );
});

test('renderTags: a tag’s own lang is its language, else the lang option; invalid: left as it was', async () => {
  const page =
    `<html lang="pl"><body>` +
    `<pubnet-adslot adslot="${known.filterAdslot}" lang="de"></pubnet-adslot>` +
    `<pubnet-adslot adslot="${known.filterAdslot}" sid="two"></pubnet-adslot>` +
    `<pubnet-adslot adslot="${known.filterAdslot}" sid="three" lang="de_DE"></pubnet-adslot>` +
    `</body></html>`;
  const skipped: string[] = [];
  const { html, widgets } = await renderTags(page, {
    api,
    key,
    lang: 'pl',
    onSkip: (_tag, reason) => skipped.push(reason),
  });
  assert.deepEqual(
    widgets.map((widget) => widget.attributes.lang),
    ['de', 'pl'],
  );
  const tags = [...html.matchAll(/<pubnet-adslot\b[^>]*>/g)].map(([tag]) => tag);
  assert.equal(tags.length, 3);
  assert.match(tags[0]!, /^<pubnet-adslot adslot="[^"]+" lang="de" /, 'as written, once');
  assert.equal((tags[0]!.match(/ lang=/g) ?? []).length, 1);
  assert.match(tags[1]!, / lang="pl"/);
  assert.equal(tags[2], `<pubnet-adslot adslot="${known.filterAdslot}" sid="three" lang="de_DE">`);
  assert.deepEqual(skipped, [
    'TypeError: pubnet-widgets/render: lang must be a language tag like pl or pl-PL, at most 35 characters',
  ]);

  // Without a lang anywhere, none is added.
  const plain = await renderTags(`<pubnet-adslot adslot="${known.filterAdslot}"></pubnet-adslot>`, {
    api,
    key,
  });
  assert.doesNotMatch(plain.html, / lang=/);
});
