/**
 * `<pubnet-offer-link>` in the elements' contract suite (test/components/contract/): how it
 * loads from the emulator's seed, finds nothing, and its attributes. It shows no text of
 * the API's (the link's text is the publisher's): no hostile data.
 * Test code: in no build (tsconfig.json and custom-elements-manifest.config.mjs leave it out).
 */
import { known } from '../../emulator/known.js';
import type { ElementFixture } from '../element.fixture.js';

/** The publisher's anchor it enhances. */
const anchor = '<a href="https://shop.example/">Shop</a>';

export default {
  loads: { attributes: { offer: known.offers[0] }, children: anchor, count: 1, images: 0 },
  // A closed offer has no tracking links.
  findsNothing: { attributes: { offer: known.closedOffer }, children: anchor },
  // Its tracking link: a PUT, retried.
  request: { method: 'PUT', path: '/publisher/offers/', retried: true },
  failure: 'content',
  attributes: {
    offer: { valid: known.offers[0] },
    'deep-link': { valid: 'https://shop.example/sale', invalid: 'ftp://files.example/' },
  },
} satisfies ElementFixture;
