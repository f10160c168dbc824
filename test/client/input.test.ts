import { expect } from '@open-wc/testing';
import {
  createClient,
  createCore,
  offersRoutes,
  TARGET_AUDIENCES,
  ValidationError,
  WEBSITE_TYPES,
} from '../../src/client/index.js';
import { buildUrl } from '../../src/client/url.js';
import { callProblems } from '../../src/client/validate.js';
import { jsonResponse, known, received, rejection, setup } from './support/client.js';

/** A client whose fetch records URLs and init, answering `{}`. */
function recording(baseUrl = 'https://api.example/') {
  const calls: { url: string; init: RequestInit }[] = [];
  const client = createClient({
    baseUrl,
    token: 't0ken',
    origin: null,
    fetch: async (url, init) => {
      calls.push({ url, init });
      return jsonResponse({});
    },
  });
  return { calls, client };
}

describe('paths and query strings', () => {
  it('keeps an id like ../my/password inside its segment (real server)', async () => {
    const { emu, client } = await setup();
    const e = await rejection(client.offers.get({ uuid: '../my/password' }));
    expect((e as { status: number }).status).to.equal(404);
    const [r] = await received(emu, 'GET');
    expect(r!.path).to.equal('/publisher/offers/..%2Fmy%2Fpassword/');
    expect(await received(emu, 'PUT')).to.have.length(0);
    await emu.stop();
  });

  it('encodes every param, and refuses "." and ".." (which URLs would resolve)', () => {
    const base = 'https://x.example/';
    expect(buildUrl(base, '/publisher/offers/{uuid}/', { uuid: 'a b/?#&' })).to.equal(
      'https://x.example/publisher/offers/a%20b%2F%3F%23%26/',
    );
    for (const bad of ['.', '..', ''])
      expect(() => buildUrl(base, '/publisher/offers/{uuid}/', { uuid: bad })).to.throw(
        TypeError,
        'uuid',
      );
    expect(() => buildUrl(base, '/publisher/offers/{uuid}/', {})).to.throw(TypeError, 'uuid');
  });

  it('repeats array values, drops undefined and null, encodes names and values', async () => {
    const { calls, client } = recording();
    await client.offers.list({
      query: { a: [1, 2], b: undefined, c: null, 'd e': 'x&y', page: 2, on: true },
    });
    expect(calls[0]!.url).to.equal(
      'https://api.example/publisher/offers/?a=1&a=2&d%20e=x%26y&page=2&on=true',
    );
  });

  it('repeated values reach the server as repeated parameters', async () => {
    const { emu, client } = await setup();
    await client.offers.list({ query: { category: ['a', 'b'], page_size: 5 } });
    const [r] = await received(emu, 'GET', '/publisher/offers/');
    expect(new URLSearchParams(r!.search).getAll('category')).to.deep.equal(['a', 'b']);
    await emu.stop();
  });

  it('takes baseUrl with or without a trailing slash, with a path prefix', async () => {
    for (const base of [
      'https://x.example/pubnet-api',
      'https://x.example/pubnet-api/',
      'https://x.example/pubnet-api//',
    ]) {
      const { calls, client } = recording(base);
      await client.offers.get({ uuid: 'u1' });
      expect(calls[0]!.url).to.equal('https://x.example/pubnet-api/publisher/offers/u1/');
    }
    const { calls, client } = recording('https://x.example');
    await client.promo.getPaydayLoans({ token: 'g/1' });
    expect(calls[0]!.url).to.equal('https://x.example/publisher/payday-loans/g%2F1');
  });

  it('sends JSON: Accept always, Content-Type with a body', async () => {
    const { calls, client } = recording();
    await client.offers.get({ uuid: 'u' });
    await client.offers.trackingLink({ uuid: 'u' }, { body: { sid: 'a' } });
    const h0 = calls[0]!.init.headers as Record<string, string>;
    const h1 = calls[1]!.init.headers as Record<string, string>;
    expect(h0.Accept).to.equal('application/json');
    expect(h0['Content-Type']).to.equal(undefined);
    expect(calls[0]!.init.body).to.equal(undefined);
    expect(h1['Content-Type']).to.equal('application/json');
    expect(calls[1]!.init.body).to.equal('{"sid":"a"}');
    expect(calls[1]!.init.method).to.equal('PUT');
  });

  it('request() looks the route up by method + path', async () => {
    const { calls, client } = recording();
    await client.request({
      method: 'PUT',
      path: '/publisher/offers/{uuid}/tracking_link/',
      params: { uuid: 'o' },
      body: {},
    });
    expect(calls[0]!.url).to.equal('https://api.example/publisher/offers/o/tracking_link/');
    expect(calls[0]!.init.method).to.equal('PUT');
    const e = await rejection(
      client.request({ method: 'GET', path: '/nope/' } as unknown as Parameters<
        typeof client.request
      >[0]),
    );
    expect(e).to.be.instanceOf(TypeError);
  });
});

describe('validation before sending', () => {
  async function problems(promise: Promise<unknown>, calls: unknown[]) {
    const e = (await rejection(promise)) as ValidationError;
    expect(e).to.be.instanceOf(ValidationError);
    expect(e.response).to.equal(undefined);
    expect(calls).to.have.length(0);
    return e;
  }

  it('website type and target_audience, from the spec lists', async () => {
    const { calls, client } = recording();
    const e = await problems(
      client.websites.create({
        body: { url: 'https://a.example/', type: 'blog', target_audience: 'XX' },
      }),
      calls,
    );
    expect(Object.keys(e.fields)).to.deep.equal(['type', 'target_audience']);
    expect(e.message).to.equal(
      'Invalid type, target_audience (request not sent): POST https://api.example/publisher/websites/',
    );
    expect(WEBSITE_TYPES).to.have.length(11);
    expect(TARGET_AUDIENCES).to.have.length(249);
    await client.websites.patch(
      { uuid: 'w' },
      { body: { type: 'content_blog', target_audience: 'PL' } },
    );
    expect(calls).to.have.length(1);
  });

  it('adslot type, click_session_lifespan, sid, deep_link, page and page_size', async () => {
    const { calls, client } = recording();
    expect(
      Object.keys(
        (
          await problems(
            client.adslots.update({ uuid: 'a' }, { body: { type: 'auto' as 'filter' } }),
            calls,
          )
        ).fields,
      ),
    ).to.deep.equal(['type']);
    for (const bad of [0, 366, 1.5, '7'])
      expect(callProblems('adslots.patch', {}, { click_session_lifespan: bad })).to.have.key(
        'click_session_lifespan',
      );
    expect(callProblems('adslots.patch', {}, { click_session_lifespan: 365 })).to.deep.equal({});
    const link = await problems(
      client.offers.trackingLink(
        { uuid: 'o' },
        { body: { sid: 'x'.repeat(33), deep_link: 'javascript:alert(1)' } },
      ),
      calls,
    );
    expect(Object.keys(link.fields)).to.deep.equal(['sid', 'deep_link']);
    for (const sid of ['a b', 'ä', 'a/b', 'x'.repeat(33)])
      expect(callProblems('products.trackingLink', {}, { sid })).to.have.key('sid');
    for (const deep_link of ['/relative', 'ftp://x.example/', 'not a url'])
      expect(callProblems('products.trackingLink', {}, { deep_link })).to.have.key('deep_link');
    expect(
      callProblems(
        'products.trackingLink',
        {},
        { sid: 'Az09_-'.repeat(5) + 'ab', deep_link: 'https://shop.example/p?q=1' },
      ),
    ).to.deep.equal({});
    expect(
      Object.keys(
        (await problems(client.offers.list({ query: { page: 0, page_size: 101 } }), calls)).fields,
      ),
    ).to.deep.equal(['page', 'page_size']);
    expect(
      Object.keys(
        (await problems(client.products.search({ body: { page: -1, page_size: 0 } }), calls))
          .fields,
      ),
    ).to.deep.equal(['page', 'page_size']);
    await problems(
      client.paginate('/publisher/offers/', { query: { page_size: 500 } }).next(),
      calls,
    );
    await client.offers.list({ query: { page: 3, page_size: 100 } });
    expect(calls).to.have.length(1);
  });

  it('the server agrees with what the client lets through', async () => {
    const { emu, client } = await setup();
    const site = await client.websites.create({
      body: {
        url: 'https://fresh.example/',
        type: 'price_comparison',
        target_audience: 'DE',
        categories: [],
      },
    });
    expect(site.type).to.equal('price_comparison');
    const link = await client.products.trackingLink(
      { id: known.product },
      {
        body: {
          website: known.website.guid,
          sid: 'nav_top-1',
          deep_link: 'https://shop.example/x',
        },
      },
    );
    expect(link.tracking_link).to.contain('sid=nav_top-1');
    await emu.stop();
  });
});

describe('client options', () => {
  const bad: [string, object][] = [
    ['baseUrl', { baseUrl: '/relative/' }],
    ['baseUrl', { baseUrl: 'ftp://x.example/' }],
    ['baseUrl', { baseUrl: 'https://x.example/?a=1' }],
    ['baseUrl', {}],
    ['timeout', { baseUrl: 'https://x.example/', timeout: 0 }],
    ['timeout', { baseUrl: 'https://x.example/', timeout: -5 }],
    ['timeout', { baseUrl: 'https://x.example/', timeout: Infinity }],
    ['token', { baseUrl: 'https://x.example/', token: '' }],
    ['fetch', { baseUrl: 'https://x.example/', fetch: 'no' }],
    ['retry', { baseUrl: 'https://x.example/', retry: -1 }],
    ['retry.limit', { baseUrl: 'https://x.example/', retry: { limit: NaN } }],
    ['retry.methods', { baseUrl: 'https://x.example/', retry: { methods: 'GET' } }],
    ['headers', { baseUrl: 'https://x.example/', headers: 'x' }],
  ];
  for (const [name, options] of bad)
    it(`rejects a bad ${name} with a TypeError naming it (${JSON.stringify(options)})`, () => {
      expect(() => createClient(options as never)).to.throw(TypeError, `Invalid option ${name}:`);
    });

  it('the core alone checks baseUrl too (the widgets rely on it)', () => {
    for (const baseUrl of ['javascript:alert(1)', '/pubnet-api/', 'https://x.example/?a', ''])
      expect(() => createCore({ baseUrl }), baseUrl).to.throw(TypeError, 'Invalid option baseUrl');
    expect(createCore({ baseUrl: 'https://x.example/pubnet-api' }).baseUrl).to.equal(
      'https://x.example/pubnet-api/',
    );
  });

  it('accepts timeout false and retry false', () => {
    expect(() =>
      createClient({ baseUrl: 'http://localhost:1/', timeout: false, retry: false }),
    ).not.to.throw();
  });

  it('routes carry their method and path for the core', () => {
    expect(offersRoutes['offers.get'].path).to.equal('/publisher/offers/{uuid}/');
  });
});
