// The proxy's URL plans (src/proxy/plans.ts) are bounded whatever visitors send (api-contract
// §13): no plan for a long URL or for a route that reads a body, and all forgotten when full.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PLANNED_URL_MAX, Plans, PLANS_MAX, type Plan } from '../../src/proxy/plans.js';
import { resolveRoute } from '../../src/proxy/policy/allow-list.js';

const plan = (method: string, path: string): Plan => {
  const route = resolveRoute(method, path)!;
  return { route, read: { route, query: new URLSearchParams() } };
};
const offer = plan('GET', '/publisher/offers/0f1e2d3c-4b5a-4697-8877-665544332201/');
const search = plan('POST', '/publisher/products/');

test('a GET is kept by its URL, another method by method and URL; a long URL is never kept', () => {
  const plans = new Plans();
  const url = 'http://proxy.example/publisher/offers/x/';
  const get = Plans.key(new Request(url));
  const head = Plans.key(new Request(url, { method: 'HEAD' }));
  assert.equal(get, url);
  assert.equal(head, `HEAD ${url}`);
  plans.keep(get, offer);
  assert.equal(plans.get(get), offer);
  assert.equal(plans.get(head), undefined);
  const long = `${url}?q=${'x'.repeat(PLANNED_URL_MAX)}`;
  assert.equal(Plans.key(new Request(long)), '');
  plans.keep('', offer);
  assert.equal(plans.get(''), undefined);
});

test('a read with a body is not kept (the body is not in the key)', () => {
  const plans = new Plans();
  plans.keep('POST http://proxy.example/publisher/products/', search);
  assert.equal(plans.get('POST http://proxy.example/publisher/products/'), undefined);
});

test(`at most ${PLANS_MAX} plans: the next one starts over`, () => {
  const plans = new Plans();
  for (let i = 0; i < PLANS_MAX; i++) plans.keep(`u${i}`, offer);
  assert.equal(plans.get('u0'), offer);
  assert.equal(plans.get(`u${PLANS_MAX - 1}`), offer);
  assert.deepEqual(plans.held, { entries: PLANS_MAX, maxEntries: PLANS_MAX });
  plans.keep('one more', offer);
  assert.equal(plans.get('u0'), undefined, 'forgotten');
  assert.equal(plans.get('one more'), offer);
  assert.deepEqual(plans.held, { entries: 1, maxEntries: PLANS_MAX });
});
