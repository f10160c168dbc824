import { expect } from '@open-wc/testing';
import { known } from '../../src/emulator/known.js';
import type { TestEmulator } from '../support/emulator.js';
import { emulator } from './support/elements.js';

/**
 * What happened on a cold page (fixtures/first-request.html) with `element`
 * on it, in order: requests handed to `fetch`, their answers, number formats
 * built (fixtures/first-request-page.ts).
 */
async function coldPage(emu: TestEmulator, element: 'adslot' | 'grid') {
  const frame = document.createElement('iframe');
  const query = new URLSearchParams({
    api: emu.url,
    key: known.website.guid,
    token: emu.token,
    adslot: known.filterAdslot,
    element,
  });
  frame.src = new URL(`./fixtures/first-request.html?${query}`, import.meta.url).href;
  let onMessage!: (event: MessageEvent) => void;
  // The page posts what it saw once its widget has loaded: waited for, not polled.
  const posted = new Promise<{ outcome: string; events: string[] }>((resolve) => {
    onMessage = (event) => {
      if (event.source == frame.contentWindow && event.data?.type == 'first-request')
        resolve(event.data);
    };
    addEventListener('message', onMessage);
  });
  document.body.append(frame);
  try {
    const { outcome, events } = await posted;
    expect(outcome, events.join('\n')).to.equal('load');
    return events;
  } finally {
    removeEventListener('message', onMessage);
    frame.remove();
  }
}

/**
 * The page's first number format is built while the first request travels
 * (`whileWarming`): after it was handed to `fetch`, before its answer.
 */
function expectRequestFirst(events: string[], request: string) {
  expect(events.slice(0, 3), events.join('\n')).to.deep.equal([
    `request ${request}`,
    'number format',
    `answer ${request}`,
  ]);
}

describe('the first request leaves first', () => {
  let emu: TestEmulator;
  before(async () => (emu = await emulator()));
  after(() => emu.stop());

  it('a cold filter ad slot: its request, then the number format while it travels', async () => {
    const events = await coldPage(emu, 'adslot');
    expectRequestFirst(events, `GET /publisher/adslots/${known.filterAdslot}/`);
  });

  it('a cold product grid: its search, then the number format while it travels', async () => {
    const events = await coldPage(emu, 'grid');
    expectRequestFirst(events, 'POST /publisher/products/');
  });
});
