/**
 * `<pubnet-product-grid>` in the elements' contract suite (test/components/contract/): how
 * it loads from the emulator's seed, finds nothing, shows hostile data, and its attributes.
 * Test code: in no build (tsconfig.json and custom-elements-manifest.config.mjs leave it out).
 */
import { known } from '../../emulator/known.js';
import type { ElementFixture } from '../element.fixture.js';

export default {
  loads: { attributes: { limit: '3' }, count: 3, images: 3 },
  findsNothing: { attributes: { query: 'no-such-product-zzz' } },
  // The seed's hostile products are its only ones of this category.
  hostile: {
    attributes: { category: 'Test data' },
    texts: ['"><script>alert("title")</script> Speaker', 'Sony" onmouseover="alert(1)'],
  },
  // One search, a POST: never retried.
  request: { method: 'POST', path: '/publisher/products/', retried: false },
  failure: 'fallback',
  attributes: {
    query: { valid: 'headphones' },
    brand: { valid: 'Sony|Bose' },
    category: { valid: 'Headphones' },
    offer: { valid: known.offers[0] },
    'min-price': { valid: '12.5', invalid: 'cheap' },
    'max-price': { valid: '500', invalid: 'abc' },
    sale: { valid: '' },
    'on-sale': { valid: '' },
    ordering: { valid: '-price', invalid: 'random' },
    limit: { valid: '4', invalid: 'lots' },
    columns: { valid: '3', invalid: 'many' },
    layout: { valid: 'list', invalid: 'masonry' },
  },
} satisfies ElementFixture;
