/**
 * `<pubnet-adslot>` in the elements' contract suite (test/components/contract/): how it
 * loads from the emulator's seed, finds nothing, shows hostile data, and its attributes.
 * Test code: in no build (tsconfig.json and custom-elements-manifest.config.mjs leave it out).
 */
import { known } from '../../emulator/known.js';
import type { ElementFixture } from '../element.fixture.js';

export default {
  // A filter slot (its config: 8 products, with images, the label "Ad").
  loads: { attributes: { adslot: known.filterAdslot }, count: 8, images: 8 },
  findsNothing: { attributes: { adslot: known.emptyFilterAdslot } },
  hostile: {
    attributes: { adslot: known.hostileAdslot },
    texts: ['"><script>alert("title")</script> Speaker', 'Sony" onmouseover="alert(1)'],
  },
  // From the API itself, the slot's config comes first (then its search).
  request: { method: 'GET', path: '/publisher/adslots/', retried: true },
  failure: 'fallback',
  attributes: { adslot: { valid: known.filterAdslot } },
} satisfies ElementFixture;
