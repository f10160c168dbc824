// The take-over of server-rendered elements (api-contract §11): what the
// server rendered is replaced by the first render from the same answer, so
// the reader's focus must survive it, the answer leaves the element, and a
// manual slot's creatives show without any JavaScript.
import { expect, oneEvent } from '@open-wc/testing';
import { LitElement } from 'lit';
import { TakeOver } from '../../../src/components/lifecycle/take-over.js';
import { known } from '../../../src/emulator/known.js';
import {
  renderAdslotOnServer,
  renderProductGridOnServer,
  type TestEmulator,
  type TestProxy,
} from '../../support/emulator.js';
import { emulatorBehindProxy, placeRendered, recordFetches } from '../support/elements.js';

const key = known.website.guid;

class AnswerHost extends LitElement {
  counted: unknown[] = [];
  takeOver = new TakeOver(this, (answer) => (this.counted.push(answer), 1));
}
customElements.define('x-answer-host', AnswerHost);

describe('TakeOver', () => {
  it('reads data-answer once, gives it to the first load only, and tolerates what is not JSON', () => {
    const el = document.createElement('x-answer-host') as AnswerHost;
    el.setAttribute('data-answer', '{"results":[]}');
    expect(el.takeOver._read()).to.equal(true);
    expect(el.counted).to.deep.equal([{ results: [] }]);
    expect(el.takeOver._take()).to.deep.equal({ results: [] });
    expect(el.takeOver._take(), 'once').to.equal(undefined);
    el.setAttribute('data-answer', 'null');
    expect(el.takeOver._read(), 'the server failed').to.equal(false);
    expect(el.takeOver._take()).to.equal(null);
    el.setAttribute('data-answer', '{not json');
    expect(el.takeOver._read()).to.equal(false);
    expect(el.takeOver._take()).to.equal(undefined);
  });

  describe('of the widgets, rendered by the real server render', () => {
    let emu: TestEmulator;
    let proxy: TestProxy;
    before(async () => {
      ({ emu, proxy } = await emulatorBehindProxy());
      await import('../../../src/index.js');
    });
    after(() => emu.stop());

    it('keeps the focus of a reader who tabbed to a link before the bundle took the element over', async () => {
      const rendered = await renderProductGridOnServer(
        { query: 'headphones', limit: '4', 'website-key': key, api: proxy.url },
        { api: proxy.url },
      );
      expect(rendered.html).to.include('data-answer=');
      const loaded = oneEvent(document, 'pubnet-load');
      const el = placeRendered(rendered.html);
      // The server's link, focused before the element's first update.
      const before = el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a[data-i]')[2];
      before.focus();
      expect(el.shadowRoot!.activeElement).to.equal(before);
      await loaded;
      const focused = el.shadowRoot!.activeElement as HTMLAnchorElement | null;
      expect(focused, 'focus kept').to.not.equal(null);
      expect(focused, 'a node of the new render').to.not.equal(before);
      expect(before.isConnected, 'the server’s node is gone').to.equal(false);
      expect(focused!.getAttribute('href')).to.equal(before.getAttribute('href'));
      expect(focused!.dataset.i).to.equal('2');
      expect(document.activeElement).to.equal(el);
    });

    it('removes data-answer once the element has taken it', async () => {
      const rendered = await renderAdslotOnServer({
        adslot: known.filterAdslot,
        key,
        api: proxy.url,
      });
      const fetches = recordFetches();
      try {
        const loaded = oneEvent(document, 'pubnet-load');
        const el = placeRendered(rendered.html);
        expect(el.hasAttribute('data-answer')).to.equal(true);
        await loaded;
        expect(el.hasAttribute('data-answer')).to.equal(false);
        expect(el.getAttribute('state')).to.equal('ready');
        expect(fetches.calls, 'still taken over with no request').to.deep.equal([]);
      } finally {
        fetches.restore();
      }
    });

    it('a server-rendered manual slot carries its creatives in sandboxed srcdoc, without JavaScript', async () => {
      const rendered = await renderAdslotOnServer({
        adslot: known.bannerAdslot,
        key,
        api: proxy.url,
      });
      expect(rendered.state).to.equal('ready');
      // Parsed as the browser parses the page, never connected: no element code runs.
      const parsed = document.createElement('div');
      parsed.setHTMLUnsafe(rendered.html);
      const answer = parsed.firstElementChild!.getAttribute('data-answer')!;
      const codes = (JSON.parse(answer) as { widgets: { embed_code?: unknown }[] }).widgets
        .map((widget) => widget.embed_code)
        .filter((code): code is string => typeof code == 'string');
      expect(codes.length).to.be.greaterThan(0);
      const frames = [...parsed.firstElementChild!.shadowRoot!.querySelectorAll('iframe')];
      expect(frames.map((frame) => frame.getAttribute('srcdoc'))).to.deep.equal(
        codes.map((code) => '<base target="_blank">' + code),
      );
      for (const frame of frames) {
        expect([...frame.sandbox]).to.have.members([
          'allow-popups',
          'allow-popups-to-escape-sandbox',
        ]);
      }
      // Taken over: the same documents, set by the element.
      const loaded = oneEvent(document, 'pubnet-load');
      const el = placeRendered(rendered.html);
      await loaded;
      expect(
        [...el.shadowRoot!.querySelectorAll('iframe')].map((frame) => frame.srcdoc),
      ).to.deep.equal(codes.map((code) => '<base target="_blank">' + code));
    });
  });
});
