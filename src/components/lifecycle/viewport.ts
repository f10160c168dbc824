/**
 * Viewport gating: a widget below the fold costs nothing until the reader
 * scrolls towards it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { nearNow, nearViewport } from '../../page/near-viewport.js';

/** A host the gate can wait for: an element that may be `eager`. */
export type GatedHost = ReactiveControllerHost & Element & { eager?: boolean };

/**
 * The gate a widget's load waits at: open at once when the host is near the
 * viewport already or `eager` (also when `eager` is set while it waits), else
 * once it nears the viewport, or when `_open()` is called (an offer link the
 * reader points at).
 */
export class ViewportGate implements ReactiveController {
  private _opens?: () => void;

  constructor(private _host: GatedHost) {
    _host.addController(this);
  }

  /** Resolves when the gate opens; rejects with the signal's reason when it aborts first. */
  _wait(signal: AbortSignal): Promise<void> {
    return new Promise((open, fail) => {
      this._opens = open;
      if (this._host.eager || nearNow(this._host)) open();
      else nearViewport(this._host, signal).then(open, fail);
    });
  }

  /** Opens the gate now, if a load waits at it. */
  _open(): void {
    this._opens?.();
  }

  hostUpdated(): void {
    if (this._host.eager) this._open();
  }
}
