/**
 * What a render route asks for, read from its path and query: the element
 * and its attributes, or why it cannot be rendered. Strict: a parameter the
 * route does not take, or one given twice, is refused (the answer is then the
 * collapsed element), so that one fragment has one URL, and one cache entry.
 */
import { ELEMENTS } from '../../components/registry.js';
import { escapeAttribute } from '../../render/escape.js';
import { isLangTag } from '../../render/lang.js';
import { serverAttributes } from '../../render/attributes.js';

/** What one render route asks for. */
export interface RenderCall {
  tag: string;
  /** The attribute the route's path segment holds (the ad slot's `adslot`), as in the path. */
  segment?: { name: string; value: string };
  /** The query parameters the route takes, each given once. */
  parameters: Record<string, string>;
  /** Those parameters, sorted: the query part of the rendered HTML's cache key. */
  search: string;
  /** Why the query cannot be rendered, if it cannot. */
  refused?: string;
}

/** Each render route: its path, the attribute its path segment holds, the parameters it takes. */
const ROUTES = ELEMENTS.flatMap(({ tag, element, render }) => {
  if (!render) return [];
  const [before, segment, after = ''] = render.route.split(/\{([\w-]+)\}/);
  const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return [
    {
      tag,
      path: new RegExp(`^/render/${escape(before)}${segment ? `([^/]+)${escape(after)}` : ''}$`),
      segment,
      // Besides the element's own parameters, `lang`: the render's language, which the element
      // carries (never taken from `Accept-Language`: one URL, one fragment). Not `api`: the
      // proxy sets it to itself.
      allowed: [
        ...(render.query ?? serverAttributes(element).filter((name) => name !== 'api')),
        'lang',
      ],
    },
  ];
});

/** The call `path` and `query` make, or `undefined` when `path` is no render route. */
export function readCall(path: string, query: URLSearchParams): RenderCall | undefined {
  let found: RegExpExecArray | null = null;
  const route = ROUTES.find((route) => (found = route.path.exec(path)));
  if (!route) return undefined;
  const { tag, allowed } = route;
  const slot = route.segment ? found![1] : undefined;
  const parameters: Record<string, string> = {};
  const twice = new Set<string>();
  let refused: string | undefined;
  for (const [name, value] of query) {
    if (!allowed.includes(name)) refused ??= `unknown parameter ${name}`;
    else if (Object.hasOwn(parameters, name)) {
      refused ??= `parameter ${name} given twice`;
      twice.add(name);
    } else parameters[name] = value;
  }
  // One given twice has no one value (the collapsed element must not pick one, say a lang).
  for (const name of twice) delete parameters[name];
  const sorted = new URLSearchParams(
    Object.entries(parameters).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return {
    tag,
    segment: slot === undefined ? undefined : { name: route.segment, value: decodeSegment(slot) },
    parameters,
    search: sorted.toString(),
    refused,
  };
}

/** A path segment decoded; as it is when it is no valid percent-encoding (the render refuses it). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The element as a render that failed writes it, for a call the render could
 * not even start: its tag with what identifies it, its `lang` when valid,
 * collapsed, with no answer. Every value is escaped: the path and query are
 * the visitor's.
 */
export function collapsedElement(call: RenderCall, api: string | undefined): string {
  const attributes: [string, string][] = [];
  if (call.segment) attributes.push([call.segment.name, call.segment.value]);
  if (api) attributes.push(['api', api]);
  const { lang } = call.parameters;
  if (isLangTag(lang)) attributes.push(['lang', lang]);
  attributes.push(['state', 'collapsed'], ['data-answer', 'null']);
  const written = attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`);
  return `<${call.tag}${written.join('')}></${call.tag}>`;
}
