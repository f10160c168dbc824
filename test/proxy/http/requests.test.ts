// What the proxy checks and pins before it forwards anything.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_REQUEST_BODY } from '../../../src/proxy/http/body.js';
import { call, jsonInit, known, startStack } from '../support/stack.js';

const guid = known.website.guid;
const second = known.websites.secondActive.guid;
const productLink = `publisher/products/${known.product}/tracking_link/`;

test('websites pinning: a missing key is set to the first website, a foreign one is 403', async () => {
  const stack = await startStack({ websites: [guid, second] });
  const search = jsonInit('POST', { filters: [], page_size: 1 });

  assert.equal((await call(`${stack.proxy}publisher/products/`, search)).status, 200);
  assert.equal(stack.upstreamCalls().at(-1)?.search, `?key=${guid}`);
  assert.equal(
    (await call(`${stack.proxy}publisher/products/v2/?key=${second}`, search)).status,
    200,
  );
  assert.equal(stack.upstreamCalls().at(-1)?.search, `?key=${second}`);

  const link = await call(stack.proxy + productLink, jsonInit('PUT', { sid: 'a' }));
  assert.equal(link.status, 200);
  assert.deepEqual(stack.upstreamCalls().at(-1)?.body, { sid: 'a', website: guid });
  const stats = jsonInit('POST', { event: 'click', products: [known.product] });
  assert.equal((await call(`${stack.proxy}publisher/products/stats/`, stats)).status, 201);
  assert.equal((stack.upstreamCalls().at(-1)?.body as { website: string }).website, guid);

  const calls = stack.upstreamCalls().length;
  const foreign = known.websites.pending.guid;
  const refused = [
    await call(`${stack.proxy}publisher/products/?key=${foreign}`, search),
    await call(stack.proxy + productLink, jsonInit('PUT', { sid: 'a', website: foreign })),
    await call(stack.proxy + productLink, jsonInit('PUT', { website: 12 })),
    await call(
      `${stack.proxy}publisher/products/stats/`,
      jsonInit('POST', { event: 'view', products: [], website: foreign }),
    ),
    await call(`${stack.proxy}publisher/payday-loans/${foreign}`),
  ];
  for (const answer of refused) {
    assert.equal(answer.status, 403, answer.text);
    assert.equal(typeof (answer.json as { detail: string }).detail, 'string');
  }
  assert.equal(stack.upstreamCalls().length, calls, 'refused calls never reach upstream');
});

test('without configured websites, every route that names a website is 403 and never forwarded', async () => {
  const stack = await startStack({ websites: [] });
  const search = jsonInit('POST', {});
  const refused = [
    await call(`${stack.proxy}publisher/products/?key=${second}`, search),
    await call(`${stack.proxy}publisher/products/`, search),
    await call(`${stack.proxy}publisher/products/v2/`, search),
    await call(stack.proxy + productLink, jsonInit('PUT', { sid: 'a' })),
    await call(
      `${stack.proxy}publisher/products/stats/`,
      jsonInit('POST', { event: 'view', products: [known.product] }),
    ),
    await call(`${stack.proxy}publisher/payday-loans/${guid}`),
    await call(`${stack.proxy}publisher/adslots/${known.filterAdslot}/?key=${guid}`),
  ];
  for (const answer of refused) {
    assert.equal(answer.status, 403, answer.text);
    assert.match((answer.json as { detail: string }).detail, /no website key/);
  }
  assert.deepEqual(stack.upstreamCalls(), [], 'nothing went upstream');
  // Routes that name none still work; an ad slot without a key is answered plain.
  const offer = await call(`${stack.proxy}publisher/offers/${known.offers[0]}/`);
  assert.equal(offer.status, 200);
  const slot = await call(`${stack.proxy}publisher/adslots/${known.filterAdslot}/`);
  assert.equal(slot.status, 200);
  assert.equal((slot.json as { _embedded?: unknown })._embedded, undefined);
  assert.deepEqual(
    stack.upstreamCalls().map((c) => c.method),
    ['GET', 'GET'],
  );
});

test('bad bodies are 400 (413 when too large) and never forwarded', async () => {
  const stack = await startStack();
  const cases: [string, RequestInit, number, string][] = [
    ['publisher/products/', jsonInit('POST', '{"filters": ['), 400, 'non_field_errors'],
    ['publisher/products/', jsonInit('POST', '[1, 2]'), 400, 'non_field_errors'],
    ['publisher/products/', jsonInit('POST', '"text"'), 400, 'non_field_errors'],
    ['publisher/products/', jsonInit('POST', { filters: 'price>1' }), 400, 'filters'],
    [productLink, jsonInit('PUT', { sid: 'x'.repeat(33) }), 400, 'sid'],
    [productLink, jsonInit('PUT', { sid: 'no spaces' }), 400, 'sid'],
    [productLink, jsonInit('PUT', { sid: 'é' }), 400, 'sid'],
    [productLink, jsonInit('PUT', { deep_link: 'javascript:alert(1)' }), 400, 'deep_link'],
    [productLink, jsonInit('PUT', { deep_link: 'www.shop.example/x' }), 400, 'deep_link'],
    ['publisher/products/stats/', jsonInit('POST', { event: 'hover', products: [] }), 400, 'event'],
    ['publisher/offers/detect/?url=not-a-url', { method: 'GET' }, 400, 'url'],
    ['publisher/offers/detect/', { method: 'GET' }, 400, 'url'],
  ];
  for (const [path, init, status, field] of cases) {
    const answer = await call(stack.proxy + path, init);
    assert.equal(answer.status, status, `${path} ${String(init.body)}: ${answer.text}`);
    const errors = answer.json as Record<string, string[]>;
    assert.ok(Array.isArray(errors[field]) && typeof errors[field][0] === 'string', answer.text);
  }
  const big = { filters: [{ title: { lookup: 'contains', value: 'x'.repeat(MAX_REQUEST_BODY) } }] };
  const tooLarge = await call(`${stack.proxy}publisher/products/`, jsonInit('POST', big));
  assert.equal(tooLarge.status, 413);
  assert.match((tooLarge.json as { detail: string }).detail, /16384 bytes/);
  // Without Content-Length (a streamed body), the cap holds too.
  const chunk = new TextEncoder().encode(' '.repeat(4096));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < 8) controller.enqueue(chunk);
      else controller.close();
    },
  });
  const streamed = await call(`${stack.proxy}publisher/products/`, {
    method: 'POST',
    body: stream,
    headers: { 'Content-Type': 'application/json' },
    duplex: 'half',
  } as RequestInit);
  assert.equal(streamed.status, 413);
  assert.deepEqual(stack.upstreamCalls(), [], 'no bad body reached upstream');
  // A valid body sent as text/plain (as sendBeacon does) is fine.
  const plain = await call(`${stack.proxy}publisher/products/stats/`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: JSON.stringify({ event: 'view', products: [known.product] }),
  });
  assert.equal(plain.status, 201);
});

test('tracking-link bodies are trimmed to their known fields, links as the URL parser writes them', async () => {
  const stack = await startStack();
  // The product's own site (its direct_link is on www.mediapoint.example).
  const body = { sid: 'ok', deep_link: 'HTTPS://Shop.MediaPoint.example\\x', injected: 'drop me' };
  assert.equal((await call(stack.proxy + productLink, jsonInit('PUT', body))).status, 200);
  assert.deepEqual(stack.upstreamCalls().at(-1)?.body, {
    deep_link: 'https://shop.mediapoint.example/x',
    sid: 'ok',
    website: guid,
  });
});
