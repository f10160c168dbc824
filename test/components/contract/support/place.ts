/** How the contract suite puts an element on a page, and reads what it shows. */
import { fixture } from '@open-wc/testing';
import { known } from '../../../../src/emulator/known.js';
import { nextEvent, shadow } from '../../support/elements.js';
import type { Placement } from './fixture.js';

/** A widget element: what every registered element is. */
export type Widget = HTMLElement & { updateComplete: Promise<unknown>; state: string };

/** The publisher's fallback child the suite gives an element, when it gives one. */
export const FALLBACK = '<a slot="fallback" href="https://publisher.example/picks">Our picks</a>';

/** What `create` adds to a placement. */
export interface Extra {
  /** The `api` attribute; none when `null` (default: none). */
  api?: string | null;
  /** More attributes, after the placement's (and winning over them). */
  attributes?: Record<string, string>;
  /** The publisher's fallback child (FALLBACK) after the placement's children. */
  fallback?: boolean;
  /** `eager` (default true). */
  eager?: boolean;
}

/** Nodes from HTML, as the parser makes them in the page. */
function parse(markup: string): DocumentFragment {
  return document.createRange().createContextualFragment(markup);
}

/**
 * `tag` as `placement` puts it on a page: `key` (the seed's active website) unless the
 * placement names one, its attributes, `extra`'s, and its children. Not in the page yet.
 */
export function create(tag: string, placement: Placement, extra: Extra = {}): Widget {
  const el = document.createElement(tag) as Widget;
  const attributes: Record<string, string> = {
    key: known.website.guid,
    ...(extra.api == null ? {} : { api: extra.api }),
    ...(extra.eager == false ? {} : { eager: '' }),
    ...placement.attributes,
    ...extra.attributes,
  };
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  if (placement.children) el.append(parse(placement.children));
  if (extra.fallback) el.append(parse(FALLBACK));
  return el;
}

/** `create`d and put in the page (an open-wc fixture: removed after the test). */
export function place(tag: string, placement: Placement, extra: Extra = {}): Promise<Widget> {
  return fixture<Widget>(create(tag, placement, extra));
}

/**
 * Placed, and loaded: the element and its `pubnet-load` (listened for from before it is
 * placed: some load before `fixture()` returns), once what it counts is rendered.
 */
export async function load(tag: string, placement: Placement, extra: Extra = {}) {
  const loaded = nextEvent(tag, 'pubnet-load');
  const el = await place(tag, placement, extra);
  const event = await loaded;
  await el.updateComplete;
  return { el, event };
}

/**
 * The links an element shows: those of its shadow root, and the publisher's it enhances
 * (its light-DOM anchors, but for a fallback child).
 */
export function links(el: Element): HTMLAnchorElement[] {
  const own = [...el.querySelectorAll<HTMLAnchorElement>('a')].filter(
    (a) => !a.closest('[slot=fallback]'),
  );
  return [...own, ...shadow(el).querySelectorAll('a')];
}

/** The images an element shows. */
export const images = (el: Element) => [...shadow(el).querySelectorAll('img')];

/** The disclosure label, if shown. */
export const label = (el: Element) => shadow(el).querySelector<HTMLElement>('[part=disclosure]');

/** The `href`s of the anchors of `placement`'s children, as written. */
export function writtenHrefs(placement: Placement): (string | null)[] {
  const written = parse(placement.children ?? '');
  return [...written.querySelectorAll('a')].map((a) => a.getAttribute('href'));
}
