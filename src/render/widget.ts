/**
 * `renderWidget`: any element the registry says a server renders (its manifest's `render`),
 * from its attributes, as the element reads them, with its declarative shadow DOM. The
 * element's own renders (`renderAdslot`, `renderProductGrid`), `renderTags` and the proxy's
 * `/render/` routes all come here.
 */
import { html, unsafeStatic } from 'lit/static-html.js';
import { ELEMENTS } from '../components/registry.js';
import '../components/define.js';
import { serverAttributes } from './attributes.js';
import { load } from './load.js';
import type { RenderOptions } from './options.js';
import { renderElement, type RenderedWidget } from './render-element.js';
import { collectWarnings } from './warnings.js';

/** What `renderWidget` takes besides the attributes (its `lang` among them). */
export interface WidgetRenderOptions extends RenderOptions {
  /** The publisher's own HTML, shown when loading fails or finds nothing. */
  fallback?: string;
}

/**
 * Renders the element `tag` with `attributes` (invalid values are warned about and
 * ignored, as the element does); see `renderAdslot`.
 * @throws TypeError naming the first invalid option, or an attribute the element has not.
 */
export async function renderWidget(
  tag: string,
  attributes: Readonly<Record<string, string>>,
  options: WidgetRenderOptions,
): Promise<RenderedWidget> {
  const manifest = ELEMENTS.find((entry) => entry.tag === tag);
  const render = manifest?.render;
  if (!manifest || !render)
    throw new TypeError(`pubnet-widgets/render: <${tag}> is no element a server renders`);
  if (!attributes || typeof attributes != 'object')
    throw new TypeError('pubnet-widgets/render: attributes must be an object');
  const names = serverAttributes(manifest.element);
  for (const [name, value] of Object.entries(attributes))
    if (!names.includes(name) || typeof value != 'string')
      throw new TypeError(
        `pubnet-widgets/render: attribute ${name} is not one of <${tag}>'s, as a string` +
          // The language is the render's: an option, checked as such.
          (name == 'lang' ? ' (give lang as an option of the render)' : ''),
      );
  render.check?.(attributes);
  const warnings: string[] = [];
  const element = collectWarnings(() => {
    const made = new manifest.element();
    for (const [name, value] of Object.entries(attributes))
      made.attributeChangedCallback(name, null, value);
    return made;
  }, warnings);
  const loaded = await load(
    options,
    element,
    options?.fallback,
    (core, signal) => render.request(element as never, core, signal),
    render.room && ((answer) => render.room!(element as never, answer)),
  );
  const name = unsafeStatic(tag);
  return renderElement(
    tag,
    html`<${name}></${name}>`,
    attributes,
    loaded,
    warnings,
    options?.fallback,
  );
}
