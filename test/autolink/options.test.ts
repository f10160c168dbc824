import { expect } from '@open-wc/testing';
import { autolink, type AutolinkOptions } from '../../src/autolink/index.js';

describe('autolink options', () => {
  const api = 'https://publisher.example/pubnet-api/';

  for (const [name, options] of [
    ['api', {}],
    ['api', { api: 'javascript:alert(1)' }],
    ['api', { api: '/relative/' }],
    ['key', { api, key: 42 }],
    ['sid', { api, sid: 'has spaces' }],
    ['sid', { api, sid: 'x'.repeat(33) }],
    ['scope', { api, scope: 'article[' }],
    ['exclude', { api, exclude: 7 }],
    ['disclosure', { api, disclosure: false }],
    ['disclosure', { api, disclosure: 1 }],
    ['consent', { api, consent: { allowed: () => true } }],
  ] as [string, object][])
    it(`a bad "${name}" (${JSON.stringify(options)}) throws a TypeError naming it`, () => {
      expect(() => autolink(document.body, options as AutolinkOptions))
        .to.throw(TypeError)
        .with.property('message')
        .that.includes(`"${name}"`);
    });

  it('options that are not an object throw a TypeError', () => {
    expect(() => autolink(document.body, null as unknown as AutolinkOptions)).to.throw(TypeError);
  });

  it('good options give a stop() that can be called twice', () => {
    const stop = autolink(document.createElement('div'), {
      api,
      key: 'k',
      sid: 'a_b-1',
      scope: 'article, .post',
      exclude: '.nav',
      disclosure: 'Ad',
    });
    stop();
    stop();
  });
});
