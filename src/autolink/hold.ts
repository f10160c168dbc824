/**
 * A plain click on a link whose tracking link is on its way is held at most
 * `CLICK_HOLD`, as `<pubnet-offer-link>` holds it: this only adapts
 * auto-linking's promise to the widgets' `followWhenKnown` (one
 * implementation of the hold and of following the link).
 */
import { followWhenKnown } from '../page/held-click.js';

export { isModified } from '../page/held-click.js';

/**
 * Holds the click on `link` until `known` settles (or the hold ends), then
 * follows `link` as it is then.
 */
export function holdClick(link: HTMLAnchorElement, known: Promise<unknown>): void {
  const waiting = Object.assign(new EventTarget(), { updateComplete: Promise.resolve(true) });
  followWhenKnown(waiting, link, () => {});
  const settled = () => waiting.dispatchEvent(new Event('pubnet-load'));
  known.then(settled, settled);
}
