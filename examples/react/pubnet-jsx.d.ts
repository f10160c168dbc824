// JSX types for the three elements in React 19, derived from the package's own
// element classes and event map, so a typo in an attribute or an event handler
// fails the typecheck.
import type {
  PubnetAdslot,
  PubnetEventMap,
  PubnetOfferLink,
  PubnetProductGrid,
} from 'pubnet-widgets';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** React 19 listens to custom events through `on<event name>` props. */
type PubnetEvents = {
  [K in keyof PubnetEventMap as `on${K}`]?: (event: CustomEvent<PubnetEventMap[K]>) => void;
};

/**
 * The common attributes, except `key`: React keeps `key` for itself, so set the
 * website key with `configure({ key })` (or the script tag's `data-key`).
 */
interface PubnetCommon {
  api?: string;
  sid?: string;
  target?: string;
  disclosure?: string;
  eager?: boolean;
}

type Props<E, Own> = DetailedHTMLProps<HTMLAttributes<E>, E> & PubnetCommon & PubnetEvents & Own;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'pubnet-adslot': Props<PubnetAdslot, { adslot: string }>;
      'pubnet-product-grid': Props<
        PubnetProductGrid,
        {
          query?: string;
          brand?: string;
          category?: string;
          offer?: string;
          'min-price'?: number;
          'max-price'?: number;
          'on-sale'?: boolean;
          ordering?: '-score' | 'price' | '-price' | '-discount' | '-updated_at' | 'title';
          limit?: number;
          columns?: number;
          layout?: 'grid' | 'list';
        }
      >;
      'pubnet-offer-link': Props<PubnetOfferLink, { offer: string; 'deep-link'?: string }>;
    }
  }
}
