/**
 * Polish feeds (issue 20): a good share of the seeded products are titled in
 * Polish and priced in PLN, and the API's product search serves them, to a
 * text query (as `<pubnet-product-grid query>` asks) and to the Polish slot.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { filtersFromRows } from '../../src/client/adslot-filters.js';
import { createEmulator, known, type Emulator } from '../../src/emulator/index.js';
import { buildSeed } from '../../src/emulator/seed/index.js';
import { POLISH_FEEDS } from '../../src/emulator/seed/polish.js';

const DIACRITICS = /[ąćęłńóśźż]/i;
const ordinary = buildSeed().products.filter((p) => !p.id.startsWith('px'));

interface Found {
  count: number;
  results: { id: string; title: string; price: string; currency: string; link: string | null }[];
}

let emu: Emulator;
async function search(body: unknown): Promise<Found> {
  const res = await emu.fetch(
    new Request(`http://emu.test/publisher/products/?key=${known.website.guid}`, {
      method: 'POST',
      headers: { Authorization: `Token ${known.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  assert.equal(res.status, 200);
  return (await res.json()) as Found;
}

describe('Polish products', () => {
  before(() => {
    emu = createEmulator();
  });

  test('between a third and a half of the products come from Polish feeds, all in PLN', () => {
    const polish = ordinary.filter((p) => POLISH_FEEDS.has(p.offer ?? ''));
    const share = polish.length / ordinary.length;
    assert.ok(share >= 1 / 3 && share <= 1 / 2, `share ${share}`);
    for (const p of polish) {
      assert.equal(p.currency, 'PLN', p.id);
      assert.match(p.price ?? '', /^PLN \d+\.\d{2}$/, p.id);
      assert.match(p.description ?? 'kolor: ', /kolor: /, p.id);
    }
    // Many titles carry Polish letters; the known product stays as it was.
    assert.ok(polish.filter((p) => DIACRITICS.test(p.title ?? '')).length > 200);
    const first = ordinary.find((p) => p.id === known.product);
    assert.ok(first && !POLISH_FEEDS.has(first.offer ?? ''));
  });

  test('links of Polish titles are plain ASCII slugs', () => {
    for (const p of ordinary.filter((x) => DIACRITICS.test(x.title ?? '')))
      assert.match(p.direct_link ?? '', /^https:\/\/www\.[a-z0-9.]+\/p\/[a-z0-9-]+$/, p.id);
  });

  test('a Polish query finds Polish titles priced in PLN', async () => {
    const found = await search({
      filters: [{ any: { lookup: 'contains', value: 'Słuchawki' } }],
      page_size: 50,
    });
    assert.ok(found.count >= 20, `only ${found.count}`);
    for (const p of found.results) {
      assert.match(p.title, /^Słuchawki /);
      assert.equal(p.currency, 'PLN');
      assert.match(p.price, /^PLN \d+\.\d{2}$/);
      assert.ok(p.link, p.id);
    }
  });

  test('the Polish slot finds on-sale coffee machines in PLN, with a Polish config', async () => {
    const slot = (await emu
      .fetch(
        new Request(`http://emu.test/publisher/adslots/${known.polishAdslot}/`, {
          headers: { Authorization: `Token ${known.token}` },
        }),
      )
      .then((r) => r.json())) as { website: string; config: string; filters: object[] };
    assert.equal(slot.website, known.website.id);
    const config = JSON.parse(slot.config) as Record<string, unknown>;
    assert.equal(config.cta, 'Do sklepu');
    assert.equal(config.disclosure, 'Reklama');
    const found = await search({ filters: filtersFromRows(slot.filters), page_size: 100 });
    assert.ok(found.count >= 6, `only ${found.count}`);
    for (const p of found.results) {
      assert.match(p.title, /^Ekspres /);
      assert.doesNotMatch(p.title, /refurbished/);
      assert.equal(p.currency, 'PLN');
    }
    assert.ok(found.results.some((p) => DIACRITICS.test(p.title)));
  });
});
