import { expect } from '@open-wc/testing';
import { collectWarnings } from '../support/warnings.js';

/** Another library (or an old copy) took the tag before the bundle ran. */
class ForeignAdslot extends HTMLElement {}

describe('a foreign <pubnet-adslot> defined first', () => {
  it('throws nothing, keeps the foreign class, warns once, and still defines the rest', async () => {
    customElements.define('pubnet-adslot', ForeignAdslot);
    const warnings = await collectWarnings(() => import('../../src/embed/index.js'));
    expect(
      customElements.get('pubnet-adslot') === ForeignAdslot,
      'foreign class replaced',
    ).to.equal(true);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('<pubnet-adslot>');
    expect(customElements.get('pubnet-product-grid')).to.be.a('function');
    expect(customElements.get('pubnet-offer-link')).to.be.a('function');
    expect(window.Pubnet).to.be.an('object');
  });
});
