/** The list envelope: paging, absolute next/previous, page_size cap, finders. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { known } from '../../src/emulator/index.js';
import { start, type Started } from './support/calls.js';

describe('lists', () => {
  let emu: Started;
  before(async () => {
    emu = await start();
  });
  after(() => emu.close());

  test('following next through all conversions yields each exactly once', async () => {
    const first = await emu.call('GET', '/publisher/conversions/?page_size=37');
    const total = first.body.count as number;
    assert.ok(total >= 250, `count ${total}`);
    const seen: string[] = [];
    let res = first;
    let pages = 0;
    for (;;) {
      pages += 1;
      seen.push(...res.body.results.map((c: { id: string }) => c.id));
      if (!res.body.next) break;
      assert.match(res.body.next, /^http:\/\/127\.0\.0\.1:\d+\/publisher\/conversions\/\?/);
      assert.match(res.body.next, /page_size=37/);
      res = await emu.call('GET', new URL(res.body.next).pathname + new URL(res.body.next).search);
    }
    assert.equal(pages, Math.ceil(total / 37));
    assert.equal(seen.length, total);
    assert.equal(new Set(seen).size, total);
  });

  test('previous goes back; page 2 of 3 has both links', async () => {
    const res = await emu.call('GET', '/publisher/offers/?page=2&page_size=15&status=active');
    assert.equal(res.status, 200);
    const next = new URL(res.body.next);
    assert.equal(next.searchParams.get('page'), '3');
    assert.equal(next.searchParams.get('status'), 'active');
    const prev = new URL(res.body.previous);
    assert.equal(prev.searchParams.get('page'), null); // page 1 is the bare URL
    assert.equal(prev.searchParams.get('page_size'), '15');
  });

  test('page_size defaults to 20 and is capped at 100', async () => {
    const def = await emu.call('GET', '/publisher/conversions/');
    assert.equal(def.body.results.length, 20);
    const big = await emu.call('GET', '/publisher/conversions/?page_size=1000');
    assert.equal(big.body.results.length, 100);
    assert.match(big.body.next, /page=2/);
  });

  test('a page past the end is 404 "Invalid page."; bad numbers are 400', async () => {
    const past = await emu.call('GET', '/publisher/conversions/?page=999');
    assert.deepEqual([past.status, past.body], [404, { detail: 'Invalid page.' }]);
    for (const q of ['page=0', 'page=abc', 'page_size=0', 'page_size=-5', 'page=1.5']) {
      const res = await emu.call('GET', `/publisher/conversions/?${q}`);
      assert.equal(res.status, 400, q);
      assert.ok(
        Object.keys(res.body).some((k) => k === 'page' || k === 'page_size'),
        q,
      );
    }
  });

  test('an empty list is one page with no links', async () => {
    const res = await emu.call('GET', '/publisher/offers/find/?q=zzz-nothing');
    assert.deepEqual(res.body, { count: 0, next: null, previous: null, results: [] });
  });

  test('finders match q case-insensitively and page', async () => {
    const offers = await emu.call('GET', '/publisher/offers/find/?q=MEDIAPOINT');
    assert.deepEqual(
      offers.body.results.map((o: { id: string }) => o.id),
      [known.offers[0]],
    );
    const sites = await emu.call('GET', '/publisher/websites/find/?q=techblog');
    assert.equal(sites.body.results[0].guid, known.websites.secondActive.guid);
    const slots = await emu.call('GET', '/publisher/adslots/find/?q=sony%20or%20bose');
    assert.equal(slots.body.results[0].id, known.filterAdslot);
    const goals = await emu.call('GET', '/publisher/goals/find/?q=sale&page_size=5');
    assert.equal(goals.body.results.length, 5);
    assert.ok(goals.body.count > 40);
    const subs = await emu.call('GET', '/publisher/subaccounts/find/?q=newsletter');
    assert.equal(subs.body.count, 2);
  });

  test('lists give summaries, a single GET the detailed item', async () => {
    const list = await emu.call('GET', '/publisher/offers/?page_size=1');
    const summary = list.body.results[0];
    assert.equal(summary.description, undefined);
    const detail = await emu.call('GET', `/publisher/offers/${summary.id}/`);
    assert.equal(typeof detail.body.description, 'string');
    assert.ok(Array.isArray(detail.body.geo_targets_details));
    const slots = await emu.call('GET', '/publisher/adslots/');
    assert.equal(slots.body.results[0].widgets, undefined);
  });

  test('reference lists: all 249 countries, paged', async () => {
    const first = await emu.call('GET', '/system/countries/?page_size=100');
    assert.equal(first.body.count, 249);
    const last = await emu.call('GET', '/system/countries/?page_size=100&page=3');
    assert.equal(last.body.results.length, 49);
    assert.equal(last.body.next, null);
    const second = await emu.call('GET', '/system/countries/?page_size=100&page=2');
    const all = [...first.body.results, ...second.body.results, ...last.body.results];
    assert.equal(new Set(all.map((c: { code: string }) => c.code)).size, 249);
    assert.equal(all.find((c: { code: string }) => c.code === 'PL')?.name, 'Poland');
  });
});
