// Every registered element under API faults: pubnet-error by the deadline, its fallback
// child or collapsed (or, for an element that keeps its content, that content), nothing
// uncaught (the element-specific fault tests are with each element's tests).
import { expect } from '@open-wc/testing';
import '../../../src/components/define.js';
import { env } from '../../../src/page/env.js';
import { configure } from '../../../src/page/options.js';
import type { FaultSpec, TestEmulator } from '../../support/emulator.js';
import { collectWarnings } from '../../support/warnings.js';
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
} from '../support/elements.js';
import { contract, type ElementFixture, type Placement } from './support/fixture.js';
import { place, writtenHrefs, type Widget } from './support/place.js';

/**
 * Each fault, and what the client's retry rules (src/client/retry.ts) make of
 * it, for the request an element's load begins with (its fixture's `request`).
 * One not retried (the product search, a POST not marked `idempotent`) is made
 * once. One retried (a GET, a tracking link's PUT): 500, 502 and 429 are
 * retried twice (three requests); a hang or malformed JSON is not retried
 * (one). A 429 says Retry-After: 1 s, so the third request would come 2 s after
 * the first: the 1.2 s deadline ends the load after the second (`deadline`).
 * The Retry-After waits and the deadline are held timers: the test runs the
 * first wait (1 s, within the deadline), and fires the deadline while the
 * second (which would end at 2 s) is pending.
 */
const faults: {
  name: string;
  fault: Omit<FaultSpec, 'path'>;
  /** Requests made, by whether the request is retried. */
  made: { retried: number; once: number };
  /** Who gives up only when the deadline fires (the others fail on their own before it). */
  deadline: { retried: boolean; once: boolean };
}[] = [
  {
    name: '500',
    fault: { kind: 'status', status: 500 },
    made: { retried: 3, once: 1 },
    deadline: { retried: false, once: false },
  },
  {
    name: '429 with Retry-After',
    fault: { kind: 'status', status: 429, retryAfter: 1 },
    made: { retried: 2, once: 1 },
    deadline: { retried: true, once: false },
  },
  {
    name: 'a hang',
    fault: { kind: 'hang' },
    made: { retried: 1, once: 1 },
    deadline: { retried: true, once: true },
  },
  {
    name: 'malformed JSON',
    fault: { kind: 'malformed' },
    made: { retried: 1, once: 1 },
    deadline: { retried: false, once: false },
  },
  {
    name: 'an HTML 502 page',
    fault: { kind: 'html' },
    made: { retried: 3, once: 1 },
    deadline: { retried: false, once: false },
  },
];

const TIMED_OUT = 'did not answer in time';

/** The ways an element is placed for a failure: with the publisher's fallback child or not. */
function variants(fixture: ElementFixture) {
  return fixture.failure == 'fallback'
    ? [
        { fallback: true, outcome: 'its fallback child' },
        { fallback: false, outcome: 'collapsed' },
      ]
    : [{ fallback: false, outcome: 'its content kept' }];
}

/**
 * What a failed element shows: the publisher's fallback child, nothing, or its content
 * (as `placement` wrote it).
 */
async function expectFailed(
  el: Widget,
  fixture: ElementFixture,
  placement: Placement,
  fallback: boolean,
) {
  if (fixture.failure == 'content') {
    expect(el.getAttribute('state')).to.equal('error');
    expect(getComputedStyle(el).display).to.not.equal('none');
    // The publisher's links, as written.
    expect([...el.querySelectorAll('a')].map((a) => a.getAttribute('href'))).to.deep.equal(
      writtenHrefs(placement),
    );
    await expect(el).to.be.accessible();
  } else if (fallback) {
    expect(el.getAttribute('state')).to.equal('fallback');
    const slot = shadow(el).querySelector<HTMLSlotElement>('slot[name=fallback]')!;
    expect(slot.assignedElements()[0].textContent).to.equal('Our picks');
    expect(el.getBoundingClientRect().height).to.be.above(0);
    await expect(el).to.be.accessible();
  } else {
    expect(el.getAttribute('state')).to.equal('collapsed');
    expect(getComputedStyle(el).display).to.equal('none');
    expect(el.getBoundingClientRect().height).to.equal(0);
  }
}

contract('under API faults', ({ tag, fixture }) => {
  const { method, path, retried } = fixture.request;
  const which = retried ? 'retried' : 'once';
  let emu: TestEmulator;
  beforeEach(async () => (emu = await emulator()));
  afterEach(() => emu.stop());

  /** The requests of the element's kind the emulator has logged. */
  const made = async () => (await requests(emu, path, method)).length;

  for (const { name, fault, made: counts, deadline: deadlines } of faults)
    for (const { fallback, outcome } of variants(fixture)) {
      const count = counts[which];
      const deadline = deadlines[which];
      it(`${name}: pubnet-error by the deadline, ${outcome}, ${count} ${method} request(s), nothing uncaught`, async () => {
        await emu.setFaults([{ path: '/publisher/*', ...fault }]);
        // The deadline runs only when the test fires it: an element that fails
        // while it is pending gave up on its own, within the deadline.
        const retryWait = (fault.retryAfter ?? 0) * 1e3;
        configure({ deadline: DEADLINE });
        const held = heldTimers(retryWait ? [DEADLINE, retryWait] : [DEADLINE]);
        const real = env.timers;
        env.timers = held.timers;
        const fetches = recordFetches();
        const errors = trapErrors();
        try {
          const failed = nextEvent(tag, 'pubnet-error');
          const el = await place(tag, fixture.loads, { api: emu.url, fallback });
          // One deadline, set when its work started.
          expect(held.pending(DEADLINE)).to.have.length(1);
          let failedEarly = false;
          void failed.then(() => (failedEarly = true));
          if (!deadline) await failed;
          else {
            if (retryWait) {
              // The first Retry-After wait ends within the deadline: run it.
              // (An element that gives up instead sets no wait: the assertion says so.)
              await Promise.race([held.set(retryWait, 1), failed]);
              expect(held.pending(retryWait), 'the Retry-After wait').to.have.length(1);
              held.fire(retryWait);
              // The second would end past the deadline: it is still pending when the deadline fires.
              await Promise.race([held.set(retryWait, 2), failed]);
              expect(held.pending(retryWait), 'the second wait').to.have.length(1);
            }
            // Every request the rules allow before the deadline has been made...
            await fetches.called(count);
            if (fault.kind == 'hang') {
              // ...and hangs. Nothing in the page tells when a request that
              // gets no answer has reached the emulator: its log does.
              await emu.received(method, path, count);
            } else {
              // ...and answered: the emulator logs a request before it answers it.
              await fetches.answered();
            }
            expect(await made(), 'requests').to.equal(count);
            expect(failedEarly, 'failed before the deadline').to.equal(false);
            held.fire(DEADLINE);
          }
          const { detail, bubbles, composed } = await failed;
          expect([bubbles, composed]).to.deep.equal([true, true]);
          expect(detail.error).to.be.an('error');
          // Only the ones the deadline ended say so.
          if (deadline) expect((detail.error as Error).message).to.contain(TIMED_OUT);
          else expect((detail.error as Error).message).not.to.contain(TIMED_OUT);
          // Done, one way or the other: no deadline left pending.
          expect(held.pending()).to.deep.equal([]);
          await expectFailed(el, fixture, fixture.loads, fallback);
          // Every request it made has settled (answered, or aborted by the
          // deadline): nothing is left that could fail later, uncaught.
          await Promise.allSettled(fetches.results);
          // A hang ends only by the deadline aborting its request.
          if (fault.kind == 'hang')
            expect(fetches.calls.map((call) => call.init!.signal!.aborted)).to.deep.equal([true]);
          expect(fetches.calls).to.have.length(count);
          expect(await made()).to.equal(count);
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
    configure({ deadline: DEADLINE });
    const held = heldTimers([DEADLINE]);
    const real = env.timers;
    env.timers = held.timers;
    const fetches = recordFetches();
    const events = countEvents();
    try {
      const failed = nextEvent(tag, 'pubnet-error');
      const el = await place(tag, fixture.loads, { api: emu.url });
      // The request has reached the API, which will never answer. The page
      // sees the call; nothing in it tells when a request that gets no answer
      // has reached the emulator: its log does.
      await fetches.called(1);
      await emu.received(method, path);
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
      expect(el.getAttribute('state')).to.equal(
        fixture.failure == 'content' ? 'error' : 'collapsed',
      );
    } finally {
      events.stop();
      env.timers = real;
      fetches.restore();
    }
  });

  it('no api, or a bad one from configure(), is an error event, not an exception', async () => {
    const errors = trapErrors();
    // api="" is ignored with a warning (contract/attributes.test.ts)
    const seen = await collectWarnings(async () => {
      let failed = nextEvent(tag, 'pubnet-error');
      await place(tag, fixture.loads, { attributes: { api: '' } });
      expect(((await failed).detail.error as Error).message).to.contain('no api');

      configure({ api: 'not a url' });
      failed = nextEvent(tag, 'pubnet-error');
      await place(tag, fixture.loads);
      expect(((await failed).detail.error as Error).message).to.contain('baseUrl');
    }).finally(() => errors.stop());
    expect(seen).to.deep.equal(['pubnet-widgets: ignoring api=""']);
    expect(errors.seen).to.deep.equal([]);
  });

  for (const { fallback, outcome } of variants(fixture))
    it(`finding nothing: ${outcome}, nothing uncaught`, async () => {
      const errors = trapErrors();
      try {
        // An empty answer is a load of nothing; an element that keeps its content fails.
        const ended = Promise.race([nextEvent(tag, 'pubnet-load'), nextEvent(tag, 'pubnet-error')]);
        const el = await place(tag, fixture.findsNothing, { api: emu.url, fallback });
        const event = await ended;
        if (event.type == 'pubnet-load')
          expect((event.detail as { count: number }).count).to.equal(0);
        else expect(fixture.failure, 'an error, not an empty load').to.equal('content');
        await el.updateComplete;
        await expectFailed(el, fixture, fixture.findsNothing, fallback);
      } finally {
        errors.stop();
      }
      expect(errors.seen).to.deep.equal([]);
    });
});
