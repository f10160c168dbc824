import { warn as warnPage } from './events.js';

const warned = new Set<string>();

/**
 * Registers a custom element unless the tag is already taken. Loading the
 * bundle twice, or two versions of it, must never throw into the host page:
 * the first definition wins, and a different one warns once.
 */
export function defineElement(
  tag: string,
  ctor: CustomElementConstructor,
  warn: (message: string) => void = warnPage,
): void {
  const registry = globalThis.customElements;
  if (!registry) return;
  const existing = registry.get(tag);
  if (!existing) registry.define(tag, ctor);
  else if (existing !== ctor && !warned.has(tag)) {
    warned.add(tag);
    warn(`<${tag}> is already defined by another copy or version; keeping it.`);
  }
}
