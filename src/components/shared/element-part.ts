/**
 * Element-part directives. Strict CSP (`style-src 'self'`) forbids `style`
 * attributes, and Lit's `styleMap` writes one on first render; CSSOM
 * (`style.setProperty`) is allowed, so positions and sizes go through it.
 */
import { noChange } from 'lit';
import { Directive, directive, type ElementPart } from 'lit/directive.js';

class Apply extends Directive {
  render(_fn: (el: HTMLElement) => void) {
    return noChange;
  }
  override update(part: ElementPart, [fn]: [(el: HTMLElement) => void]) {
    fn(part.element as HTMLElement);
    return noChange;
  }
}

/** Calls `fn` with the element on every render. */
export const apply = directive(Apply);

/** Sets CSS properties (custom properties included) on the element through CSSOM. */
export const cssProps = (props: Record<string, string | number>) =>
  apply((el) => {
    for (const name in props) el.style.setProperty(name, '' + props[name]);
  });
