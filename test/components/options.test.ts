import { expect } from '@open-wc/testing';
import {
  configure,
  readScriptOptions,
  resolveOption,
  setScriptOptions,
} from '../../src/components/shared/options.js';

describe('embed options', () => {
  it('reads data-api, data-key and data-sid of a script tag, and nothing else', () => {
    const script = document.createElement('script');
    script.dataset.api = 'https://proxy.example/api/';
    script.dataset.key = 'guid-1';
    script.dataset.sid = 'news';
    script.dataset.other = 'x';
    expect(readScriptOptions(script)).to.deep.equal({
      api: 'https://proxy.example/api/',
      key: 'guid-1',
      sid: 'news',
    });
    expect(readScriptOptions(null)).to.deep.equal({});
  });

  it('resolves element attribute, then configure(), then the script tag', () => {
    setScriptOptions({ api: 'https://script.example/', key: 'script-key', sid: 'script-sid' });
    configure({ key: 'configured-key' });
    expect(resolveOption('api', null)).to.equal('https://script.example/');
    expect(resolveOption('key', null)).to.equal('configured-key');
    expect(resolveOption('key', 'element-key')).to.equal('element-key');
    expect(resolveOption('sid', undefined)).to.equal('script-sid');
  });

  it('rejects options that are not strings, naming the option', () => {
    expect(() => configure({ sid: 42 as unknown as string })).to.throw(TypeError, /"sid"/);
    expect(() => configure(null as never)).to.throw(TypeError, /options must be an object/);
  });
});
