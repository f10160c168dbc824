/**
 * Every element of the library, one line each: adding an element is its folder
 * (`<name>/`, with its class, styles, `reserve.css` and `manifest.ts`) and one line here.
 * The npm and CDN entries define them from this list (define.ts), and the space-reserving
 * stylesheet, server rendering, the proxy's `/render/` routes and the WordPress build read it.
 */
import adslot from './adslot/manifest.js';
import productGrid from './product-grid/manifest.js';
import offerLink from './offer-link/manifest.js';

export const ELEMENTS = [adslot, productGrid, offerLink] as const;
