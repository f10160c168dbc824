/**
 * A plain click on an offer link whose tracking link is not known yet is held
 * for at most about a second, then followed as a click on it would be, within
 * the reader's user activation (a new window needs it), and unseen by the
 * page's own click listeners (they saw the reader's click; a second one would
 * count twice). Modified clicks are never held: they are the reader's own
 * intent (a new tab, a new window, a download), and the browser carries them
 * out at once with the `href` there is.
 */
import type { LitElement } from 'lit';
import { env } from './env.js';

/** How long a click waits for the tracking link, at most (ms). */
export const CLICK_HOLD = 1e3;

/** A click with a modifier key or another button than the main one. */
export const isModified = (event: MouseEvent): boolean =>
  event.button != 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;

/**
 * Waits until `element` has loaded or failed (`pubnet-load`, `pubnet-error`)
 * or `CLICK_HOLD` has passed, whichever is first, then calls `clicked` and
 * follows `anchor` as it is then. Every listener and the timer go with the
 * first of them.
 */
export function followWhenKnown(
  element: Pick<LitElement, 'addEventListener' | 'updateComplete'>,
  anchor: HTMLAnchorElement,
  clicked: () => void,
): void {
  const waiting = new AbortController();
  const done = async () => {
    if (waiting.signal.aborted) return;
    waiting.abort();
    env.timers.clearTimeout(timer);
    // The element's own anchor gets its `href` in the update after the load.
    await element.updateComplete;
    clicked();
    follow(anchor);
  };
  const timer = env.timers.setTimeout(done, CLICK_HOLD);
  for (const type of ['pubnet-load', 'pubnet-error'])
    element.addEventListener(type, done, { signal: waiting.signal });
}

/**
 * Follows `anchor` as a click on it would: through a copy of it outside the
 * page, so the engine itself resolves its `target` (a named frame, `<base
 * target>`) with its `rel`, and no listener of the page sees a second click.
 * (`window.open(href, name, 'noopener')` is no such thing: Firefox then opens
 * a new window even when a frame of that name exists.)
 */
function follow(anchor: HTMLAnchorElement) {
  if (anchor.href) (anchor.cloneNode() as HTMLAnchorElement).click();
}
