import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/adslot/define.js';
import '../../src/components/product-grid/define.js';
import { configure } from '../../src/components/shared/options.js';
import { known } from '../../src/emulator/known.js';
import type { FaultSpec, TestEmulator } from '../support/emulator.js';
import { collectWarnings } from '../support/warnings.js';
import { DEADLINE, emulator, nextEvent, requests, shadow, trapErrors } from './helpers.js';

const key = known.website.guid;

const faults: [string, FaultSpec['kind'], Partial<FaultSpec>][] = [
  ['500', 'status', { status: 500 }],
  ['429 with Retry-After', 'status', { status: 429, retryAfter: 1 }],
  ['a hang', 'hang', {}],
  ['malformed JSON', 'malformed', {}],
  ['an HTML 502 page', 'html', {}],
];

describe('widgets under API faults', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  for (const [name, kind, extra] of faults) {
    it(`${name}: pubnet-error, collapse or fallback, bounded retries, nothing uncaught`, async () => {
      await emu.setFaults([{ path: '/publisher/*', kind, ...extra }]);
      const errors = trapErrors();
      const t0 = performance.now();
      const events = [
        nextEvent('pubnet-product-grid', 'pubnet-error'),
        nextEvent('pubnet-adslot', 'pubnet-error'),
      ];
      const grid = await fixture(html`
        <pubnet-product-grid eager api=${emu.url} key=${key}></pubnet-product-grid>
      `);
      const slot = await fixture(html`
        <pubnet-adslot eager api=${emu.url} key=${key} adslot=${known.filterAdslot}>
          <a slot="fallback" href="https://publisher.example/picks">Our picks</a>
        </pubnet-adslot>
      `);
      const [gridError, slotError] = await Promise.all(events);
      const took = performance.now() - t0;
      // Within the deadline (retries included), plus a little for the test.
      expect(took).to.be.below(DEADLINE + 600);
      expect(gridError.detail.error).to.be.an('error');
      expect(slotError.detail.error).to.be.an('error');
      expect(grid.getAttribute('state')).to.equal('collapsed');
      expect(getComputedStyle(grid).display).to.equal('none');
      expect(grid.getBoundingClientRect().height).to.equal(0);
      expect(slot.getAttribute('state')).to.equal('fallback');
      const fallback = shadow(slot).querySelector<HTMLSlotElement>('slot[name=fallback]')!;
      expect(fallback.assignedElements()[0].textContent).to.equal('Our picks');
      await expect(slot).to.be.accessible();
      // Two retries at most per request: 3 searches, 3 config reads.
      const log = await requests(emu);
      expect(log.filter((r) => r.path == '/publisher/products/').length).to.be.within(1, 3);
      expect(log.filter((r) => r.path.startsWith('/publisher/adslots/')).length).to.be.within(1, 3);
      await new Promise((r) => setTimeout(r, 100));
      errors.stop();
      expect(errors.seen).to.deep.equal([]);
    });
  }

  it('gives up on a hang at the deadline, not before', async () => {
    await emu.setFaults([{ path: '/publisher/*', kind: 'hang' }]);
    const t0 = performance.now();
    const failed = nextEvent('pubnet-product-grid', 'pubnet-error');
    await fixture<HTMLElement>(
      html`<pubnet-product-grid eager api=${emu.url} key=${key}></pubnet-product-grid>`,
    );
    const { detail } = await failed;
    expect(performance.now() - t0).to.be.within(DEADLINE - 50, DEADLINE + 400);
    expect((detail.error as Error).message).to.contain('did not answer in time');
  });

  it('no api, or a bad one from configure(), is an error event, not an exception', async () => {
    const errors = trapErrors();
    // api="" is ignored with a warning (tested elsewhere)
    const seen = await collectWarnings(async () => {
      let failed = nextEvent('pubnet-product-grid', 'pubnet-error');
      await fixture(html`<pubnet-product-grid eager api="" key=${key}></pubnet-product-grid>`);
      expect(((await failed).detail.error as Error).message).to.contain('no api');

      configure({ api: 'not a url' });
      failed = nextEvent('pubnet-product-grid', 'pubnet-error');
      await fixture(html`<pubnet-product-grid eager key=${key}></pubnet-product-grid>`);
      expect(((await failed).detail.error as Error).message).to.contain('baseUrl');
    }).finally(() => errors.stop());
    expect(seen).to.deep.equal(['pubnet-widgets: ignoring api=""']);
    expect(errors.seen).to.deep.equal([]);
  });
});
