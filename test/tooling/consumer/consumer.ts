// Compiled by package.test.ts as a user's project would: every subpath by the
// package name, through `exports`, with the types the build ships.
import {
  PubnetProductGrid,
  configure,
  type PubnetClickEvent,
  type PubnetEventMap,
} from 'pubnet-widgets';
import { createClient, isHttpError, updateWithRetry, type Offer } from 'pubnet-widgets/client';
import { createProxy } from 'pubnet-widgets/proxy';
import type { RenderedWidget } from 'pubnet-widgets/render';
import { createEmulator } from 'pubnet-widgets/emulator';
import { autolink, createConsent } from 'pubnet-widgets/autolink';

configure({ api: 'https://publisher.example/pubnet-api/', key: 'guid' });
const grid: PubnetProductGrid = document.createElement('pubnet-product-grid');
grid.addEventListener('pubnet-load', (event) => {
  const count: number = event.detail.count;
  return count;
});
grid.addEventListener('pubnet-click', (event: PubnetClickEvent) => {
  const title: string | null | undefined = event.detail.product?.title;
  return title;
});
const detail: PubnetEventMap['pubnet-click'] = { href: 'https://x.example/', offer: 'uuid' };

const client = createClient({ baseUrl: 'https://publisher.example/pubnet-api/' });
export async function offerTitle(uuid: string): Promise<string | undefined> {
  try {
    const offer: Offer = await client.offers.get({ uuid });
    return offer.title;
  } catch (error) {
    if (isHttpError(error)) return `status ${error.status}`;
    throw error;
  }
}

// The client example of docs/client.md, as written there.
export async function readmeExample(uuid: string, id: string): Promise<number> {
  const offer = await client.offers.get({ uuid });
  const { tracking_link } = await client.offers.trackingLink(
    { uuid },
    { body: { sid: 'newsletter' } },
  );
  let seen = 0;
  for await (const conversion of client.paginate('/publisher/conversions/', {
    query: { page_size: 100 },
  })) {
    seen += conversion.id ? 1 : 0;
  }
  await updateWithRetry(client, 'adslots', id, (slot) => ({ ...slot, title: 'Summer' }));
  return seen + (offer.title?.length ?? 0) + tracking_link.length;
}

export const handler: (request: Request) => Promise<Response> = createProxy({
  token: 'a-long-secret-token',
  upstream: 'https://api.example/',
});
export const emulator = createEmulator({ latency: 0 });
export { detail };

// Auto-linking with a publisher's own banner.
const gate = createConsent({ mode: 'manual' });
export const stopAutolink: () => void = autolink(document.body, {
  api: 'https://publisher.example/pubnet-api/',
  key: 'guid',
  scope: 'article',
  consent: gate,
});
gate.set(true);

// The render entry's state (WidgetState, spelled apart from the element classes so that a
// server project needs no DOM lib) is the elements' own `state`, both ways.
export function sameState(rendered: RenderedWidget, element: PubnetProductGrid): RenderedWidget {
  element.state = rendered.state;
  return { ...rendered, state: element.state };
}
