import { expect, fixture, html } from '@open-wc/testing';
import { defineElement } from '../../src/components/base/define.js';
import { emit } from '../../src/page/events.js';
import { httpUrl } from '../../src/page/safe-url.js';
import { nearViewport } from '../../src/page/near-viewport.js';

describe('httpUrl', () => {
  it('keeps absolute http(s) URLs', () => {
    expect(httpUrl('https://shop.example/p?id=1')).to.equal('https://shop.example/p?id=1');
    expect(httpUrl('http://shop.example')).to.equal('http://shop.example/');
  });

  it('drops every other scheme, relative URLs and non-strings', () => {
    for (const value of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'vbscript:msgbox',
      '/relative/path',
      '//shop.example/x',
      '',
      null,
      undefined,
      42,
      { href: 'https://x.example' },
    ]) {
      expect(httpUrl(value), String(value)).to.equal(null);
    }
  });
});

describe('defineElement', () => {
  it('defines once; another copy of the same version is silent, another version warns once', () => {
    class First extends HTMLElement {}
    class SameVersionCopy extends HTMLElement {}
    class OtherVersion extends HTMLElement {}
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    defineElement('pubnet-test-define', First, warn, '1.0.0');
    defineElement('pubnet-test-define', First, warn, '1.0.0');
    defineElement('pubnet-test-define', SameVersionCopy, warn, '1.0.0');
    expect(warnings).to.deep.equal([]);
    defineElement('pubnet-test-define', OtherVersion, warn, '2.0.0');
    defineElement('pubnet-test-define', OtherVersion, warn, '2.0.0');
    expect(customElements.get('pubnet-test-define')).to.equal(First);
    expect(warnings).to.deep.equal([
      '<pubnet-test-define> is already defined by version 1.0.0; keeping it.',
    ]);
  });

  it('warns once when a class not from this library owns the tag', () => {
    class Foreign extends HTMLElement {}
    class Ours extends HTMLElement {}
    customElements.define('pubnet-test-foreign', Foreign);
    const warnings: string[] = [];
    expect(() =>
      defineElement('pubnet-test-foreign', Ours, (m) => warnings.push(m)),
    ).not.to.throw();
    expect(warnings).to.deep.equal([
      '<pubnet-test-foreign> is already defined by another script; keeping it.',
    ]);
  });
});

describe('emit', () => {
  it('fires bubbling, composed events that cross shadow roots', async () => {
    const host = await fixture(html`<div></div>`);
    const inner = document.createElement('span');
    host.attachShadow({ mode: 'open' }).append(inner);
    let seen: CustomEvent | undefined;
    document.addEventListener('pubnet-load', (event) => (seen = event), { once: true });
    emit(inner, 'pubnet-load', { count: 3 });
    expect(seen?.detail).to.deep.equal({ count: 3 });
    expect(seen?.composed).to.equal(true);
  });
});

describe('nearViewport', () => {
  it('resolves for a visible element and rejects when aborted first', async () => {
    const visible = await fixture(html`<div style="height: 10px"></div>`);
    await nearViewport(visible, new AbortController().signal);

    const far = await fixture(html`<div style="margin-top: 5000px; height: 10px"></div>`);
    const controller = new AbortController();
    const waiting = nearViewport(far, controller.signal);
    controller.abort(new Error('disconnected'));
    let error: unknown;
    await waiting.catch((e) => (error = e));
    expect((error as Error).message).to.equal('disconnected');
  });
});
