import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/define.js';
import { env } from '../../src/page/env.js';
import { configure } from '../../src/page/options.js';
import { known } from '../../src/emulator/known.js';
import type { FaultSpec, TestEmulator } from '../support/emulator.js';
import { collectWarnings } from '../support/warnings.js';
import {
  DEADLINE,
  countEvents,
  emulator,
  heldTimers,
  nextEvent,
  recordFetches,
  requests,
  shadow,
  trapErrors,
} from './helpers.js';

const key = known.website.guid;

/**
 * Each fault, and what the client's retry rules (src/client/retry.ts) make of
 * it. The product search is a POST, not marked `idempotent`: never retried,
 * so one request. The ad slot's config is a GET: 500, 502 and 429 are retried
 * twice (three requests); a hang or malformed JSON is not retried (one). A
 * 429 says Retry-After: 1 s, so the third request would come 2 s after the
 * first: the 1.2 s deadline ends the load after the second (`deadline`). The
 * Retry-After waits and the deadline are held timers: the test runs the first
 * wait (1 s, within the deadline), and fires the deadline while the second
 * (which would end at 2 s) is pending.
 */
const faults: {
  name: string;
  fault: Omit<FaultSpec, 'path'>;
  slotReads: number;
  /** Who gives up only when the deadline fires (the others fail on their own before it). */
  deadline: { grid: boolean; slot: boolean };
}[] = [
  {
    name: '500',
    fault: { kind: 'status', status: 500 },
    slotReads: 3,
    deadline: { grid: false, slot: false },
  },
  {
    name: '429 with Retry-After',
    fault: { kind: 'status', status: 429, retryAfter: 1 },
    slotReads: 2,
    deadline: { grid: false, slot: true },
  },
  { name: 'a hang', fault: { kind: 'hang' }, slotReads: 1, deadline: { grid: true, slot: true } },
  {
    name: 'malformed JSON',
    fault: { kind: 'malformed' },
    slotReads: 1,
    deadline: { grid: false, slot: false },
  },
  {
    name: 'an HTML 502 page',
    fault: { kind: 'html' },
    slotReads: 3,
    deadline: { grid: false, slot: false },
  },
];

const TIMED_OUT = 'did not answer in time';

describe('widgets under API faults', () => {
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  for (const { name, fault, slotReads, deadline } of faults) {
    it(`${name}: pubnet-error by the deadline, collapse or fallback, 1 search and ${slotReads} slot read(s), nothing uncaught`, async () => {
      await emu.setFaults([{ path: '/publisher/*', ...fault }]);
      // The deadline runs only when the test fires it: a widget that fails
      // while it is pending gave up on its own, within the deadline.
      const retryWait = (fault.retryAfter ?? 0) * 1e3;
      const held = heldTimers(retryWait ? [DEADLINE, retryWait] : [DEADLINE]);
      const real = env.timers;
      env.timers = held.timers;
      const fetches = recordFetches();
      const errors = trapErrors();
      try {
        const gridFailed = nextEvent('pubnet-product-grid', 'pubnet-error');
        const slotFailed = nextEvent('pubnet-adslot', 'pubnet-error');
        const grid = await fixture(html`
          <pubnet-product-grid eager api=${emu.url} key=${key}></pubnet-product-grid>
        `);
        const slot = await fixture(html`
          <pubnet-adslot eager api=${emu.url} key=${key} adslot=${known.filterAdslot}>
            <a slot="fallback" href="https://publisher.example/picks">Our picks</a>
          </pubnet-adslot>
        `);
        // One deadline per widget, set when its work started.
        expect(held.pending(DEADLINE)).to.have.length(2);
        const outcome = { grid: false, slot: false };
        void gridFailed.then(() => (outcome.grid = true));
        void slotFailed.then(() => (outcome.slot = true));
        const slotReadsNow = async () => (await requests(emu, '/publisher/adslots/')).length;
        if (!deadline.grid) await gridFailed;
        if (!deadline.slot) await slotFailed;
        if (deadline.grid || deadline.slot) {
          if (retryWait) {
            // The first Retry-After wait ends within the deadline: run it.
            // (A slot that gives up instead sets no wait: the assertion says so.)
            await Promise.race([held.set(retryWait, 1), slotFailed]);
            expect(held.pending(retryWait), 'the Retry-After wait').to.have.length(1);
            held.fire(retryWait);
            // The second would end past the deadline: it is still pending when the deadline fires.
            await Promise.race([held.set(retryWait, 2), slotFailed]);
            expect(held.pending(retryWait), 'the second wait').to.have.length(1);
          }
          // Every request the rules allow before the deadline has been made
          // (one search, `slotReads` slot reads)...
          await fetches.called(1 + slotReads);
          if (fault.kind == 'hang') {
            // ...and hangs. Nothing in the page tells when a request that
            // gets no answer has reached the emulator: its log does.
            await emu.received('GET', '/publisher/adslots/', slotReads);
            await emu.received('POST', '/publisher/products/');
            expect(await slotReadsNow(), 'slot reads').to.equal(slotReads);
            expect(await requests(emu, '/publisher/products/'), 'search').to.have.length(1);
          } else {
            // ...and answered: the emulator logs a request before it answers it.
            await fetches.answered();
            expect(await slotReadsNow(), 'slot reads').to.equal(slotReads);
            expect(await requests(emu, '/publisher/products/'), 'search').to.have.length(1);
          }
          expect(outcome, 'failed before the deadline').to.deep.equal({
            grid: !deadline.grid,
            slot: !deadline.slot,
          });
          held.fire(DEADLINE);
        }
        const [gridError, slotError] = await Promise.all([gridFailed, slotFailed]);
        for (const [who, error] of [
          ['grid', gridError.detail.error],
          ['slot', slotError.detail.error],
        ] as const) {
          expect(error, who).to.be.an('error');
          // Only the ones the deadline ended say so.
          if (deadline[who]) expect((error as Error).message, who).to.contain(TIMED_OUT);
          else expect((error as Error).message, who).not.to.contain(TIMED_OUT);
        }
        // Done, one way or the other: no deadline left pending.
        expect(held.pending()).to.deep.equal([]);
        expect(grid.getAttribute('state')).to.equal('collapsed');
        expect(getComputedStyle(grid).display).to.equal('none');
        expect(grid.getBoundingClientRect().height).to.equal(0);
        expect(slot.getAttribute('state')).to.equal('fallback');
        const fallback = shadow(slot).querySelector<HTMLSlotElement>('slot[name=fallback]')!;
        expect(fallback.assignedElements()[0].textContent).to.equal('Our picks');
        await expect(slot).to.be.accessible();
        // Every request the widgets made has settled (answered, or aborted by
        // the deadline): nothing is left that could fail later, uncaught.
        await Promise.allSettled(fetches.results);
        // A hang ends only by the deadline aborting its requests.
        if (fault.kind == 'hang')
          expect(fetches.calls.map((call) => call.init!.signal!.aborted)).to.deep.equal([
            true,
            true,
          ]);
        expect(await requests(emu, '/publisher/products/')).to.have.length(1);
        expect(await slotReadsNow()).to.equal(slotReads);
        expect(errors.seen).to.deep.equal([]);
      } finally {
        env.timers = real;
        fetches.restore();
        errors.stop();
      }
    });
  }

  it('gives up on a hang when the deadline fires, not before: pubnet-error, the request aborted', async () => {
    await emu.setFaults([{ path: '/publisher/*', kind: 'hang' }]);
    const held = heldTimers([DEADLINE]);
    const real = env.timers;
    env.timers = held.timers;
    const fetches = recordFetches();
    const events = countEvents();
    try {
      const failed = nextEvent('pubnet-product-grid', 'pubnet-error');
      const el = await fixture<HTMLElement>(
        html`<pubnet-product-grid eager api=${emu.url} key=${key}></pubnet-product-grid>`,
      );
      // The request has reached the API, which will never answer. The page
      // sees the call; nothing in it tells when a request that gets no answer
      // has reached the emulator: its log does.
      await fetches.called(1);
      await emu.received('POST', '/publisher/products/');
      expect(fetches.calls).to.have.length(1);
      const { signal } = fetches.calls[0].init!;
      expect(held.pending(DEADLINE)).to.have.length(1);
      expect(events.counts.error, 'failed before the deadline').to.equal(0);
      expect(el.getAttribute('state')).to.equal('loading');
      expect(signal!.aborted).to.equal(false);
      held.fire(DEADLINE);
      const { detail } = await failed;
      expect((detail.error as Error).message).to.contain(TIMED_OUT);
      expect(signal!.aborted).to.equal(true);
      expect(await fetches.results[0].catch((error: unknown) => error)).to.have.property(
        'name',
        'AbortError',
      );
      expect(events.counts.error).to.equal(1);
      expect(el.getAttribute('state')).to.equal('collapsed');
    } finally {
      events.stop();
      env.timers = real;
      fetches.restore();
    }
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
