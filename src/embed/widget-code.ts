import { readScriptOptions } from '../page/options.js';

/**
 * The ad slot's `widget_code`: a script tag with `data-config="ADSLOT_UUID"`
 * renders that slot right after itself, as if `<pubnet-adslot adslot=…>`
 * stood there. The tag's own `data-key`, `data-api` and `data-sid` go onto the
 * slot as attributes, so several tags with different keys each render their
 * own slot, whichever copy of the bundle defined the element.
 *
 * Returns the inserted slot, or `null` when the tag has no `data-config` or is
 * no longer in the document.
 */
export function renderWidgetCode(script: HTMLOrSVGScriptElement | null): HTMLElement | null {
  if (!(script instanceof HTMLScriptElement) || !script.parentNode) return null;
  const adslot = script.dataset.config?.trim();
  if (!adslot) return null;
  const slot = script.ownerDocument.createElement('pubnet-adslot');
  slot.setAttribute('adslot', adslot);
  for (const [name, value] of Object.entries(readScriptOptions(script))) {
    slot.setAttribute(name, value);
  }
  // With `async` the parser may still be before the rest of the page; it
  // appends what follows after the slot, so the slot stays right after the tag.
  script.after(slot);
  return slot;
}
