/**
 * `<pubnet-price-comparison>` in the elements' contract suite (test/components/contract/):
 * how it loads from the emulator's seed, finds nothing, shows hostile data, and its
 * attributes. Test code: in no build (tsconfig.json and custom-elements-manifest.config.mjs
 * leave it out).
 */
import { known } from '../../emulator/known.js';
import type { ElementFixture } from '../element.fixture.js';

const { comparison } = known;

export default {
  // Product images, not logos: the logos come after `pubnet-load` (one read per shop). The
  // `mpn` finds the same when the `gtin` is ignored (the suite's invalid values).
  loads: {
    attributes: { gtin: comparison.gtin, mpn: comparison.mpn, show: 'image' },
    count: comparison.expected.length,
    images: comparison.expected.length,
  },
  findsNothing: { attributes: { gtin: '5901234123457' } },
  // The seed's hostile products share one GTIN.
  hostile: {
    attributes: { gtin: known.hostileGtin, show: 'brand' },
    texts: ['"><script>alert("title")</script> Speaker', 'Sony" onmouseover="alert(1)'],
  },
  // One search, a POST: never retried.
  request: { method: 'POST', path: '/publisher/products/', retried: false },
  failure: 'fallback',
  attributes: {
    gtin: { valid: comparison.gtin, invalid: 'EAN-13' },
    mpn: { valid: comparison.mpn },
    query: { valid: comparison.query },
    ordering: { valid: '-price', invalid: '-score' },
    limit: { valid: '4', invalid: 'lots' },
    show: { valid: 'logo image', invalid: 'logo price' },
  },
} satisfies ElementFixture;
