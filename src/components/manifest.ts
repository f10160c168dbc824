/**
 * What an element's folder tells every entry point about it, in one small object: its tag
 * and class, and, when it has one, its server-rendering route.
 * The registry (registry.ts) lists the manifests; the npm and CDN entries, the
 * space-reserving stylesheet's build (its rules: `reserve.css` in the element's folder),
 * server rendering and the proxy's `/render/` routes read that list.
 * An element's folder is named as its tag without `pubnet-`.
 */
import type { PubnetWidget } from './base/widget-element.js';

/** An element class of this library. */
export type ElementClass = typeof PubnetWidget & (new () => PubnetWidget);

export interface ElementManifest<E extends ElementClass = ElementClass> {
  /** The tag, `pubnet-…`. */
  readonly tag: `pubnet-${string}`;
  /** The class. */
  readonly element: E;
  /**
   * Server rendering, when the element has it: the proxy's route under `/render/`
   * (`{name}` a path segment holding that attribute), and the attributes its query takes
   * when not all the element's own (its observed attributes but `api`, `eager`, `lang`
   * and `state`).
   */
  readonly render?: { readonly route: string; readonly query?: readonly string[] };
}

/** A manifest, typed (and found by the element reference's build: scripts/manifest.mjs). */
export const manifest = <E extends ElementClass>(entry: ElementManifest<E>) => entry;
