// Tracking links lead only to the offer's own site (api-contract §13): no open redirect
// through the publisher's account. Against the emulator, whose offers[0] has its
// preview_url on www.mediapoint.example and whose product p10001 sells there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createProxy } from '../../../src/proxy/proxy.js';
import { onSite } from '../../../src/proxy/policy/link-hosts.js';
import {
  TOKEN,
  call,
  jsonInit,
  known,
  startStack,
  statusOf,
  type Stack,
} from '../support/stack.js';

const offerLink = `publisher/offers/${known.offers[0]}/tracking_link/`;
const productLink = `publisher/products/${known.product}/tracking_link/`;

/** The tracking-link PUTs upstream saw. */
const puts = (stack: Stack) => stack.upstreamCalls().filter((c) => c.method === 'PUT');

test('the registrable domain comes from the public suffix list, private section included', () => {
  assert.ok(onSite('shop.mediapoint.example', 'www.mediapoint.example'));
  assert.ok(onSite('mediapoint.example', 'www.mediapoint.example'));
  assert.ok(onSite('a.shop.co.uk', 'www.shop.co.uk'));
  assert.ok(!onSite('other.co.uk', 'shop.co.uk'), 'co.uk is a public suffix');
  assert.ok(!onSite('evil.github.io', 'shop.github.io'), 'github.io is a (private) suffix');
  assert.ok(!onSite('evil.myshopify.com', 'shop.myshopify.com'));
  assert.ok(!onSite('mediapoint.example.evil.example', 'www.mediapoint.example'));
  assert.ok(onSite('192.0.2.1', '192.0.2.1'));
  assert.ok(!onSite('192.0.2.2', '192.0.2.1'), 'an IP address is its own site only');
  assert.ok(!onSite('other', 'localhost'));
});

test("an offer's link: its own site and subdomains pass; another host is 400 and never sent", async () => {
  const stack = await startStack();
  for (const deep of [
    'https://www.mediapoint.example/sale/',
    'http://shop.mediapoint.example/x?y=1',
    'https://MEDIAPOINT.example./',
  ]) {
    const answer = await call(stack.proxy + offerLink, jsonInit('PUT', { deep_link: deep }));
    assert.equal(answer.status, 200, `${deep}: ${answer.text}`);
  }
  assert.equal(puts(stack).length, 3);
  const offerReads = () =>
    stack.upstreamCalls().filter((c) => c.path === `/publisher/offers/${known.offers[0]}/`);
  assert.equal(offerReads().length, 1, "the offer's site is read once, then cached");

  // A foreign host is an expected outcome, 200 with X-Pubnet-Status 400 (api-contract §14);
  // a link that is no absolute http(s) URL without credentials stays a plain 400.
  const foreignHost = '200 (400)';
  const invalid = '400';
  for (const [body, field, status] of [
    [{ deep_link: 'https://evil.example/phish' }, 'deep_link', foreignHost],
    [{ deep_link: 'https://www.mediapoint.example@evil.example/' }, 'deep_link', invalid],
    [{ deep_link: 'https://evil.example\\@www.mediapoint.example/' }, 'deep_link', foreignHost],
    [{ deep_link: 'https://www.mediapoint.example.evil.example/' }, 'deep_link', foreignHost],
    [{ traffic_back_url: 'https://evil.example/' }, 'traffic_back_url', foreignHost],
    [{ deep_link: 'javascript:alert(1)' }, 'deep_link', invalid],
    [{ deep_link: 'data:text/html,<script>alert(1)</script>' }, 'deep_link', invalid],
    [{ deep_link: '/relative/path' }, 'deep_link', invalid],
    [{ deep_link: '//evil.example/' }, 'deep_link', invalid],
    [{ deep_link: 'https://user:pw@www.mediapoint.example/' }, 'deep_link', invalid],
  ] as const) {
    const answer = await call(stack.proxy + offerLink, jsonInit('PUT', body));
    assert.equal(statusOf(answer), status, `${JSON.stringify(body)}: ${answer.text}`);
    const errors = answer.json as Record<string, string[]>;
    assert.ok(Array.isArray(errors[field]) && errors[field].length, answer.text);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
  }
  assert.equal(puts(stack).length, 3, 'no refused link reached the tracking-link route');
  assert.equal(offerReads().length, 1);
  // Both fields at once: both named.
  const both = await call(
    stack.proxy + offerLink,
    jsonInit('PUT', { deep_link: 'https://a.evil/', traffic_back_url: 'https://b.evil/' }),
  );
  assert.deepEqual(Object.keys(both.json as object).sort(), ['deep_link', 'traffic_back_url']);
});

test("a product's link: the product's own direct_link host is the offer's site", async () => {
  const stack = await startStack();
  const ok = await call(
    stack.proxy + productLink,
    jsonInit('PUT', { deep_link: 'https://www.mediapoint.example/promo', sid: 'p1' }),
  );
  assert.equal(ok.status, 200, ok.text);
  const foreign = await call(
    stack.proxy + productLink,
    jsonInit('PUT', { deep_link: 'https://www.technova.example/', sid: 'p1' }),
  );
  assert.equal(statusOf(foreign), '200 (400)');
  assert.equal(puts(stack).length, 1);
  // The product was read with the search a manual slot with it makes: cached, once.
  const searches = stack.upstreamCalls().filter((c) => c.path === '/publisher/products/');
  assert.equal(searches.length, 1);
  assert.deepEqual(searches[0].body, {
    filters: [{ id: { lookup: 'exact', value: [known.product] } }],
    page_size: 1,
  });
  // A product the API does not know: 404, nothing else asked.
  const missing = await call(
    `${stack.proxy}publisher/products/no-such-product/tracking_link/`,
    jsonInit('PUT', { deep_link: 'https://www.mediapoint.example/' }),
  );
  assert.equal(statusOf(missing), '200 (404)');
  assert.equal(puts(stack).length, 1);
});

test('deepLinkHosts lets a publisher allow more hosts (exact names), without reading the offer', async () => {
  const stack = await startStack({ deepLinkHosts: ['Partner.Example', 'coupons.example'] });
  const partner = await call(
    stack.proxy + offerLink,
    jsonInit('PUT', {
      deep_link: 'https://partner.example/deal',
      traffic_back_url: 'https://coupons.example/',
    }),
  );
  assert.equal(partner.status, 200, partner.text);
  assert.deepEqual(
    stack.upstreamCalls().map((c) => c.method),
    ['PUT'],
    'no read of the offer was needed',
  );
  const sub = await call(
    stack.proxy + offerLink,
    jsonInit('PUT', { deep_link: 'https://www.partner.example/deal' }),
  );
  assert.equal(statusOf(sub), '200 (400)', 'a listed host is that host only');
});

test('an offer the API does not know is its 404; a failing API is its failure, not a 400', async () => {
  const stack = await startStack();
  const unknown = await call(
    `${stack.proxy}publisher/offers/0f1e2d3c-0000-4000-8000-000000000000/tracking_link/`,
    jsonInit('PUT', { deep_link: 'https://www.mediapoint.example/' }),
  );
  assert.equal(statusOf(unknown), '200 (404)');
  stack.emulator.setFaults([{ path: '/publisher/offers/*', kind: 'status', status: 500 }]);
  const failing = await call(
    `${stack.proxy}publisher/offers/${known.offers[1]}/tracking_link/`,
    jsonInit('PUT', { deep_link: 'https://www.technova.example/' }),
  );
  assert.equal(failing.status, 500);
  assert.equal(puts(stack).length, 0);
});

test('deepLinkHosts is checked at start: a wrong entry throws naming the option', () => {
  for (const bad of [['https://partner.example/'], ['partner.example:8080'], ['a b'], [''], 'x']) {
    assert.throws(
      () =>
        createProxy({
          token: TOKEN,
          upstream: 'http://api.example/',
          deepLinkHosts: bad as string[],
        }),
      (error: Error) => error instanceof TypeError && /deepLinkHosts/.test(error.message),
      JSON.stringify(bad),
    );
  }
});
