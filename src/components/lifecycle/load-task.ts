/**
 * A widget's load, as a reactive controller in the manner of `@lit/task`:
 * it runs after an update when its arguments changed, with an `AbortSignal`
 * that aborts when they change again, when the host leaves the page, or when
 * the deadline passes.
 *
 * - The first run starts after the first update, so that attributes set just
 *   after creating the element count.
 * - A change of the arguments aborts the run in flight at once and runs again
 *   50 ms after the last change (a framework setting attributes one by one
 *   costs one request).
 * - One deadline (`Pubnet.configure({ deadline })`, default 8 s) covers a run
 *   from the moment its gate opens: its requests, retries included.
 * - Moving the host (disconnected and connected again within one task, as a
 *   list reorder or a framework does) changes nothing. Leaving the page for
 *   longer aborts the run in flight; coming back runs again only if that run
 *   had not _ended.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { env } from '../../page/env.js';
import { jsOption } from '../../page/options.js';

/** What a load task runs. */
export interface LoadTaskOptions<T> {
  /** What the run depends on (compared as JSON after each update). */
  _args(): unknown[];
  /**
   * Waits until the run may start (near the viewport…) and gives what the
   * run starts from; rejects with the signal's reason when it aborts first.
   */
  _gate(signal: AbortSignal): T | Promise<T>;
  /** The run itself, under the deadline. */
  _task(signal: AbortSignal, start: T): Promise<void>;
  /** The run failed (neither superseded nor stopped). */
  _error(error: unknown): void;
}

export class LoadTask<T> implements ReactiveController {
  /** Whether the last run started has _ended (done or failed). */
  _ended = false;
  private _running?: AbortController;
  /** The arguments of the last run started (JSON); `undefined` before the first. */
  private _last?: string;
  private _rerun?: unknown;
  /** Set while disconnected, until the end of the task: was it a move? */
  private _leaving?: unknown;

  constructor(
    private _host: ReactiveControllerHost & Element,
    private _options: LoadTaskOptions<T>,
  ) {
    _host.addController(this);
  }

  hostUpdated(): void {
    const args = JSON.stringify(this._options._args());
    if (args == this._last || !this._host.isConnected) return;
    if (this._last === undefined) return void this._run();
    // Every change aborts at once; the last one runs.
    this._abort();
    this._ended = false;
    this._rerun = env.timers.setTimeout(() => this._host.isConnected && this._run(), 50);
  }

  hostConnected(): void {
    // Moved: disconnected and connected again within one task.
    const moved = this._leaving !== undefined;
    env.timers.clearTimeout(this._leaving);
    this._leaving = undefined;
    // Back: runs again if its arguments changed while it was away (a framework
    // may set them on a detached element), or if the run it left had not ended.
    if (
      this._last !== undefined &&
      (JSON.stringify(this._options._args()) != this._last || (!moved && !this._ended))
    )
      this._run();
  }

  hostDisconnected(): void {
    env.timers.clearTimeout(this._leaving);
    this._leaving = env.timers.setTimeout(() => {
      this._leaving = undefined;
      if (!this._host.isConnected) this._abort();
    }, 0);
  }

  /** Aborts the run in flight and the run waiting, if any. */
  private _abort(): void {
    this._running?.abort();
    this._running = undefined;
    env.timers.clearTimeout(this._rerun);
  }

  /** Runs now, aborting the run in flight. */
  private async _run(): Promise<void> {
    this._abort();
    const { _args, _gate, _task, _error } = this._options;
    this._last = JSON.stringify(_args());
    const running = (this._running = new AbortController());
    const { signal } = running;
    let deadline: unknown;
    try {
      const start = await _gate(signal);
      deadline = env.timers.setTimeout(
        () => running.abort(new Error('pubnet-widgets: the API did not answer in time')),
        jsOption('deadline') ?? 8e3,
      );
      await _task(signal, start);
      signal.throwIfAborted();
      this._ended = true;
    } catch (reason) {
      // Superseded by another run, or stopped: silently.
      if (this._running != running) return;
      this._ended = true;
      _error(reason);
    } finally {
      env.timers.clearTimeout(deadline);
      if (this._running == running) this._running = undefined;
    }
  }
}
