// The elements render with Lit SSR in Node, with no DOM: each one produces its
// declarative shadow DOM, from the same templates and styles as in the browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html } from 'lit';
import '../../src/index.js';

const cases = [
  [
    'pubnet-product-grid',
    html`<pubnet-product-grid query="headphones" limit="3" layout="list"></pubnet-product-grid>`,
  ],
  [
    'pubnet-adslot',
    html`<pubnet-adslot adslot="a1000000-0000-4000-8000-000000000001"></pubnet-adslot>`,
  ],
  [
    'pubnet-offer-link',
    html`<pubnet-offer-link offer="0f1e2d3c-4b5a-4697-8877-665544332201">Shop</pubnet-offer-link>`,
  ],
] as const;

for (const [tag, template] of cases)
  test(`${tag} renders its declarative shadow DOM with Lit SSR, with no DOM`, async () => {
    assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
    const out = await collectResult(render(template));
    assert.match(out, new RegExp(`^<!--lit-part [^>]*-->\\s*<${tag}[^>]*>`));
    assert.match(out, /<template shadowroot="open" shadowrootmode="open">/);
    // The element's own styles travel with it, and its state is reflected.
    assert.match(out, /<style>[^<]*--pubnet-bg/);
    assert.match(out, new RegExp(`<${tag}[^>]* state="loading"`));
  });

test('the server renders the loading skeleton of a grid at its final size', async () => {
  const out = await collectResult(
    render(html`<pubnet-product-grid limit="3"></pubnet-product-grid>`),
  );
  assert.equal(out.match(/<li class="card skeleton"/g)?.length, 3);
  assert.match(out, /aria-busy="true"/);
});
