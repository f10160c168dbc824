// Proof that the JSX types bite: each line below must be a type error, and
// `@ts-expect-error` fails the typecheck if it is not.
import './ProductShelf.tsx';

export const wrong = [
  // @ts-expect-error: `layout` is grid or list
  <pubnet-product-grid layout="masonry" />,
  // @ts-expect-error: an offer link needs its offer
  <pubnet-offer-link deep-link="https://shop.example/" />,
  // @ts-expect-error: pubnet-load's detail has `count`, not `items`
  <pubnet-adslot adslot="x" onpubnet-load={(event) => event.detail.items} />,
  // @ts-expect-error: a product's title is a string (or null), not a number
  <pubnet-adslot adslot="x" onpubnet-click={(event) => event.detail.product?.title?.toFixed()} />,
  // @ts-expect-error: `ordering` is one the API knows
  <pubnet-product-grid ordering="cheapest" />,
];
