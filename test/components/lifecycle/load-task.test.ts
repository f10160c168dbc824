// LoadTask alone, on a bare LitElement: when it runs, what aborts a run, the
// debounce, the deadline, and moving versus leaving. Every timer is held and
// fired by the test (env.timers); nothing waits on real time.
import { expect, fixtureSync, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { LoadTask } from '../../../src/components/lifecycle/load-task.js';
import { env, resetWidgets } from '../../../src/page/env.js';
import { configure } from '../../../src/page/options.js';
import { heldTimers } from '../support/elements.js';
import { settled } from './support/settled.js';

/** One run as the task saw it. */
interface Run {
  args: string;
  signal: AbortSignal;
  /** Opens the run's gate. */
  open: () => void;
  /** Ends the run's task (with an error when given). */
  end: (error?: unknown) => void;
  /** Resolves once the task itself started (the gate opened). */
  started: Promise<void>;
}

class TaskHost extends LitElement {
  static override properties = { input: {}, other: {} };
  declare input?: string;
  declare other?: string;
  runs: Run[] = [];
  errors: unknown[] = [];
  task = new LoadTask<string>(this, {
    _args: () => [this.input],
    _gate: (signal) => {
      let open!: () => void;
      let end!: (error?: unknown) => void;
      let start!: () => void;
      const ended = new Promise<void>((resolve, reject) => {
        end = (error) => (error ? reject(error) : resolve());
      });
      const started = new Promise<void>((resolve) => (start = resolve));
      const run: Run = { args: String(this.input), signal, open: () => open(), end, started };
      this.runs.push(run);
      return new Promise<string>((resolve, reject) => {
        open = () => resolve('opened');
        signal.addEventListener('abort', () => reject(signal.reason));
      }).then((value) => {
        (run as Run & { ended: Promise<void> }).ended = ended;
        start();
        return value;
      });
    },
    _task: (signal, start) => {
      expect(start).to.equal('opened');
      const run = this.runs.find((r) => r.signal == signal) as Run & { ended: Promise<void> };
      return Promise.race([
        run.ended,
        new Promise<void>((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        ),
      ]);
    },
    _error: (error) => this.errors.push(error),
  });
}
customElements.define('x-task-host', TaskHost);

describe('LoadTask', () => {
  let timers: ReturnType<typeof heldTimers>;
  beforeEach(() => {
    resetWidgets();
    timers = heldTimers([0, 50, 5000]);
    env.timers = timers.timers;
    configure({ deadline: 5000 });
  });
  afterEach(() => resetWidgets());

  const host = async (input = 'a') => {
    const el = document.createElement('x-task-host') as TaskHost;
    el.input = input;
    fixtureSync(html`<div></div>`).append(el);
    await el.updateComplete;
    return el;
  };

  it('runs once after the first update, with the arguments set just after creating the element', async () => {
    const el = await host('first');
    expect(el.runs.map((r) => r.args)).to.deep.equal(['first']);
    expect(el.runs[0].signal.aborted).to.equal(false);
  });

  it('an argument change aborts the run at once and runs again 50 ms after the last change', async () => {
    const el = await host();
    const first = el.runs[0];
    el.input = 'b';
    await el.updateComplete;
    expect(first.signal.aborted, 'aborted at once').to.equal(true);
    el.input = 'c';
    await el.updateComplete;
    expect(el.runs).to.have.length(1);
    expect(timers.pending(50), 'one debounce waiting').to.have.length(1);
    timers.fire(50);
    expect(el.runs.map((r) => r.args)).to.deep.equal(['a', 'c']);
    expect(el.errors, 'superseded silently').to.deep.equal([]);
  });

  it('another property renders again without a run', async () => {
    const el = await host();
    el.other = 'x';
    await el.updateComplete;
    expect(el.runs).to.have.length(1);
    expect(timers.pending(50)).to.have.length(0);
  });

  it('the deadline starts when the gate opens, and aborts the run with an error', async () => {
    const el = await host();
    const run = el.runs[0];
    expect(timers.pending(5000), 'no deadline while the gate is shut').to.have.length(0);
    run.open();
    await run.started;
    await settled();
    expect(timers.pending(5000)).to.have.length(1);
    timers.fire(5000);
    await settled();
    expect(run.signal.aborted).to.equal(true);
    expect(el.errors.map(String)).to.deep.equal([
      'Error: pubnet-widgets: the API did not answer in time',
    ]);
  });

  it('a run that ends clears its deadline; a failing one reports its error once', async () => {
    const el = await host();
    el.runs[0].open();
    await el.runs[0].started;
    el.runs[0].end();
    await settled();
    expect(timers.pending(5000), 'deadline cleared').to.have.length(0);
    expect(el.errors).to.deep.equal([]);
    el.input = 'b';
    await el.updateComplete;
    timers.fire(50);
    el.runs[1].open();
    await el.runs[1].started;
    el.runs[1].end(new Error('boom'));
    await settled();
    expect(el.errors.map(String)).to.deep.equal(['Error: boom']);
  });

  it('moving the host (out and in within one task) neither aborts nor runs again', async () => {
    const el = await host();
    const other = fixtureSync(html`<div></div>`);
    other.append(el);
    await el.updateComplete;
    expect(timers.pending(0), 'the leave check was cancelled').to.have.length(0);
    expect(el.runs).to.have.length(1);
    expect(el.runs[0].signal.aborted).to.equal(false);
  });

  it('leaving aborts the run; coming back runs again only when that run had not ended', async () => {
    const el = await host();
    const parent = el.parentElement!;
    el.remove();
    timers.fire(0);
    expect(el.runs[0].signal.aborted).to.equal(true);
    expect(el.errors, 'stopped silently').to.deep.equal([]);
    parent.append(el);
    await settled();
    expect(el.runs).to.have.length(2);
    el.runs[1].open();
    await el.runs[1].started;
    el.runs[1].end();
    await settled();
    el.remove();
    timers.fire(0);
    parent.append(el);
    await settled();
    expect(el.runs, 'ended: nothing to run again').to.have.length(2);
  });

  it('a change made while away runs when the host comes back', async () => {
    const el = await host();
    el.runs[0].open();
    await el.runs[0].started;
    el.runs[0].end();
    await settled();
    const parent = el.parentElement!;
    el.remove();
    timers.fire(0);
    el.input = 'while away';
    await el.updateComplete;
    timers.fire(50);
    expect(el.runs, 'not while away').to.have.length(1);
    parent.append(el);
    await settled();
    expect(el.runs.map((r) => r.args)).to.deep.equal(['a', 'while away']);
  });
});
