/**
 * What a widget property accepts. A value, set as an attribute or as a
 * property (frameworks set properties), goes through one check: it becomes
 * the string an attribute would hold and is parsed as the attribute is. A
 * value that does not parse, or an object where text is expected, is ignored
 * (the option falls back to `configure()`, the script tag or its default)
 * with one console warning naming the attribute. Nothing is ever thrown into
 * the page.
 *
 * Each element class gives its properties their check (`checkProperties`, in
 * its static block): text, a flag (`type: Boolean`), or what the helpers here
 * parse (`attr`, `num`, `oneOf`).
 */
import type { PropertyDeclaration } from 'lit';
import { warn } from '../../page/events.js';

/** A property declaration, with how its text is parsed (`null`/`undefined`: invalid). */
export interface Checked extends PropertyDeclaration {
  parse?: (value: string) => unknown;
}

/** An attribute `name` whose value goes through `parse`. */
export const attr = (name: string, parse: (value: string) => unknown): Checked => ({
  attribute: name,
  parse,
});

/** A number; `min`/`max` clamp it (rounded to an integer). */
export const num = (name: string, min?: number, max?: number) =>
  attr(name, (value) => {
    const number = value.trim() ? +value : NaN;
    return Number.isNaN(number)
      ? undefined
      : min == null
        ? number
        : Math.min(max!, Math.max(min, Math.round(number)));
  });

/** One of `values`. */
export const oneOf = (name: string, values: readonly string[]) =>
  attr(name, (value) => (values.includes(value) ? value : undefined));

/**
 * What `value`, set on the property `declaration` describes (`label`: its
 * attribute), becomes. A boolean is an attribute's presence: `false`, `null`
 * and `undefined` are off, anything else on. Anything else is text, parsed as
 * the attribute.
 */
export const checked = (value: unknown, { type, parse }: Checked, label: string): unknown =>
  type == Boolean
    ? value != null && value !== false
    : value == null
      ? undefined
      : ((value instanceof Object ? undefined : parse ? parse(String(value)) : String(value)) ??
        warn(`ignoring ${label}="${String(value)}"`));

/**
 * Gives each property `element` declares (but those of another `type` than
 * Boolean, or without an attribute) an accessor on its prototype that checks
 * what it is set to (Lit wraps an accessor it finds there). Called in the
 * element's static block, before Lit reads its properties.
 */
export function checkProperties(element: { prototype: object; properties: object }) {
  for (const [name, declaration] of Object.entries(element.properties as Record<string, Checked>)) {
    if ((declaration.type && declaration.type != Boolean) || declaration.attribute === false)
      continue;
    // Our properties are named as their attributes, or name them.
    const label = (declaration.attribute as string) || name;
    const key = Symbol(name);
    Object.defineProperty(element.prototype, name, {
      get(this: Record<symbol, unknown>) {
        return this[key];
      },
      set(this: Record<symbol, unknown>, value: unknown) {
        this[key] = checked(value, declaration, label);
      },
      configurable: true,
    });
  }
}
