// JSX types for the three elements in React 19, derived from the package's own
// element classes and event map, so a typo in an attribute or an event handler
// fails the typecheck.
import type {
  Ordering,
  PubnetAdslot,
  PubnetClickEvent,
  PubnetErrorEvent,
  PubnetImpressionEvent,
  PubnetLoadEvent,
  PubnetOfferLink,
  PubnetProductGrid,
} from 'pubnet-widgets';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** React 19 listens to custom events through `on<event name>` props. */
interface PubnetEvents {
  'onpubnet-load'?: (event: PubnetLoadEvent) => void;
  'onpubnet-error'?: (event: PubnetErrorEvent) => void;
  'onpubnet-click'?: (event: PubnetClickEvent) => void;
  'onpubnet-impression'?: (event: PubnetImpressionEvent) => void;
}

/**
 * The common attributes, with `website-key`, not `key`: React keeps `key` for
 * itself (or set the website key once with `configure({ key })`).
 */
interface PubnetCommon {
  api?: string;
  'website-key'?: string;
  sid?: string;
  target?: string;
  disclosure?: string;
  cta?: string;
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
          sale?: boolean;
          ordering?: Ordering;
          limit?: number;
          columns?: number;
          layout?: PubnetProductGrid['layout'];
        }
      >;
      'pubnet-offer-link': Props<PubnetOfferLink, { offer: string; 'deep-link'?: string }>;
    }
  }
}
