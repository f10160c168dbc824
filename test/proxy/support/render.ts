// What the tests of the proxy's render routes share: their URLs, and reading and checking the
// HTML they answer (its tags, its data-answer, a render that failed).
import assert from 'node:assert/strict';
import { known, type Answer, type Stack } from './stack.js';

export const guid = known.website.guid;
export const JSON_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=60';
export const SHORT = 'public, max-age=10';

export type Attributes = Record<string, string>;
export interface Product {
  link: string;
}
export interface Composed {
  _embedded: {
    products?: { results: Product[] };
    widgets?: ({ tracking_link?: string } | null)[];
  };
  widgets: { url: string; item_type: string; embed_code?: string }[];
}

export const renderUrl = (stack: Stack, adslot: string, query = `?key=${guid}`) =>
  `${stack.proxy}render/adslots/${adslot}/${query}`;
export const jsonUrl = (stack: Stack, adslot: string) =>
  `${stack.proxy}publisher/adslots/${adslot}/?key=${guid}`;

export const unescape = (value: string) =>
  value.replace(/&(quot|lt|gt|#39|amp);/g, (_, name: string) =>
    name === 'quot' ? '"' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === '#39' ? "'" : '&',
  );

/** The element's `data-answer`, parsed. */
export function dataAnswer(html: string): unknown {
  const value = / data-answer="([^"]*)"/.exec(html)?.[1];
  assert.ok(value !== undefined, 'the element carries data-answer');
  return JSON.parse(unescape(value));
}

/** The attributes of every `<name …>` tag (`data-answer` aside: the answer is checked on its own). */
export function tags(html: string, name: string): Attributes[] {
  const markup = html.replace(/ data-answer="[^"]*"/, '');
  return [...markup.matchAll(new RegExp(`<${name}\\b((?:[^>"]|"[^"]*")*)>`, 'g'))].map(
    ([, inside]) =>
      Object.fromEntries(
        [...inside.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [
          key,
          unescape(value ?? ''),
        ]),
      ),
  );
}

/** Lit's hydration comments out, so text checks read like the page. */
export const text = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '');

/** What every product link of a rendered slot must be. */
export function assertLinks(html: string, expected: string[]) {
  const links = tags(html, 'a');
  assert.deepEqual(
    links.map((a) => a.href),
    expected,
    'one link per item, in order, to its link in the answer',
  );
  for (const a of links) {
    assert.match(a.href, /^https?:\/\//);
    const rel = (a.rel ?? '').split(/\s+/);
    assert.ok(rel.includes('sponsored') && rel.includes('noopener'), `rel="${a.rel}"`);
  }
}

/** A render that failed: 200, the collapsed element, the fallback header, a short cache. */
export function assertFallback(answer: Answer, tag: string, reason: RegExp, cacheControl = SHORT) {
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get('content-type'), 'text/html; charset=utf-8');
  const header = answer.headers.get('x-pubnet-render') ?? '';
  assert.match(header, /^fallback; reason="[\x20-\x21\x23-\x5b\x5d-\x7e]+"$/, header);
  assert.match(header, reason);
  assert.doesNotMatch(header, /https?:/, 'no URL in the reason');
  assert.equal(answer.headers.get('cache-control'), cacheControl);
  assert.ok(answer.text.startsWith(`<${tag} `), answer.text.slice(0, 200));
  const [element] = tags(answer.text, tag);
  assert.equal(element.state, 'collapsed');
  assert.equal(dataAnswer(answer.text), null);
  assert.doesNotMatch(answer.text, /<script/i);
}
