/**
 * `manual` ad slots (api-contract §8): each placed widget at `x`,`y` with
 * `width`×`height` CSS pixels on a canvas as large as the widgets' outer
 * bounds (from 0,0), scaled down (never up) to the element's width with its
 * aspect ratio kept. Banners and HTML go in sandboxed frames; products and
 * offers are links (showing the call to action) to their `url`, or to a
 * tracking link asked for with their `token` when `url` is empty.
 *
 * Strict CSP (`style-src 'self'`) forbids `style` attributes; positions and
 * sizes are set through CSSOM (`.style` property bindings, i.e. `cssText`),
 * which it allows.
 */
import { html, type TemplateResult } from 'lit/html.js';
import type { AdslotWidget } from '../../client/types.js';
import { trackingLink } from '../shared/api.js';
import { httpUrl } from '../shared/safe-url.js';
import type { Item, LoadContext } from '../shared/widget-element.js';

/** A placed widget and its link (none for a creative). */
export type Placed = [AdslotWidget, (string | null)?];

const px = (v: unknown) => Math.max(0, Math.round(+(v as number)) || 0);
const creative = (w: AdslotWidget) =>
  (w.item_type == 'banner' || w.item_type == 'html') && typeof w.embed_code == 'string';

/** The widgets that can be placed: objects with a size. */
export const placeable = (widgets: unknown): AdslotWidget[] =>
  (Array.isArray(widgets) ? widgets : []).filter(
    (w) => w && typeof w == 'object' && px(w.width) && px(w.height),
  );

/** The canvas size: the widgets' outer bounds. */
export const bounds = (ws: AdslotWidget[]): number[] => [
  Math.max(...ws.map((w) => px(w.x) + px(w.width))),
  Math.max(...ws.map((w) => px(w.y) + px(w.height))),
];

/**
 * Each widget with its link, asking in parallel for the tracking links of
 * products and offers that have no `url`. Widgets with nothing to show (no
 * creative, no link) are left out.
 */
export async function loadPlaced(ws: AdslotWidget[], context: LoadContext): Promise<Placed[]> {
  const link = async (w: AdslotWidget) => {
    if (creative(w) || httpUrl(w.url)) return w.url;
    const product = w.item_type == 'product';
    if (w.token && (product || w.item_type == 'offer'))
      return trackingLink(context, w.token, product).catch(() => null);
  };
  const placed = await Promise.all(ws.map(async (w): Promise<Placed> => [w, await link(w)]));
  context.signal.throwIfAborted();
  return placed.filter(([w, href]) => creative(w) || httpUrl(href));
}

/** What a placed widget is, for impressions and clicks. */
export const itemOf = ([w]: Placed): Item =>
  w.item_type == 'product' ? { product: { id: w.token } } : { offer: w };

/**
 * The canvas and its widgets (none yet while `placed` is undefined). A
 * creative's `<iframe sandbox>` gets its `srcdoc` from the slot after each
 * update (`showCreative`); `title` names the frames for screen readers.
 */
export function manualCanvas(
  ws: AdslotWidget[],
  placed: Placed[] | undefined,
  target: string,
  cta: string,
  title: string,
): TemplateResult {
  const [w, h] = bounds(ws);
  return html`<div class="cv" .style=${`--w:${w}px;--h:${h}px`}>
    <div class="in">
      ${placed?.map(
        ([w, href], i) =>
          html`<div
            part="card"
            class="card it"
            .style=${`left:${px(w.x)}px;top:${px(w.y)}px;width:${px(w.width)}px;height:${px(w.height)}px`}
          >
            ${
              creative(w)
                ? html`<div data-i=${i}>
                    <iframe
                      sandbox="allow-popups allow-popups-to-escape-sandbox"
                      marginwidth="0"
                      marginheight="0"
                      title=${title}
                    ></iframe>
                  </div>`
                : html`<a
                    part="card"
                    data-i=${i}
                    href=${href!}
                    rel="sponsored noopener"
                    target=${target}
                    ><span part="button">${cta}</span></a
                  >`
            }
          </div>`,
      )}
    </div>
  </div>`;
}
