/**
 * Compile-time checks of the client's types (`tsc -p tsconfig.test.json`
 * fails if one breaks); the runtime test only makes sure the file runs.
 */
import { expect } from '@open-wc/testing';
import { createCore } from '../../src/client/core.js';
import { paydayLoans } from '../../src/client/routes/promo.js';
import {
  createClient,
  type Adslot,
  type Conversion,
  type Loose,
  type Offer,
  type Paginated,
  type PathParams,
  type PaydayLoanOffer,
  type Product,
  type ProductsV2Page,
  type RouteResponse,
  type TrackingLink,
  type Website,
} from '../../src/client/index.js';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(): T => true as T;
/** `exact<E>()(value)` compiles only when the value's type is exactly `E`. */
const exact =
  <E>() =>
  <A>(_value: A, ..._check: Equal<A, E> extends true ? [] : [never]) =>
    undefined;

const client = createClient({
  baseUrl: 'https://api.example/',
  fetch: async () => new Response('{}'),
});

async function typed() {
  exact<Offer>()(await client.offers.get({ uuid: 'x' }, { signal: new AbortController().signal }));
  exact<TrackingLink>()(await client.offers.trackingLink({ uuid: 'x' }, { body: { sid: 'a' } }));
  exact<Paginated<Website>>()(await client.websites.list({ query: { page: 2, page_size: 5 } }));
  exact<ProductsV2Page>()(await client.products.searchV2({ body: { filters: [] } }));
  exact<Loose>()(await client.promo.getBlackFriday({ token: 'g' }));
  exact<PaydayLoanOffer[]>()(await client.promo.getPaydayLoans({ token: 'g' }));
  assert<Equal<RouteResponse<'promo.getPaydayLoans'>, PaydayLoanOffer[]>>();
  const core = createCore({
    baseUrl: 'https://api.example/',
    fetch: async () => new Response('[]'),
  });
  exact<PaydayLoanOffer[]>()(await core.request(paydayLoans, { params: { token: 'g' } }));
  exact<Adslot>()(
    await client.request({
      method: 'GET',
      path: '/publisher/adslots/{uuid}/',
      params: { uuid: 'a' },
    }),
  );
  exact<Loose>()(
    await client.request({
      method: 'GET',
      path: '/publisher/billing_accounts/{currency__code}/',
      params: { currency__code: 'PLN' },
    }),
  );
  assert<Equal<PathParams<'billing.getBillingAccount'>, Record<'currency__code', string>>>();
  assert<Equal<RouteResponse<'conversions.get'>, Conversion>>();
  for await (const c of client.paginate('/publisher/conversions/')) exact<Conversion>()(c);
  for await (const p of client.paginate('/publisher/products/v2/', { body: { page_size: 5 } }))
    exact<Product>()(p);
  for await (const s of client.paginate('/publisher/websites/')) exact<Website>()(s);

  // @ts-expect-error missing path params
  await client.offers.get();
  // @ts-expect-error wrong param name
  await client.offers.get({ id: 'x' });
  // @ts-expect-error no body on a GET
  await client.offers.list({ body: {} });
  // @ts-expect-error wrong body shape
  await client.offers.trackingLink({ uuid: 'x' }, { body: { sid: 5 } });
  // @ts-expect-error no such route
  await client.request({ method: 'DELETE', path: '/publisher/offers/' });
  // @ts-expect-error params required by the path
  await client.request({ method: 'GET', path: '/publisher/offers/{uuid}/' });
  // @ts-expect-error not a paged route
  client.paginate('/publisher/offers/{uuid}/');
  // @ts-expect-error adslot type is filter | manual
  await client.adslots.create({ body: { title: 't', website: 'w', type: 'auto' } });
}

describe('client types', () => {
  it('compile (checked by tsc); the file loads', () => {
    expect(typed).to.be.a('function');
  });
});
