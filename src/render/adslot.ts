/**
 * `renderAdslot`: an ad slot's HTML, rendered on a server from its composed
 * answer (api-contract §10 and §11).
 */
import { commonAttributes, type CommonAttributes } from './load.js';
import type { RenderOptions } from './options.js';
import type { RenderedWidget } from './render-element.js';
import { renderWidget } from './widget.js';

/** What `renderAdslot` renders. */
export interface AdslotRenderOptions extends RenderOptions {
  /** The ad slot id (uuid). */
  adslot: string;
  /** The website guid; default the slot's own website. */
  key?: string;
  /** SubID (`A-Z a-z 0-9 _ -`, at most 32). */
  sid?: string;
  /** Attributes for the browser (e.g. the public proxy URL as `api`). */
  attributes?: CommonAttributes;
  /** The publisher's own HTML, shown when loading fails or finds nothing. */
  fallback?: string;
}

/**
 * Renders `<pubnet-adslot>` with its declarative shadow DOM: links,
 * disclosure label and lazy images without JavaScript, and, once the bundle
 * loads, taken over with no request and no change of size. It never
 * rejects for the API's sake: failing gives the fallback, or the collapsed
 * element, with `reason`.
 * @throws TypeError naming the first invalid option.
 */
export async function renderAdslot(options: AdslotRenderOptions): Promise<RenderedWidget> {
  const { adslot, key, sid, fallback } = options ?? {};
  // The ad slot's own check (its manifest's) names a bad adslot, key or sid; not a string first.
  if (typeof adslot != 'string')
    throw new TypeError('pubnet-widgets/render: adslot must be an ad slot id');
  if (key !== undefined && typeof key != 'string')
    throw new TypeError('pubnet-widgets/render: key must be a website guid');
  if (sid !== undefined && typeof sid != 'string')
    throw new TypeError('pubnet-widgets/render: sid must be A-Z a-z 0-9 _ -, at most 32');
  if (fallback !== undefined && typeof fallback != 'string')
    throw new TypeError('pubnet-widgets/render: fallback must be a string of HTML');
  const attributes: Record<string, string> = { adslot };
  if (key !== undefined) attributes.key = key;
  if (sid !== undefined) attributes.sid = sid;
  return renderWidget(
    'pubnet-adslot',
    { ...attributes, ...commonAttributes(options.attributes) },
    options,
  );
}
