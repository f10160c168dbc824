/** Writes: `_version` locks, field errors, the website lifecycle, stored settings. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { known } from '../../src/emulator/index.js';
import { start, type Started } from './support/calls.js';

describe('writes', () => {
  let emu: Started;
  before(async () => {
    emu = await start();
  });
  after(() => emu.close());

  for (const [name, path, body] of [
    ['ad slot', `/publisher/adslots/${known.filterAdslot}/`, { title: 'Renamed slot' }],
    ['website', `/publisher/websites/${known.website.id}/`, { description: 'Renamed site' }],
  ] as const) {
    test(`${name}: stale _version is 409, current one succeeds and bumps it`, async () => {
      const current = (await emu.call('GET', path)).body._version as number;
      const stale = await emu.call('PATCH', path, { body: { ...body, _version: current - 1 } });
      assert.equal(stale.status, 409);
      assert.equal(stale.body._version, current);
      assert.equal(typeof stale.body.detail, 'string');
      const fresh = await emu.call('PATCH', path, { body: { ...body, _version: current } });
      assert.equal(fresh.status, 200);
      assert.equal(fresh.body._version, current + 1);
      const unchecked = await emu.call('PATCH', path, { body });
      assert.equal(unchecked.status, 200);
      assert.equal(unchecked.body._version, current + 2);
      const stalePut = await emu.call('PUT', path, { body: { _version: current } });
      assert.equal(stalePut.status, 409);
      assert.equal((await emu.call('PATCH', path, { body: { _version: 'x' } })).status, 400);
    });
  }

  test('website field errors: url, type, target_audience', async () => {
    const post = (body: unknown) => emu.call('POST', '/publisher/websites/', { body });
    const missing = await post({});
    assert.equal(missing.status, 400);
    assert.deepEqual(Object.keys(missing.body).sort(), ['target_audience', 'type', 'url']);
    const bad = await post({ url: 'deals.example', type: 'blog', target_audience: 'XX' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.url[0], /URL/);
    assert.match(bad.body.type[0], /blog/);
    assert.match(bad.body.target_audience[0], /XX/);
    assert.equal(
      (await post({ url: 'javascript:alert(1)', type: 'deal', target_audience: 'PL' })).status,
      400,
    );
    const patch = await emu.call('PATCH', `/publisher/websites/${known.website.id}/`, {
      body: { type: 'nope' },
    });
    assert.deepEqual(Object.keys(patch.body), ['type']);
    const put = await emu.call('PUT', `/publisher/websites/${known.website.id}/`, {
      body: { url: 'https://x.example/' },
    });
    assert.deepEqual(Object.keys(put.body).sort(), ['target_audience', 'type']);
    const list = await emu.call('POST', '/publisher/websites/', { body: [1, 2] });
    assert.equal(list.status, 400);
    assert.ok(Array.isArray(list.body.non_field_errors));
  });

  test('ad slot field errors: title, website, type', async () => {
    const post = (body: unknown) => emu.call('POST', '/publisher/adslots/', { body });
    const missing = await post({});
    assert.deepEqual(
      [missing.status, Object.keys(missing.body).sort()],
      [400, ['title', 'website']],
    );
    const bad = await post({ title: 'x', website: 'no-such-site', type: 'carousel' });
    assert.equal(bad.status, 400);
    assert.ok(Array.isArray(bad.body.website));
    assert.match(bad.body.type[0], /carousel/);
    const badRows = await post({
      title: 'x',
      website: known.website.id,
      filters: [{ colour: 'red' }],
      widgets: [{ item_type: 'video', x: -1 }],
    });
    assert.equal(badRows.status, 400);
    assert.ok(badRows.body.filters && badRows.body.widgets);
    const created = await post({
      title: 'Mine',
      website: known.website.guid,
      type: 'manual',
      widgets: [{ item_type: 'html', embed_code: '<b>hi</b>', x: 0, y: 0, width: 100, height: 50 }],
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.website, known.website.id, 'a guid is stored as the website id');
    assert.equal(created.body._version, 1);
    assert.equal(created.body.type, 'manual');
    assert.match(
      created.body.widget_code,
      new RegExp(`data-config="${created.body.id}" data-key="${known.website.guid}"`),
    );
    assert.ok(created.body.widgets[0].id);
    const got = await emu.call('GET', `/publisher/adslots/${created.body.id}/`);
    assert.equal(got.body.title, 'Mine');
    assert.equal((await emu.call('DELETE', `/publisher/adslots/${created.body.id}/`)).status, 204);
    assert.equal((await emu.call('GET', `/publisher/adslots/${created.body.id}/`)).status, 404);
  });

  test('website lifecycle: pending → verify → active; delete hides; restore → pending', async () => {
    const created = await emu.call('POST', '/publisher/websites/', {
      body: {
        url: 'https://fresh.example/',
        type: 'content',
        target_audience: 'DE',
        categories: ['tech'],
      },
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.status, 'pending');
    assert.equal(created.body.status_name, 'Pending');
    const id = created.body.id as string;
    const verification = await emu.call('GET', `/publisher/websites/${id}/get_verification/`);
    assert.deepEqual(verification.body, {
      method: 'html_comment',
      code: `<!-- convertiser-verification: ${created.body.guid} -->`,
    });
    const verified = await emu.call('PUT', `/publisher/websites/${id}/verify/`, { body: {} });
    assert.equal(verified.body.status, 'active');
    assert.equal(verified.body.status_name, 'Active');
    assert.equal(
      (await emu.call('PUT', `/publisher/websites/${id}/restore/`, { body: {} })).status,
      400,
      'restore of an active site',
    );

    assert.equal((await emu.call('DELETE', `/publisher/websites/${id}/`)).status, 204);
    assert.equal((await emu.call('GET', `/publisher/websites/${id}/`)).status, 404);
    assert.equal(
      (
        await emu.call('PUT', `/publisher/websites/${id}/`, {
          body: { url: 'https://x.example/', type: 'deal', target_audience: 'PL' },
        })
      ).status,
      404,
    );
    const list = await emu.call('GET', '/publisher/websites/?page_size=100');
    assert.ok(!list.body.results.some((w: { id: string }) => w.id === id));
    const restored = await emu.call('PUT', `/publisher/websites/${id}/restore/`, { body: {} });
    assert.equal(restored.body.status, 'pending');
    assert.equal((await emu.call('GET', `/publisher/websites/${id}/`)).status, 200);
  });

  test('the seeded suspended website has a denial reason and can be restored', async () => {
    const path = `/publisher/websites/${known.websites.suspended.id}/`;
    const site = (await emu.call('GET', path)).body;
    assert.equal(site.status, 'suspended');
    assert.equal(site.status_name, 'Suspended');
    assert.ok(site.denial_reason);
    assert.equal((await emu.call('PUT', `${path}verify/`, { body: {} })).status, 400);
    const restored = await emu.call('PUT', `${path}restore/`, { body: {} });
    assert.equal(restored.body.status, 'pending');
    assert.equal(restored.body.denial_reason, null);
  });

  test('password: old one must match, new one ≥ 8 characters', async () => {
    const put = (body: unknown) => emu.call('PUT', '/my/password/', { body });
    const missing = await put({});
    assert.deepEqual(Object.keys(missing.body).sort(), ['new_password', 'old_password']);
    assert.ok(
      (await put({ old_password: 'wrong', new_password: 'long-enough' })).body.old_password,
    );
    assert.ok(
      (await put({ old_password: known.password, new_password: 'short' })).body.new_password,
    );
    assert.equal(
      (await put({ old_password: known.password, new_password: 'long-enough' })).status,
      200,
    );
    assert.equal(
      (await put({ old_password: known.password, new_password: 'again-long' })).status,
      400,
      'old one changed',
    );
  });

  test('settings store writes: PUT replaces, PATCH merges, DELETE clears', async () => {
    await emu.call('PUT', '/my/address/', { body: { city: 'Gdańsk' } });
    assert.deepEqual((await emu.call('GET', '/my/address/')).body, { city: 'Gdańsk' });
    await emu.call('PATCH', '/my/email/', { body: { email: 'x@deals.example' } });
    const email = (await emu.call('GET', '/my/email/')).body;
    assert.equal(email.email, 'x@deals.example');
    assert.equal(email.is_verified, true, 'merged, not replaced');
    assert.equal((await emu.call('PATCH', '/my/email/', { body: { email: 'nope' } })).status, 400);
    assert.equal(
      (await emu.call('PUT', '/my/default_currency/', { body: { currency: 'XYZ' } })).status,
      400,
    );
    assert.equal((await emu.call('DELETE', '/my/email/')).status, 204);
    assert.equal((await emu.call('GET', '/my/email/')).body.email, null);
    const created = await emu.call('POST', '/my/email/', { body: { email: 'new@deals.example' } });
    assert.deepEqual([created.status, created.body.is_verified], [201, false]);
  });

  test('private tokens: create, update, regenerate, delete', async () => {
    const made = await emu.call('POST', '/my/private_tokens/', { body: { name: 'Script' } });
    assert.equal(made.status, 201);
    const path = `/my/private_tokens/${made.body.id}/`;
    assert.match(made.body.key, /^[0-9a-f]{40}$/);
    const regen = await emu.call('PUT', `${path}regenerate/`, { body: {} });
    assert.notEqual(regen.body.key, made.body.key);
    const put = await emu.call('PUT', path, { body: { name: 'Renamed', key: 'ignored' } });
    assert.deepEqual([put.body.name, put.body.key], ['Renamed', regen.body.key]);
    assert.equal((await emu.call('POST', '/my/private_tokens/', { body: {} })).status, 400);
    assert.equal((await emu.call('DELETE', path)).status, 204);
    assert.equal((await emu.call('GET', path)).status, 404);
  });

  test('user report configs and reports are stored', async () => {
    const made = await emu.call('POST', '/publisher/reports/user-configs/', {
      body: { name: 'Weekly', group_by: 'offer' },
    });
    assert.equal(made.status, 201);
    const patched = await emu.call('PATCH', `/publisher/reports/user-configs/${made.body.id}/`, {
      body: { group_by: 'day' },
    });
    assert.deepEqual([patched.body.name, patched.body.group_by], ['Weekly', 'day']);
    const config = await emu.call('GET', `/publisher/reports/user-configs/${made.body.id}/`);
    assert.deepEqual([config.body.name, config.body.group_by], ['Weekly', 'day']);
    const report = await emu.call('POST', '/publisher/reports/', { body: { group_by: 'status' } });
    assert.equal(report.status, 201);
    const reports = await emu.call('GET', '/publisher/reports/?page_size=100');
    assert.ok(reports.body.results.some((r: { id: string }) => r.id === report.body.id));
    assert.deepEqual(
      report.body.rows.map((r: { key: string }) => r.key),
      ['approved', 'pending', 'rejected'],
    );
    const total = report.body.rows.reduce(
      (s: number, r: { conversions: number }) => s + r.conversions,
      0,
    );
    assert.equal(total, (await emu.call('GET', '/publisher/conversions/?page_size=1')).body.count);
    assert.equal(
      (await emu.call('POST', '/publisher/reports/', { body: { group_by: 'moon' } })).status,
      400,
    );
  });
});
