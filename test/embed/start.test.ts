import { expect } from '@open-wc/testing';
import { resolveOption } from '../../src/page/options.js';
import { installGlobal } from '../../src/embed/global.js';
import { start } from '../../src/embed/start.js';
import { collectWarnings } from '../support/warnings.js';
import { host, scriptTag as script } from './support/host.js';

describe('window.Pubnet', () => {
  beforeEach(() => {
    delete window.Pubnet;
  });
  after(() => {
    delete window.Pubnet;
  });

  it('gives the page version and configure()', () => {
    const global = installGlobal('1.2.3');
    expect(window.Pubnet === global).to.equal(true);
    expect(global.version).to.equal('1.2.3');
    global.configure({ sid: 'from-configure' });
    expect(resolveOption('sid', null)).to.equal('from-configure');
    expect(resolveOption('sid', 'from-attribute')).to.equal('from-attribute');
  });

  it('keeps the first copy’s global when another copy or version loads', () => {
    const first = installGlobal('1.0.0');
    const second = installGlobal('2.0.0');
    expect(second === first).to.equal(true);
    expect(window.Pubnet!.version).to.equal('1.0.0');
  });

  it('cannot be altered by the page or a later copy', () => {
    const global = installGlobal('1.0.0');
    expect(Object.isFrozen(global)).to.equal(true);
  });
});

describe('start (one execution of the bundle)', () => {
  beforeEach(() => {
    delete window.Pubnet;
  });
  after(() => {
    delete window.Pubnet;
  });

  it('takes the script tag’s data-* as the lowest-priority options and renders its slot', () => {
    const tag = script({ api: 'https://script.example/', config: 'slot-1' });
    host(tag);
    start(tag, '9.9.9');
    expect(window.Pubnet!.version).to.equal('9.9.9');
    expect(resolveOption('api', null)).to.equal('https://script.example/');
    window.Pubnet!.configure({ api: 'https://configured.example/' });
    expect(resolveOption('api', null)).to.equal('https://configured.example/');
    expect(resolveOption('api', 'https://attribute.example/')).to.equal(
      'https://attribute.example/',
    );
    expect(tag.nextElementSibling?.localName).to.equal('pubnet-adslot');
  });

  it('never throws into the page, and says why it stopped', async () => {
    const tag = script({ config: 'slot-1' });
    host(tag);
    tag.after = () => {
      throw new Error('boom');
    };
    const warnings = await collectWarnings(() => {
      expect(() => start(tag, '1.0.0')).not.to.throw();
    });
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.match(/^pubnet-widgets: could not start Error: boom/);
    expect(window.Pubnet!.version).to.equal('1.0.0');
  });
});
