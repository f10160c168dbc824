// Compiled by package.test.ts as a server project would: Node's types, no DOM lib,
// no skipLibCheck, node16 resolution. The server-side subpaths type-check there.
import { renderAdslot, renderProductGrid, stylesheetText } from 'pubnet-widgets/render';
import { createProxy } from 'pubnet-widgets/proxy';
import { createClient, type Offer } from 'pubnet-widgets/client';

export const handler: (request: Request) => Promise<Response> = createProxy({
  token: 'a-long-secret-token',
  upstream: 'https://api.example/',
});
const client = createClient({ baseUrl: 'https://publisher.example/pubnet-api/' });
export const offer: Promise<Offer> = client.offers.get({ uuid: 'uuid' });
export { renderAdslot, renderProductGrid, stylesheetText };
