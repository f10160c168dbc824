import { expect } from '@open-wc/testing';
import {
  createCore,
  productsRoutes,
  type Conversion,
  type Product,
} from '../../src/client/index.js';
import { paginateRoute } from '../../src/client/paginate.js';
import { received, setup } from './support/client.js';

describe('paginate', () => {
  it('yields each of the ≥ 250 conversions exactly once, following next', async () => {
    const { emu, client } = await setup();
    const total = (await client.conversions.list()).count;
    expect(total).to.be.at.least(250);
    const ids: string[] = [];
    for await (const c of client.paginate('/publisher/conversions/', {
      query: { page_size: 40 },
    })) {
      const conversion: Conversion = c;
      ids.push(conversion.id!);
    }
    expect(ids).to.have.length(total);
    expect(new Set(ids).size).to.equal(total);
    const gets = await received(emu, 'GET', '/publisher/conversions/');
    // the count read + ceil(total / 40) pages
    expect(gets).to.have.length(1 + Math.ceil(total / 40));
    expect(gets.slice(1).every((r) => /page_size=40/.test(r.search))).to.equal(true);
    await emu.stop();
  });

  it('stops when the consumer stops, without reading further pages', async () => {
    const { emu, client } = await setup();
    let n = 0;
    for await (const _ of client.paginate('/publisher/conversions/', { query: { page_size: 5 } })) {
      if (++n == 7) break;
    }
    expect(await received(emu, 'GET', '/publisher/conversions/')).to.have.length(2);
    await emu.stop();
  });

  it('follows the v2 products envelope (pagination.next_page), re-POSTing the body', async () => {
    const { emu, client } = await setup();
    const body = {
      filters: [{ brand: { lookup: 'contains' as const, value: ['Sony', 'Bose'] } }],
      page_size: 7,
    };
    const first = await client.products.searchV2({ body });
    expect(first.count).to.be.above(14);
    await emu.clearRequests();
    const ids: string[] = [];
    for await (const p of client.paginate('/publisher/products/v2/', { body })) {
      const product: Product = p;
      ids.push(product.id!);
    }
    expect(ids).to.have.length(first.count);
    expect(new Set(ids).size).to.equal(first.count);
    const posts = await received(emu, 'POST', '/publisher/products/v2/');
    expect(posts).to.have.length(Math.ceil(first.count / 7));
    expect(posts.map((r) => (r.body as { page?: number }).page)).to.deep.equal(
      posts.map((_, i) => (i == 0 ? undefined : i + 1)),
    );
    for (const r of posts)
      expect((r.body as { filters: unknown }).filters).to.deep.equal(body.filters);
    await emu.stop();
  });

  it('pages a v1 POST search by re-POSTing the same body to the next URL', async () => {
    const { emu, client } = await setup();
    const body = {
      filters: [{ category: { lookup: 'contains' as const, value: 'Headphones' } }],
      page_size: 6,
    };
    const first = await client.products.search({ body });
    expect(first.next).to.be.a('string');
    await emu.clearRequests();
    const ids: string[] = [];
    for await (const p of client.paginate('/publisher/products/', { body })) ids.push(p.id!);
    expect(ids).to.have.length(first.count);
    expect(new Set(ids).size).to.equal(first.count);
    const posts = await received(emu, 'POST', '/publisher/products/');
    expect(posts).to.have.length(Math.ceil(first.count / 6));
    expect(posts[1]!.search).to.contain('page=2');
    for (const r of posts) expect(r.body).to.deep.equal(body);
    await emu.stop();
  });

  it('rebases a next URL outside baseUrl onto baseUrl (a proxy in front of the API)', async () => {
    const seen: string[] = [];
    const pages = [
      {
        count: 3,
        next: 'https://api.example/publisher/offers/?page=2&page_size=2',
        previous: null,
        results: [{ id: 'a' }, { id: 'b' }],
      },
      { count: 3, next: null, previous: 'x', results: [{ id: 'c' }] },
    ];
    const core = createCore({
      baseUrl: 'https://site.example/pubnet-api/',
      fetch: async (url) => {
        seen.push(url);
        return new Response(JSON.stringify(pages[seen.length - 1]));
      },
    });
    const ids: string[] = [];
    for await (const o of paginateRoute<{ id: string }>(
      core,
      productsRoutes['products.listExportTemplates'],
    ))
      ids.push(o.id);
    expect(ids).to.deep.equal(['a', 'b', 'c']);
    expect(seen).to.deep.equal([
      'https://site.example/pubnet-api/publisher/products/export_templates/',
      'https://site.example/pubnet-api/publisher/products/export_templates/?page=2&page_size=2',
    ]);
  });
});
