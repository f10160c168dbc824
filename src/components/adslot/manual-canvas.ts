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
import { html, type TemplateResult } from 'lit';
import type { AdslotWidget } from '../../client/types.js';
import { trackingLink } from '../shared/api.js';
import { httpUrl } from '../shared/safe-url.js';
import type { PubnetItem } from '../shared/events.js';
import type { LoadContext } from '../shared/widget-element.js';

/** A placed widget and its link (none for a creative). */
export type Placed = [AdslotWidget, (string | null)?];

/** A length of the API as whole, non-negative CSS pixels (0 when it is no number). */
const px = (value: unknown) => Math.max(0, Math.round(+(value as number)) || 0);
const isCreative = (widget: AdslotWidget) =>
  (widget.item_type == 'banner' || widget.item_type == 'html') &&
  typeof widget.embed_code == 'string';

/** The widgets that can be placed: objects with a size. */
export const placeable = (widgets: unknown): AdslotWidget[] =>
  (Array.isArray(widgets) ? widgets : []).filter(
    (widget) => widget && typeof widget == 'object' && px(widget.width) && px(widget.height),
  );

/** The canvas size: the widgets' outer bounds. */
export const bounds = (widgets: AdslotWidget[]): number[] => [
  Math.max(...widgets.map((widget) => px(widget.x) + px(widget.width))),
  Math.max(...widgets.map((widget) => px(widget.y) + px(widget.height))),
];

/**
 * Each widget with its link, asking in parallel for the tracking links of
 * products and offers that have no `url`. Widgets with nothing to show (no
 * creative, no link) are left out.
 */
export async function loadPlaced(widgets: AdslotWidget[], context: LoadContext): Promise<Placed[]> {
  const link = async (widget: AdslotWidget) => {
    if (isCreative(widget) || httpUrl(widget.url)) return widget.url;
    const product = widget.item_type == 'product';
    if (widget.token && (product || widget.item_type == 'offer'))
      return trackingLink(context, widget.token, product).catch(() => null);
  };
  const placed = await Promise.all(
    widgets.map(async (widget): Promise<Placed> => [widget, await link(widget)]),
  );
  context.signal.throwIfAborted();
  return placed.filter(([widget, href]) => isCreative(widget) || httpUrl(href));
}

/** What a placed widget is, for impressions and clicks. */
export const itemOf = ([widget]: Placed): PubnetItem =>
  widget.item_type == 'product'
    ? { product: { id: widget.token ?? undefined } }
    : { offer: widget };

/**
 * The canvas and its widgets (none yet while `placed` is undefined). A
 * creative's `<iframe sandbox>` gets its `srcdoc` from the slot after each
 * update (`showCreative`); `title` names the frames for screen readers.
 */
export function manualCanvas(
  widgets: AdslotWidget[],
  placed: Placed[] | undefined,
  target: string,
  cta: string,
  title: string,
): TemplateResult {
  const [width, height] = bounds(widgets);
  return html`<div class="canvas" .style=${`--canvas-width:${width}px;--canvas-height:${height}px`}>
    <div class="drawing">
      ${placed?.map(
        ([widget, href], i) =>
          html`<div
            part="card"
            class="card placed"
            .style=${`left:${px(widget.x)}px;top:${px(widget.y)}px;width:${px(widget.width)}px;height:${px(widget.height)}px`}
          >
            ${
              isCreative(widget)
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
