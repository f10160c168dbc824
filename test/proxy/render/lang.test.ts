// The language of the proxy's rendered HTML (issue 20): `?lang=` on the render routes, passed to
// the render, carried by the element itself; one kept render per language; a request's
// Accept-Language changes nothing; an invalid or repeated lang renders collapsed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, known, startStack } from '../support/stack.js';
import { assertFallback, guid, renderUrl, tags } from '../support/render.js';

test('?lang= is the element’s lang, on its own tag, for both routes', async () => {
  const stack = await startStack({ websites: [guid] });
  const slot = await call(renderUrl(stack, known.filterAdslot, `?key=${guid}&lang=pl`));
  assert.equal(slot.headers.get('x-pubnet-render'), 'ready');
  assert.match(slot.text, /^<pubnet-adslot [^>]*\blang="pl"/);
  assert.equal(tags(slot.text, 'pubnet-adslot')[0].lang, 'pl');
  // (This slot's own config says `disclosure: 'Ad'`, `cta: 'Shop now'`: they come first.)

  const grid = await call(`${stack.proxy}render/product-grid/?query=headphones&lang=pl-PL`);
  assert.equal(grid.headers.get('x-pubnet-render'), 'ready');
  assert.equal(tags(grid.text, 'pubnet-product-grid')[0].lang, 'pl-PL');
  // The elements' Polish words and prices, rendered on the server (Lit's markers left out).
  const shown = grid.text.replace(/<!--.*?-->/g, '');
  assert.match(shown, /<span part="disclosure" class="disclosure">Reklama<\/span>/);
  assert.match(shown, />Do sklepu</);
  assert.match(shown, /\d,\d\d\u00a0zł/);
  assert.doesNotMatch(shown, />Shop now</);

  // Without it, none: the page's own lang applies in the browser.
  const plain = await call(renderUrl(stack, known.filterAdslot));
  assert.equal(tags(plain.text, 'pubnet-adslot')[0].lang, undefined);
});

test('each lang is a render of its own, kept; Accept-Language changes nothing', async () => {
  const stack = await startStack({ websites: [guid] });
  const url = (lang: string) => renderUrl(stack, known.filterAdslot, `?key=${guid}&lang=${lang}`);
  const polish = await call(url('pl'));
  const calls = stack.upstreamCalls().length;
  assert.equal(calls, 2, 'the slot and its search');
  assert.equal(stack.logs.at(-1)!.note, 'render ready');
  const english = await call(url('en'));
  assert.equal(stack.logs.at(-1)!.note, 'render ready', 'rendered, not the Polish one');
  assert.equal(tags(english.text, 'pubnet-adslot')[0].lang, 'en');
  assert.notEqual(english.headers.get('etag'), polish.headers.get('etag'));
  assert.equal(english.headers.get('x-cache'), 'HIT', 'from the reads the first render cached');
  assert.equal(stack.upstreamCalls().length, calls);

  const german = { 'Accept-Language': 'de-DE,de;q=0.9' };
  for (const [lang, first] of [
    ['pl', polish],
    ['en', english],
  ] as const) {
    const again = await call(url(lang), { headers: german });
    assert.equal(again.text, first.text, 'the same HTML, whatever Accept-Language says');
    assert.equal(again.headers.get('etag'), first.headers.get('etag'));
    assert.equal(again.headers.get('vary'), 'Accept-Encoding', 'no Vary on Accept-Language');
    assert.equal(again.headers.get('x-cache'), 'HIT');
  }
  // The Polish render, made from reads of its own, is kept; the English one, made from cached
  // reads, is rendered again from them (a render outlives no read it was made from).
  await call(url('pl'), { headers: german });
  assert.equal(stack.logs.at(-1)!.note, 'render kept');

  // Nor does it give a language to a render without one.
  const none = await call(renderUrl(stack, known.filterAdslot), {
    headers: { 'Accept-Language': 'pl' },
  });
  assert.equal(tags(none.text, 'pubnet-adslot')[0].lang, undefined);
  assert.equal(stack.upstreamCalls().length, calls, 'no upstream call');
});

test('an invalid lang, or lang twice, renders collapsed, without an upstream call', async () => {
  const stack = await startStack({ websites: [guid] });
  const grid = `${stack.proxy}render/product-grid/?query=headphones`;
  const slot = (query: string) => renderUrl(stack, known.filterAdslot, `?key=${guid}${query}`);
  const cases: [url: string, tag: string, reason: RegExp][] = [
    [slot('&lang=polski'), 'pubnet-adslot', /reason="TypeError: [^"]*lang must be a language tag/],
    [slot('&lang='), 'pubnet-adslot', /lang must be/],
    [slot('&lang=pl_PL'), 'pubnet-adslot', /lang must be/],
    [slot(`&lang=en-${'x'.repeat(40)}`), 'pubnet-adslot', /lang must be/],
    [slot('&lang=%22%3E%3Cscript%3E'), 'pubnet-adslot', /lang must be/],
    [`${grid}&lang=pl%22%20onclick%3D%22x`, 'pubnet-product-grid', /lang must be/],
    [slot('&lang=pl&lang=en'), 'pubnet-adslot', /reason="parameter lang given twice"/],
    [`${grid}&lang=pl&lang=pl`, 'pubnet-product-grid', /parameter lang given twice/],
  ];
  for (const [url, tag, reason] of cases) {
    const answer = await call(url);
    assertFallback(answer, tag, reason);
    const [element] = tags(answer.text, tag);
    assert.equal(element.lang, undefined, `${url}: only a valid lang is written`);
    assert.doesNotMatch(answer.text, /<script|onclick/);
  }
  assert.equal(stack.upstreamCalls().length, 0);
});

test('lang twice is refused, even when the render without it is kept', async () => {
  const stack = await startStack({ websites: [guid] });
  await call(renderUrl(stack, known.filterAdslot));
  await call(renderUrl(stack, known.filterAdslot));
  assert.equal(stack.logs.at(-1)!.note, 'render kept');
  // Its parameters but the one given twice are the kept render's: it must not answer.
  const twice = await call(renderUrl(stack, known.filterAdslot, `?key=${guid}&lang=pl&lang=en`));
  assertFallback(twice, 'pubnet-adslot', /parameter lang given twice/);
  assert.equal(tags(twice.text, 'pubnet-adslot')[0].lang, undefined, 'neither of the two');
});

test('a render that fails carries its valid lang, its collapsed element too', async () => {
  const stack = await startStack({ websites: [guid] });
  // Refused by the render (a bad key): the collapsed element the proxy writes.
  const refused = await call(renderUrl(stack, known.filterAdslot, '?key=not%20a%20guid&lang=pl'));
  assertFallback(refused, 'pubnet-adslot', /key must be/);
  assert.equal(tags(refused.text, 'pubnet-adslot')[0].lang, 'pl');
  // Refused by the route (an unknown parameter).
  const unknown = await call(`${stack.proxy}render/product-grid/?colour=red&lang=pl`);
  assertFallback(unknown, 'pubnet-product-grid', /unknown parameter colour/);
  assert.equal(tags(unknown.text, 'pubnet-product-grid')[0].lang, 'pl');
  // Failed upstream: the collapsed element the render writes.
  stack.emulator.setFaults([{ path: '/publisher/adslots/*', kind: 'status', status: 500 }]);
  const failed = await call(renderUrl(stack, known.filterAdslot, `?key=${guid}&lang=pl`));
  assertFallback(failed, 'pubnet-adslot', /status code 500/);
  assert.equal(tags(failed.text, 'pubnet-adslot')[0].lang, 'pl');
});
