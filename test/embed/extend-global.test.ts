import { expect } from '@open-wc/testing';
import { configure } from '../../src/page/options.js';
import { extendGlobal } from '../../src/embed/extend-global.js';
import { installGlobal } from '../../src/embed/global.js';

describe('window.Pubnet, filled by both CDN files', () => {
  const autolink = Object.freeze({ version: '1.0.0', consent: () => {} });
  beforeEach(() => {
    delete window.Pubnet;
  });
  after(() => {
    delete window.Pubnet;
  });

  it('widgets first, then auto-linking: one frozen object with both parts', () => {
    installGlobal('1.0.0');
    const global = extendGlobal({ autolink });
    expect(window.Pubnet === global).to.equal(true);
    expect(global.version).to.equal('1.0.0');
    expect(global.configure).to.equal(configure);
    expect(global.autolink).to.equal(autolink);
    expect(Object.isFrozen(global)).to.equal(true);
  });

  it('auto-linking first, then the widgets: the same', () => {
    extendGlobal({ autolink });
    const global = installGlobal('1.0.0');
    expect(window.Pubnet === global).to.equal(true);
    expect(global.version).to.equal('1.0.0');
    expect(global.configure).to.equal(configure);
    expect(global.autolink).to.equal(autolink);
    expect(Object.isFrozen(global)).to.equal(true);
  });

  it('a later copy of either file changes nothing, and keeps the same object', () => {
    extendGlobal({ autolink });
    const global = installGlobal('1.0.0');
    expect(installGlobal('2.0.0') === global).to.equal(true);
    expect(extendGlobal({ autolink: { version: '2.0.0', consent: () => {} } }) === global).to.equal(
      true,
    );
    expect(global.version).to.equal('1.0.0');
    expect(global.autolink).to.equal(autolink);
  });
});
