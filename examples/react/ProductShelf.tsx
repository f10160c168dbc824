// A React 19 component that shows deals from the publisher's feed with the
// pubnet-widgets elements, fully typed through ./pubnet-jsx.d.ts.
import { useState } from 'react';
import { configure } from 'pubnet-widgets'; // registers the elements

// Once per page: the proxy that holds the API token, and the public website key.
configure({ api: '/pubnet-api/', key: 'WEBSITE_GUID' });

export function ProductShelf({ query, brands }: { query: string; brands: string[] }) {
  const [shown, setShown] = useState<number | null>(null);
  return (
    <section aria-label="Deals">
      <pubnet-product-grid
        query={query}
        brand={brands.join('|')}
        sale
        limit={8}
        columns={4}
        onpubnet-load={(event) => setShown(event.detail.count)}
        onpubnet-click={(event) =>
          console.info('deal followed', event.detail.href, event.detail.product?.title)
        }
        onpubnet-error={(event) => console.warn('no deals', event.detail.error)}
      >
        <p slot="fallback">No deals right now.</p>
      </pubnet-product-grid>
      {shown !== null && <p>{shown} deals</p>}
      <p>
        Or go straight to the shop:{' '}
        <pubnet-offer-link offer="OFFER_UUID" deep-link="https://shop.example/sale">
          <a href="https://shop.example/sale">Summer sale</a>
        </pubnet-offer-link>
      </p>
    </section>
  );
}
