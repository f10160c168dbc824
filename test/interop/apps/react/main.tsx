// React 19: attributes from state (React 19 sets a property when the element
// has one, else the attribute), events as `onpubnet-*` props.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { record, start, type Attrs } from '../shared.js';
import 'pubnet-widgets';

const initial = start();
let update: (patch: Partial<Attrs>) => void = () => {};

function App() {
  const [s, setState] = useState(initial);
  update = (patch) => setState((state) => ({ ...state, ...patch }));
  return (
    <main>
      <pubnet-offer-link
        id="link"
        offer={s.linkOffer}
        deep-link={s.deepLink}
        website-key={s.websiteKey}
        sid={s.sid}
        api={s.api}
        target={s.target}
        eager={s.eager}
        onpubnet-load={record}
        onpubnet-error={record}
        onpubnet-click={record}
        onpubnet-impression={record}
      >
        <a href={s.deepLink}>The sale</a>
      </pubnet-offer-link>{' '}
      <pubnet-offer-link
        id="broken"
        offer={s.brokenOffer}
        website-key={s.websiteKey}
        api={s.api}
        eager={s.eager}
        onpubnet-load={record}
        onpubnet-error={record}
        onpubnet-click={record}
        onpubnet-impression={record}
      >
        No such offer
      </pubnet-offer-link>
      <pubnet-product-grid
        id="grid"
        query={s.query}
        brand={s.brand}
        category={s.category}
        offer={s.offer}
        min-price={s.minPrice}
        max-price={s.maxPrice}
        sale={s.sale}
        ordering={s.ordering}
        limit={s.limit}
        columns={s.columns}
        layout={s.layout}
        website-key={s.websiteKey}
        sid={s.sid}
        api={s.api}
        target={s.target}
        disclosure={s.disclosure}
        cta={s.cta}
        eager={s.eager}
        onpubnet-load={record}
        onpubnet-error={record}
        onpubnet-click={record}
        onpubnet-impression={record}
      ></pubnet-product-grid>
      <pubnet-adslot
        id="slot"
        adslot={s.adslot}
        website-key={s.websiteKey}
        sid={s.sid}
        api={s.api}
        target={s.target}
        eager={s.eager}
        onpubnet-load={record}
        onpubnet-error={record}
        onpubnet-click={record}
        onpubnet-impression={record}
      ></pubnet-adslot>
    </main>
  );
}

const root = createRoot(document.getElementById('root')!);
root.render(<App />);
window.app = { set: (patch) => update(patch), unmount: () => root.unmount() };
