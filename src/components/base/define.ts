import { warn as warnPage } from '../../page/events.js';

const warned = new Set<string>();
/** Which version of this library defined each tag, shared by every copy on the page. */
const owners: Record<string, string> = ((globalThis as Record<symbol, unknown>)[
  Symbol.for('pubnet-widgets.tags')
] ??= {}) as Record<string, string>;

/**
 * Registers a custom element unless the tag is already taken. Loading the
 * bundle twice, or two versions of it, must never throw into the host page:
 * the first definition wins. Another copy of the same version is the normal
 * case of two pasted `widget_code` tags and stays silent; another version, or
 * a class not from this library, warns once per tag.
 */
export function defineElement(
  tag: string,
  ctor: CustomElementConstructor,
  warn: (message: string) => void = warnPage,
  version = '__PUBNET_VERSION__',
): void {
  const registry = globalThis.customElements;
  if (!registry) return;
  const existing = registry.get(tag);
  if (!existing) {
    registry.define(tag, ctor);
    owners[tag] = version;
  } else if (existing !== ctor && owners[tag] !== version && !warned.has(tag)) {
    warned.add(tag);
    const owner = owners[tag] ? `version ${owners[tag]}` : 'another script';
    warn(`<${tag}> is already defined by ${owner}; keeping it.`);
  }
}
