/** Auth, trailing slashes, 404/405, CORS, static-over-param routing, bad JSON. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { known } from '../../src/emulator/index.js';
import { start, type Started } from './support/calls.js';

describe('transport', () => {
  let emu: Started;
  before(async () => {
    emu = await start();
  });
  after(() => emu.close());

  test('401 without a token and with a wrong one', async () => {
    const none = await emu.call('GET', '/publisher/offers/', { token: null });
    assert.equal(none.status, 401);
    assert.equal(typeof none.body.detail, 'string');
    const wrong = await emu.call('GET', '/publisher/offers/', { token: 'wrong' });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.detail, 'Invalid token.');
    const bearer = await emu.call('GET', '/publisher/offers/', {
      token: null,
      headers: { Authorization: `Bearer ${known.token}` },
    });
    assert.equal(bearer.status, 401);
    assert.equal((await emu.call('GET', '/publisher/offers/')).status, 200);
  });

  test('a custom token replaces the default', async () => {
    const other = await start({ token: 'T-123' });
    try {
      assert.equal(other.emulator.token, 'T-123');
      assert.equal((await other.call('GET', '/my/profile/')).status, 401);
      assert.equal((await other.call('GET', '/my/profile/', { token: 'T-123' })).status, 200);
    } finally {
      await other.close();
    }
  });

  test('token pages, clicks, landing pages and images are public', async () => {
    for (const page of ['black-friday', 'black-friday-legacy', 'payday-loans']) {
      const res = await emu.call('GET', `/publisher/${page}/${known.website.guid}`, {
        token: null,
      });
      assert.equal(res.status, 200, page);
      // The payday-loans page is an array of loan offers (api-contract §9).
      if (page === 'payday-loans') assert.equal(typeof res.body[0].domain, 'string');
      else assert.equal(typeof res.body.title, 'string');
    }
    const unknown = await emu.call('GET', '/publisher/black-friday/no-such-guid', { token: null });
    assert.equal(unknown.status, 404);
    const img = await emu.call('GET', `/images/${known.product}.svg?w=180`, { token: null });
    assert.equal(img.status, 200);
    const link = await emu.call('PUT', `/publisher/offers/${known.offers[0]}/tracking_link/`, {
      body: { website: known.website.guid },
    });
    const clickUrl = new URL(link.body.tracking_link as string);
    const click = await emu.call('GET', clickUrl.pathname + clickUrl.search, { token: null });
    assert.equal(click.status, 302);
    const landing = await emu.call('GET', click.headers.get('location')!, { token: null });
    assert.equal(landing.status, 200);
  });

  test('a path without its trailing slash is 301 to the canonical one, query kept', async () => {
    const res = await emu.call('GET', '/publisher/offers?page=2&page_size=5', { token: null });
    assert.equal(res.status, 301);
    assert.equal(res.headers.get('location'), '/publisher/offers/?page=2&page_size=5');
    const withId = await emu.call('GET', `/publisher/offers/${known.offers[0]}`);
    assert.equal(withId.status, 301);
    assert.equal(withId.headers.get('location'), `/publisher/offers/${known.offers[0]}/`);
    // No route would match with a slash either: plain 404.
    assert.equal((await emu.call('GET', '/publisher/nothing')).status, 404);
  });

  test('unknown paths are 404 {"detail": "Not found."}', async () => {
    const res = await emu.call('GET', '/publisher/nothing-here/');
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, { detail: 'Not found.' });
    const id = await emu.call('GET', '/publisher/offers/00000000-0000-4000-8000-000000000000/');
    assert.deepEqual([id.status, id.body], [404, { detail: 'Not found.' }]);
  });

  test('a method the path does not allow is 405 with Allow', async () => {
    const res = await emu.call('DELETE', '/publisher/offers/');
    assert.equal(res.status, 405);
    assert.equal(res.body.detail, 'Method "DELETE" not allowed.');
    assert.match(res.headers.get('allow') ?? '', /GET/);
    const put = await emu.call('POST', `/publisher/adslots/${known.filterAdslot}/`, { body: {} });
    assert.equal(put.status, 405);
    assert.deepEqual(put.headers.get('allow')?.split(', ').sort(), [
      'DELETE',
      'GET',
      'OPTIONS',
      'PATCH',
      'PUT',
    ]);
  });

  test('static segments win over {uuid} siblings', async () => {
    const cases: [string, (b: Record<string, unknown>) => boolean][] = [
      ['/publisher/offers/find/?q=media', (b) => Array.isArray(b.results)],
      ['/publisher/adslots/find/', (b) => Array.isArray(b.results)],
      ['/publisher/websites/find/', (b) => Array.isArray(b.results)],
      ['/publisher/conversions/stats/', (b) => typeof b.by_status === 'object'],
      ['/publisher/invoices/stats/', (b) => typeof b.paid === 'object'],
      ['/publisher/billing_accounts/unified_balance/', (b) => b.currency === 'PLN' && 'rates' in b],
      ['/publisher/products/export_templates/fields/', (b) => Array.isArray(b.results)],
      [
        `/publisher/offers/detect/?url=${encodeURIComponent(known.merchantUrl)}`,
        (b) => b.id === known.offers[0],
      ],
    ];
    for (const [path, ok] of cases) {
      const res = await emu.call('GET', path);
      assert.equal(res.status, 200, path);
      assert.ok(ok(res.body), path);
    }
    // A static path keeps its own 405 rather than falling to {uuid}'s DELETE.
    assert.equal((await emu.call('DELETE', '/publisher/adslots/find/')).status, 405);
  });

  test('CORS: preflight 204 for any origin, headers on every answer', async () => {
    const pre = await fetch(new URL('publisher/products/', emu.url), {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://publisher.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), '*');
    assert.match(pre.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /Authorization/i);
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /Content-Type/i);
    for (const res of [
      await emu.call('GET', '/publisher/offers/'),
      await emu.call('GET', '/publisher/offers/', { token: null }),
      await emu.call('GET', '/nowhere/'),
    ]) {
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.match(res.headers.get('access-control-expose-headers') ?? '', /Retry-After/);
      assert.match(res.headers.get('access-control-expose-headers') ?? '', /ETag/);
    }
  });

  test('a body that is not JSON is 400', async () => {
    const res = await fetch(new URL('publisher/products/', emu.url), {
      method: 'POST',
      headers: { Authorization: `Token ${known.token}`, 'Content-Type': 'application/json' },
      body: '{"filters": [',
    });
    assert.equal(res.status, 400);
    assert.match(((await res.json()) as { detail: string }).detail, /JSON parse error/);
  });

  test('GETs carry an ETag and honour If-None-Match', async () => {
    const first = await emu.call('GET', `/publisher/adslots/${known.filterAdslot}/`);
    const tag = first.headers.get('etag');
    assert.ok(tag);
    const again = await emu.call('GET', `/publisher/adslots/${known.filterAdslot}/`, {
      headers: { 'If-None-Match': tag },
    });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('access-control-allow-origin'), '*');
  });

  test('every request is logged, with its body', async () => {
    emu.emulator.clearRequests();
    for (let i = 0; i < 3; i++) await emu.call('GET', '/publisher/offers/?page_size=2');
    await emu.call('POST', '/publisher/products/', { body: { page_size: 1 } });
    const log = emu.emulator.requests;
    assert.equal(log.length, 4);
    assert.deepEqual(
      log.map((r) => [r.method, r.path, r.search]),
      [
        ['GET', '/publisher/offers/', '?page_size=2'],
        ['GET', '/publisher/offers/', '?page_size=2'],
        ['GET', '/publisher/offers/', '?page_size=2'],
        ['POST', '/publisher/products/', ''],
      ],
    );
    assert.deepEqual(log[3]?.body, { page_size: 1 });
    assert.ok(log.every((r) => typeof r.at === 'number'));
  });

  test('in-process fetch works without a server', async () => {
    const res = await emu.emulator.fetch(
      new Request('http://emulator.test/publisher/offers/?page_size=1', {
        headers: { Authorization: `Token ${known.token}` },
      }),
    );
    assert.equal(res.status, 200);
    const body = (await res.json()) as { next: string };
    assert.equal(body.next, 'http://emulator.test/publisher/offers/?page_size=1&page=2');
  });
});
