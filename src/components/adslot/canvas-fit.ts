/**
 * A `manual` slot's canvas, scaled to the element's width whenever that
 * changes, while the element is on the page: observed again when it comes
 * back after leaving.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class CanvasFit implements ReactiveController {
  private _observer?: ResizeObserver;

  /** `fit()` scales the canvas, and says whether there is one. */
  constructor(
    private _host: ReactiveControllerHost & Element,
    private _fit: () => unknown,
  ) {
    _host.addController(this);
  }

  hostUpdated(): void {
    // Scaling changes the element's height, which the observer sees: fitting
    // in the next frame keeps it out of a ResizeObserver loop (an error event).
    if (this._fit())
      (this._observer ??= new ResizeObserver(() => requestAnimationFrame(this._fit))).observe(
        this._host,
      );
  }

  hostConnected(): void {
    this.hostUpdated();
  }

  hostDisconnected(): void {
    this._observer?.disconnect();
  }
}
