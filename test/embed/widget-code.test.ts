import { expect } from '@open-wc/testing';
import { renderWidgetCode } from '../../src/embed/widget-code.js';
import { host, scriptTag as widgetCode } from './support/host.js';

const p = (id: string) => Object.assign(document.createElement('p'), { id });

describe('widget_code (data-config)', () => {
  it('inserts <pubnet-adslot> right after its script tag, with the tag’s key, api and sid', () => {
    const before = p('before');
    host(before, p('after'));
    const script = widgetCode({
      config: 'a1000000-0000-4000-8000-000000000001',
      key: 'guid-1',
      api: 'https://publisher.example/pubnet-api/',
      sid: 'news',
      other: 'ignored',
    });
    before.after(script);

    const slot = renderWidgetCode(script);

    // Compared as names: a failing comparison of two DOM nodes cannot be reported.
    expect(script.nextElementSibling === slot, 'the slot is right after its tag').to.equal(true);
    expect(slot!.localName).to.equal('pubnet-adslot');
    expect(slot!.nextElementSibling?.id).to.equal('after');
    expect(Object.fromEntries([...slot!.attributes].map((a) => [a.name, a.value]))).to.deep.equal({
      adslot: 'a1000000-0000-4000-8000-000000000001',
      key: 'guid-1',
      api: 'https://publisher.example/pubnet-api/',
      sid: 'news',
    });
  });

  it('gives each of two tags its own slot, with its own key', () => {
    const first = widgetCode({ config: 'slot-1', key: 'key-1' });
    const second = widgetCode({ config: 'slot-2', key: 'key-2' });
    const div = host(first, document.createElement('hr'), second);

    renderWidgetCode(first);
    renderWidgetCode(second);

    expect([...div.children].map((el) => el.localName)).to.deep.equal([
      'script',
      'pubnet-adslot',
      'hr',
      'script',
      'pubnet-adslot',
    ]);
    expect(first.nextElementSibling?.getAttribute('adslot')).to.equal('slot-1');
    expect(first.nextElementSibling?.getAttribute('key')).to.equal('key-1');
    expect(second.nextElementSibling?.getAttribute('adslot')).to.equal('slot-2');
    expect(second.nextElementSibling?.getAttribute('key')).to.equal('key-2');
  });

  it('sets no attribute the tag does not have, so configure() and defaults still apply', () => {
    const script = widgetCode({ config: ' slot-1 ' });
    host(script);
    const slot = renderWidgetCode(script)!;
    expect(slot.getAttributeNames()).to.deep.equal(['adslot']);
    expect(slot.getAttribute('adslot')).to.equal('slot-1');
  });

  it('renders nothing for a tag without data-config, a blank one, a detached tag or none', () => {
    const plain = widgetCode({ key: 'guid-1' });
    const blank = widgetCode({ config: '  ' });
    const div = host(plain, blank);
    expect(renderWidgetCode(plain)).to.equal(null);
    expect(renderWidgetCode(blank)).to.equal(null);
    expect(renderWidgetCode(widgetCode({ config: 'slot-1' }))).to.equal(null);
    expect(renderWidgetCode(null)).to.equal(null);
    expect(div.children).to.have.length(2);
  });
});
