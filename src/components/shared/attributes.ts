/**
 * Attribute converters: a value that does not parse is ignored (the option
 * falls back to `configure()`, the script tag or its default) with one console
 * warning naming the attribute. Nothing is ever thrown into the page.
 */
import type { PropertyDeclaration } from './base-element.js';
import { warn } from './events.js';

/** An attribute `name` whose value goes through `parse` (`null` or `undefined`: invalid). */
export const attr = <T>(
  name: string,
  parse: (v: string) => T | null | undefined,
): PropertyDeclaration => ({
  attribute: name,
  converter: (v) => (v == null ? undefined : (parse(v) ?? warn(`ignoring ${name}="${v}"`))),
});

/** A number; `lo`/`hi` clamp it (rounded to an integer). */
export const num = (name: string, lo?: number, hi?: number): PropertyDeclaration =>
  attr(name, (v) => {
    const n = v.trim() ? +v : NaN;
    return n != n ? undefined : lo == null ? n : Math.min(hi!, Math.max(lo, Math.round(n)));
  });

/** One of `values`. */
export const oneOf = (name: string, values: string[]): PropertyDeclaration =>
  attr(name, (v) => (values.includes(v) ? v : undefined));
