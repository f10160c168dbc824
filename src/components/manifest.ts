/**
 * What an element's folder tells every entry point about it, in one small object: its tag
 * and class, and, when it has them, how a server renders it and its WordPress names.
 * The registry (registry.ts) lists the manifests; the npm and CDN entries, the
 * space-reserving stylesheet's build (its rules: `reserve.css` in the element's folder),
 * server rendering, the proxy's `/render/` routes and the WordPress build read that list.
 * An element's folder is named as its tag without `pubnet-`. The CDN file keeps only `tag`
 * and `element` of each (scripts/build/rollup/browser-manifests.mjs).
 */
import type { Core } from '../client/core.js';
import type { PubnetWidget } from './base/widget-element.js';

/** An element class of this library. */
export type ElementClass = typeof PubnetWidget & (new () => PubnetWidget);

export interface ElementManifest<E extends ElementClass = ElementClass> {
  /** The tag, `pubnet-…`. */
  readonly tag: `pubnet-${string}`;
  /** The class. */
  readonly element: E;
  /** How a server renders it (`pubnet-widgets/render`, the proxy's `/render/`), if it can. */
  readonly render?: {
    /** Its route under the proxy's `/render/`: `{name}` is a path segment holding that attribute. */
    readonly route: string;
    /**
     * The attributes the route's query takes, when not all those a server renders it with
     * (src/render/attributes.ts).
     */
    readonly query?: readonly string[];
    /**
     * Checks the attributes it is given before anything is made of them.
     * @throws TypeError naming the first the render refuses (its call then renders collapsed).
     */
    readonly check?: (attributes: Readonly<Record<string, string>>) => void;
    /** The request of its first answer, as the element makes it: what a server renders it from. */
    readonly request: (
      element: InstanceType<E>,
      core: Core,
      signal?: AbortSignal,
    ) => Promise<unknown>;
    /**
     * The room it takes when rendered from `answer`, as the tokens of its `data-room`, which
     * pubnet.css reads (`reserve.css`) to keep that room from the element's start tag on,
     * before its shadow root has arrived; `undefined` where a stylesheet cannot know it.
     */
    readonly room?: (element: InstanceType<E>, answer: unknown) => string | undefined;
  };
  /** The WordPress plugin's shortcode (and block, in the plugin's `blocks/`) for it, if any. */
  readonly wordpress?: { readonly shortcode: string; readonly block?: string };
}

/** A manifest, typed (and found by the element reference's build: scripts/build/manifest.mjs). */
export const manifest = <E extends ElementClass>(entry: ElementManifest<E>) => entry;
