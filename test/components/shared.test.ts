import { expect, fixture, html } from '@open-wc/testing';
import { defineElement } from '../../src/components/shared/define.js';
import { emit } from '../../src/components/shared/events.js';
import { httpUrl } from '../../src/components/shared/safe-url.js';
import { nearViewport } from '../../src/components/shared/near-viewport.js';

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
  it('defines once, and never throws when the tag is already taken', () => {
    class First extends HTMLElement {}
    class Second extends HTMLElement {}
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    defineElement('pubnet-test-define', First, warn);
    defineElement('pubnet-test-define', First, warn);
    defineElement('pubnet-test-define', Second, warn);
    defineElement('pubnet-test-define', Second, warn);
    expect(customElements.get('pubnet-test-define')).to.equal(First);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('<pubnet-test-define>');
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
