/**
 * `renderAdslot`: an ad slot's HTML, rendered on a server from its composed
 * answer (api-contract §10 and §11).
 */
import { html } from 'lit';
import { adslotGet } from '../client/routes/adslots.js';
import { PubnetAdslot } from '../components/adslot/adslot.js';
import '../components/define.js';
import { commonAttributes, load, type CommonAttributes } from './load.js';
import type { RenderOptions } from './options.js';
import { renderElement, type RenderedWidget } from './render-element.js';

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
  if (typeof adslot != 'string' || !/^[\w-]{1,64}$/.test(adslot))
    throw new TypeError('pubnet-widgets/render: adslot must be an ad slot id');
  if (key !== undefined && (typeof key != 'string' || !/^[\w-]{1,64}$/.test(key)))
    throw new TypeError('pubnet-widgets/render: key must be a website guid');
  if (sid !== undefined && (typeof sid != 'string' || !/^[\w-]{1,32}$/.test(sid)))
    throw new TypeError('pubnet-widgets/render: sid must be A-Z a-z 0-9 _ -, at most 32');
  if (fallback !== undefined && typeof fallback != 'string')
    throw new TypeError('pubnet-widgets/render: fallback must be a string of HTML');
  const attributes = commonAttributes(options.attributes);
  const element = new PubnetAdslot();
  const loaded = await load(options, element, fallback, (core, signal) =>
    core.request(adslotGet, { params: { uuid: adslot }, query: { key, sid }, signal }),
  );
  return renderElement(
    'pubnet-adslot',
    html`<pubnet-adslot></pubnet-adslot>`,
    { adslot, key, sid, ...attributes },
    loaded,
    [],
    fallback,
  );
}
