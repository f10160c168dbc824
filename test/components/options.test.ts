import { expect } from '@open-wc/testing';
import { resetWidgets } from '../../src/page/env.js';
import {
  configure,
  jsOption,
  readScriptOptions,
  resolveOption,
  setScriptOptions,
} from '../../src/page/options.js';

describe('embed options', () => {
  beforeEach(resetWidgets);
  afterEach(resetWidgets);

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

  it('rejects options that are not strings, naming the option, and keeps every option as it was', () => {
    configure({ key: 'kept', sid: 'kept-sid' });
    expect(() => configure({ key: 'lost', sid: 42 as unknown as string })).to.throw(
      TypeError,
      /"sid"/,
    );
    expect(resolveOption('key', null)).to.equal('kept');
    expect(() => configure(null as never)).to.throw(TypeError, /options must be an object/);
    expect(() => configure({ deadline: -1 })).to.throw(TypeError, /"deadline"/);
  });

  it('unsets an option given as undefined or null, and leaves the others alone', () => {
    setScriptOptions({ key: 'script-key' });
    configure({ api: 'https://configured.example/', key: 'configured-key', deadline: 500 });
    configure({ key: undefined, deadline: null });
    expect(resolveOption('key', null), 'the script tag applies again').to.equal('script-key');
    expect(jsOption('deadline'), 'the default applies again').to.equal(undefined);
    expect(resolveOption('api', null)).to.equal('https://configured.example/');
    configure({ api: null });
    expect(resolveOption('api', null)).to.equal(undefined);
  });

  it('resetWidgets() forgets every option, configured or from a script tag', () => {
    setScriptOptions({ api: 'https://script.example/' });
    configure({ key: 'configured-key', token: 'secret' });
    resetWidgets();
    expect(resolveOption('api', null)).to.equal(undefined);
    expect(resolveOption('key', null)).to.equal(undefined);
    expect(jsOption('token')).to.equal(undefined);
  });
});
