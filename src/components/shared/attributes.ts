/**
 * Attribute converters: a value that does not parse is ignored (the option
 * falls back to `configure()`, the script tag or its default) with one console
 * warning naming the attribute. Nothing is ever thrown into the page.
 */
import type { PropertyDeclaration } from 'lit';
import { warn } from './events.js';

/** An attribute `name` whose value goes through `parse` (`null` or `undefined`: invalid). */
export const attr = <T>(
  name: string,
  parse: (value: string) => T | null | undefined,
): PropertyDeclaration => ({
  attribute: name,
  converter: (value) =>
    value == null ? undefined : (parse(value) ?? warn(`ignoring ${name}="${value}"`)),
});

/** A number; `min`/`max` clamp it (rounded to an integer). */
export const num = (name: string, min?: number, max?: number): PropertyDeclaration =>
  attr(name, (value) => {
    const number = value.trim() ? +value : NaN;
    return Number.isNaN(number)
      ? undefined
      : min == null
        ? number
        : Math.min(max!, Math.max(min, Math.round(number)));
  });

/** One of `values`. */
export const oneOf = <T extends string>(name: string, values: readonly T[]): PropertyDeclaration =>
  attr(name, (value) => (values.includes(value as T) ? value : undefined));
