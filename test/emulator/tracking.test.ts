/** Tracking links, clicks on the emulator's own tracking domain, images, stats, detect. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { known } from '../../src/emulator/index.js';
import { start, type Started } from './support/calls.js';

describe('tracking links and clicks', () => {
  let emu: Started;
  const offerLink = (body: unknown, id: string = known.offers[0]) =>
    emu.call('PUT', `/publisher/offers/${id}/tracking_link/`, { body });
  const productLink = (body: unknown, id: string = known.product) =>
    emu.call('PUT', `/publisher/products/${id}/tracking_link/`, { body });
  before(async () => {
    emu = await start();
  });
  after(() => emu.close());

  test('answer = body + tracking_link with only the given params', async () => {
    const body = {
      website: known.website.guid,
      sid: 'nl_2024-11',
      deep_link: 'https://www.mediapoint.example/tv?a=1&b=2',
    };
    const res = await offerLink(body);
    assert.equal(res.status, 200);
    const { tracking_link, ...rest } = res.body;
    assert.deepEqual(rest, body);
    const url = new URL(tracking_link);
    assert.equal(url.origin, new URL(emu.url).origin);
    assert.match(url.pathname, /^\/click\/[0-9a-f]+\/$/);
    assert.equal(url.search, `?deep_link=${encodeURIComponent(body.deep_link)}&sid=nl_2024-11`);
    const bare = await offerLink({});
    assert.equal(new URL(bare.body.tracking_link).search, '');
    const sidOnly = await productLink({ sid: 'x' });
    assert.equal(new URL(sidOnly.body.tracking_link).search, '?sid=x');
  });

  test('the same body gives the same link; a different one another', async () => {
    const body = { website: known.website.id, sid: 'same' };
    const a = await offerLink(body);
    const b = await offerLink(body);
    assert.equal(a.body.tracking_link, b.body.tracking_link);
    const byGuid = await offerLink({ website: known.website.guid, sid: 'same' });
    assert.equal(
      byGuid.body.tracking_link,
      a.body.tracking_link,
      'id and guid name the same website',
    );
    const other = await offerLink({ website: known.websites.secondActive.id, sid: 'same' });
    assert.notEqual(
      new URL(other.body.tracking_link).pathname,
      new URL(a.body.tracking_link).pathname,
    );
    const p1 = await productLink(body);
    const p2 = await productLink(body);
    assert.equal(p1.body.tracking_link, p2.body.tracking_link);
  });

  test('validation: sid, deep_link, website, unknown ids', async () => {
    for (const sid of ['a'.repeat(33), 'has space', 'semi;colon', 'ünï', 42]) {
      const res = await offerLink({ sid });
      assert.equal(res.status, 400, String(sid));
      assert.ok(Array.isArray(res.body.sid));
    }
    assert.equal((await offerLink({ sid: 'a'.repeat(32) })).status, 200);
    assert.equal((await offerLink({ sid: 'A-z_09' })).status, 200);
    for (const deep_link of ['/relative', 'javascript:alert(1)', 'ftp://x.example/', 'not a url']) {
      const res = await productLink({ deep_link });
      assert.equal(res.status, 400, deep_link);
      assert.ok(Array.isArray(res.body.deep_link));
    }
    const site = await offerLink({ website: 'no-such-site' });
    assert.equal(site.status, 400);
    assert.ok(Array.isArray(site.body.website));
    assert.equal((await offerLink({}, '00000000-0000-4000-8000-000000000000')).status, 404);
    assert.equal((await productLink({}, 'p-nope')).status, 404);
    assert.equal((await offerLink({}, known.closedOffer)).status, 400);
  });

  test('a click redirects to the local landing page and is recorded', async () => {
    const link = (
      await offerLink({
        website: known.website.guid,
        sid: 'clicker',
        deep_link: 'https://www.mediapoint.example/x',
      })
    ).body.tracking_link as string;
    const res = await fetch(link, { redirect: 'manual' });
    assert.equal(res.status, 302);
    const location = res.headers.get('location') ?? '';
    assert.match(location, /^\/landing\/[0-9a-f]+\/\?deep_link=/);
    const page = await fetch(new URL(location, emu.url));
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    const html = await page.text();
    assert.match(html, /MediaPoint/);
    assert.match(html, /clicker/);
    assert.equal(
      (await fetch(new URL('click/ffffffffffffffff/', emu.url), { redirect: 'manual' })).status,
      404,
    );
  });

  test("a visitor outside an offer's countries (X-Emulator-Country) is answered as the network answers them", async () => {
    const click = (link: string, country?: string) =>
      fetch(link, {
        redirect: 'manual',
        headers: country ? { 'x-emulator-country': country } : {},
      });
    const enforced = (await offerLink({ website: known.website.guid })).body.tracking_link;
    const targeted = (await offerLink({ website: known.website.guid }, known.offers[1])).body
      .tracking_link;
    const [offer, other] = await Promise.all(
      [known.offers[0], known.offers[1]].map(
        async (id) => (await emu.call('GET', `/publisher/offers/${id}/`)).body,
      ),
    );
    assert.deepEqual(
      [
        offer.enforce_geo_targeting,
        offer.geo_targets,
        other.enforce_geo_targeting,
        other.geo_targets,
      ],
      [true, ['PL'], false, ['PL']],
    );
    // Inside the targets, or no country known: the landing page as always.
    for (const country of ['PL', undefined, 'xx'])
      assert.match((await click(enforced, country)).headers.get('location') ?? '', /^\/landing\//);
    // Outside an enforced offer's: a blank page, and nowhere to go.
    const blank = await click(enforced, 'DE');
    assert.equal(blank.status, 200);
    assert.equal(blank.headers.get('location'), null);
    assert.doesNotMatch(await blank.text(), /<body>[^<]/);
    // A product of that offer is that offer's.
    const product = (await productLink({ website: known.website.guid })).body.tracking_link;
    assert.equal((await click(product, 'DE')).headers.get('location'), null);
    // Outside a targeting offer's that does not enforce: sent to its page.
    const sent = await click(targeted, 'DE');
    assert.equal(sent.status, 302);
    assert.equal(sent.headers.get('location'), other.preview_url);
  });

  test('the landing page escapes hostile product titles', async () => {
    const link = (await productLink({ website: known.website.id }, known.hostileProductIds[0])).body
      .tracking_link;
    const page = await fetch(link);
    const html = await page.text();
    assert.ok(!html.includes('<img src=x'), 'markup is escaped');
    assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt;/);
  });

  test('manual slot widgets link to working click URLs on the emulator', async () => {
    const slot = (await emu.call('GET', `/publisher/adslots/${known.manualAdslot}/`)).body;
    const kinds = slot.widgets.map((w: { item_type: string }) => w.item_type).sort();
    assert.deepEqual(kinds, ['banner', 'html', 'offer', 'product']);
    for (const w of slot.widgets) {
      if (!w.url) continue;
      assert.ok(w.url.startsWith(emu.url.replace(/\/$/, '')), w.url);
      assert.equal((await fetch(w.url, { redirect: 'manual' })).status, 302);
    }
    const banner = slot.widgets.find((w: { item_type: string }) => w.item_type === 'banner');
    const src = /src="([^"]+)"/.exec(banner.embed_code)?.[1] ?? '';
    const img = await fetch(src.replace(/&amp;/g, '&'));
    assert.equal(img.status, 200);
    assert.match(
      slot.widgets.find((w: { item_type: string }) => w.item_type === 'html').embed_code,
      /<script>/,
    );
    assert.equal(
      slot.widget_code,
      `<script async src="https://cdn.example/pubnet-widgets@1/pubnet.min.js" data-config="${known.manualAdslot}" data-key="${known.website.guid}"></script>`,
    );
  });

  test('images are local SVGs sized by ?w', async () => {
    const small = await fetch(new URL(`images/${known.product}.svg?w=43`, emu.url));
    assert.equal(small.headers.get('content-type'), 'image/svg+xml');
    assert.match(await small.text(), /^<svg [^>]*width="43" height="43"/);
    const big = await fetch(new URL(`images/${known.product}.svg?w=600`, emu.url));
    assert.match(await big.text(), /width="600"/);
    const offer = await fetch(new URL(`images/offer-${known.offers[0]}.svg`, emu.url));
    assert.equal(offer.status, 200);
    assert.equal((await fetch(new URL('images/nothing.svg', emu.url))).status, 404);
  });

  test('product stats: 201 {accepted}, 400 on bad event or products', async () => {
    const ok = await emu.call('POST', '/publisher/products/stats/', {
      body: {
        event: 'click',
        products: [known.product, 'p10002', 'nope'],
        adslot: null,
        website: known.website.guid,
      },
    });
    assert.deepEqual([ok.status, ok.body], [201, { accepted: 2 }]);
    const event = await emu.call('POST', '/publisher/products/stats/', {
      body: { event: 'hover', products: [known.product] },
    });
    assert.equal(event.status, 400);
    assert.ok(Array.isArray(event.body.event));
    const list = await emu.call('POST', '/publisher/products/stats/', {
      body: { event: 'view', products: [] },
    });
    assert.equal(list.status, 400);
    assert.ok(Array.isArray(list.body.products));
  });

  test('offers/detect: by merchant host, 404 when none, 400 on a bad url', async () => {
    const hit = await emu.call(
      'GET',
      `/publisher/offers/detect/?url=${encodeURIComponent('https://shop.technova.example/p/1')}`,
    );
    assert.equal(hit.body.id, known.offers[1]);
    const miss = await emu.call(
      'GET',
      `/publisher/offers/detect/?url=${encodeURIComponent('https://elsewhere.example/')}`,
    );
    assert.equal(miss.status, 404);
    assert.equal((await emu.call('GET', '/publisher/offers/detect/')).status, 400);
    assert.equal((await emu.call('GET', '/publisher/offers/detect/?url=notaurl')).status, 400);
  });

  test('offers/detect matches the seeded merchants with and without www.', async () => {
    const detect = (url: string) =>
      emu.call('GET', `/publisher/offers/detect/?url=${encodeURIComponent(url)}`);
    for (const url of [
      'https://www.mediapoint.example/',
      'https://mediapoint.example/x',
      known.merchantUrl,
    ])
      assert.equal((await detect(url)).body.id, known.offers[0], url);
    assert.equal((await detect('https://www.technova.example/')).body.id, known.offers[1]);
    assert.equal((await detect('https://notmediapoint.example/')).status, 404);
  });
});
