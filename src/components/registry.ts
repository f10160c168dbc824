/**
 * Every element of the library, one entry each: adding an element is its folder
 * (`<name>/`, with its class, styles, `reserve.css`, `manifest.ts` and `<name>.fixture.ts`)
 * and its entry here. The npm and CDN entries define them from this list (define.ts), and
 * the space-reserving stylesheet, server rendering, the proxy's `/render/` routes, the
 * WordPress build and the contract suite (test/components/contract/) read it
 * (`npm run scratch-element` shows it with a scratch element).
 */
import adslot from './adslot/manifest.js';
import productGrid from './product-grid/manifest.js';
import offerLink from './offer-link/manifest.js';
import priceComparison from './price-comparison/manifest.js';
import loanOffers from './loan-offers/manifest.js';

export const ELEMENTS = [adslot, productGrid, offerLink, priceComparison, loanOffers] as const;
