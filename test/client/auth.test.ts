import { expect } from '@open-wc/testing';
import { AuthError, createClient, createCore } from '../../src/client/index.js';
import { TOKEN_WARNING } from '../../src/client/token-warning.js';
import { jsonResponse, known, rejection, setup } from './support/client.js';

function headersOf(options: { token?: string } = {}) {
  const sent: Record<string, string>[] = [];
  const client = createClient({
    baseUrl: 'https://api.example/',
    origin: null,
    ...options,
    fetch: async (_url, init) => {
      sent.push(init.headers as Record<string, string>);
      return jsonResponse({});
    },
  });
  return { sent, client };
}

describe('auth', () => {
  it('sends Authorization: Token <token> when a token is given', async () => {
    const { sent, client } = headersOf({ token: 's3cret' });
    await client.offers.list();
    await client.adslots.update({ uuid: 'a' }, { body: {} });
    expect(sent.map((h) => h.Authorization)).to.deep.equal(['Token s3cret', 'Token s3cret']);
  });

  it('proxy mode (no token): no Authorization header at all', async () => {
    const { sent, client } = headersOf();
    await client.offers.list();
    await client.products.search({ body: {} });
    for (const h of sent)
      expect(Object.keys(h).map((k) => k.toLowerCase())).not.to.include('authorization');
    // the emulator, which wants a token, answers 401 without one
    const { emu } = await setup();
    const anonymous = createClient({ baseUrl: emu.url });
    expect(await rejection(anonymous.offers.list())).to.be.instanceOf(AuthError);
    await emu.stop();
  });

  it('the token pages never send it, even with a token', async () => {
    const { sent, client } = headersOf({ token: 's3cret' });
    await client.promo.getBlackFriday({ token: 'g' });
    await client.promo.getBlackFridayLegacy({ token: 'g' });
    await client.promo.getPaydayLoans({ token: 'g' });
    expect(sent).to.have.length(3);
    for (const h of sent) expect(h.Authorization).to.equal(undefined);
    const { emu } = await setup();
    const anonymous = createClient({ baseUrl: emu.url });
    const loans = await anonymous.promo.getPaydayLoans({ token: known.website.guid });
    expect(loans).to.be.an('array').with.length.above(0);
    await emu.stop();
  });

  it('warns once that the token is secret when used in a page off localhost', async () => {
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    const client = createClient({
      baseUrl: 'https://api.example/',
      token: 't',
      origin: 'https://shop.example',
      warn,
      fetch: async () => jsonResponse({}),
    });
    await client.offers.list();
    await client.offers.list();
    expect(warnings).to.deep.equal([TOKEN_WARNING]);
    expect(TOKEN_WARNING)
      .to.match(/secret/)
      .and.match(/proxy/);
    for (const origin of [
      'http://localhost:8000',
      'http://127.0.0.1:3000',
      'http://[::1]:80',
      null,
    ])
      createClient({ baseUrl: 'https://api.example/', token: 't', origin, warn });
    createClient({ baseUrl: 'https://api.example/', origin: 'https://shop.example', warn });
    expect(warnings).to.have.length(1);
    // the core alone (the widgets' path) warns the same way
    createCore({
      baseUrl: 'https://api.example/',
      token: 't',
      origin: 'https://shop.example',
      warn,
    });
    expect(warnings).to.have.length(2);
    // the test page itself is on localhost: the default origin does not warn either
    createClient({ baseUrl: 'https://api.example/', token: 't', warn });
    expect(location.hostname).to.match(/^(localhost|127\.0\.0\.1)$/);
    expect(warnings).to.have.length(2);
  });
});
