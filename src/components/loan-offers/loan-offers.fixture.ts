/**
 * `<pubnet-loan-offers>` in the elements' contract suite (test/components/contract/): how it
 * loads from the emulator's payday-loans page, finds nothing, shows hostile data, and its
 * attributes. Test code: in no build (tsconfig.json and custom-elements-manifest.config.mjs
 * leave it out).
 */
import type { ElementFixture } from '../element.fixture.js';

export default {
  // The short-term offers with an http(s) link: 8, of which 6 have an http(s) logo.
  loads: { attributes: {}, count: 8, images: 6 },
  findsNothing: { attributes: { only: 'nobody.example' } },
  hostile: {
    attributes: { only: 'xss-pozyczka.example|pulapka.example|niepelna.example' },
    texts: [
      '<img src=x onerror=alert(1)>Pożyczka <b>XSS</b>',
      '<script>alert("promo")</script>Darmowa pożyczka!',
    ],
  },
  // One read of the website's page: a GET, retried when it may be.
  request: { method: 'GET', path: '/publisher/payday-loans/', retried: true },
  failure: 'fallback',
  attributes: {
    type: { valid: 'long_term', invalid: 'payday' },
    'loan-amount': { valid: '3000', invalid: 'lots' },
    'loan-period': { valid: '30', invalid: 'a month' },
    'customer-age': { valid: '30', invalid: 'old' },
    'first-loan-free': { valid: '' },
    'no-bik': { valid: '' },
    'no-income-proof': { valid: '' },
    only: { valid: 'kasateraz.example' },
    exclude: { valid: 'kasateraz.example' },
    pinned: { valid: 'kasateraz.example' },
    ordering: { valid: 'max_loan_amount', invalid: 'cheapest' },
    highlight: { valid: '1', invalid: 'all' },
    limit: { valid: '4', invalid: 'lots' },
    layout: { valid: 'grid', invalid: 'table' },
  },
} satisfies ElementFixture;
