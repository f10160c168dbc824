/** Shared set-up of the auto-linking tests: an article, a consent gate, and ways to wait. */
import { fixture, html } from '@open-wc/testing';
import type { ConsentGate } from '../../../src/autolink/index.js';
import { whenIdle } from '../../../src/autolink/idle.js';
import { resetWidgets } from '../../../src/page/env.js';
import type { TestEmulator, TestProxy } from '../../support/emulator.js';
import { emulatorBehindProxy } from '../../components/support/elements.js';
import { known } from '../../../src/emulator/known.js';

export const key = known.website.guid;
export const sid = 'article_7';
/** A merchant page whose host has an offer (`known.offers[0]`). */
export const MERCHANT = known.merchantUrl;
/** A second host with an offer, and one with none. */
export const OTHER_MERCHANT = 'https://technova.example/laptops';
export const NO_OFFER = 'https://no-offer.example/page';

/** An article of `links` (hrefs), each `<a>` in a paragraph of its own. */
export async function article(links: string[]): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(html`<article></article>`);
  for (const href of links) element.append(paragraph(href));
  return element;
}

/** `<p><a href=…>text</a></p>`. */
export function paragraph(href: string, attributes: Record<string, string> = {}): HTMLElement {
  const p = document.createElement('p');
  const a = document.createElement('a');
  a.href = href;
  a.textContent = `link to ${href}`;
  for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value);
  p.append(a);
  return p;
}

/** Resolves in a task of its own: the microtasks and tasks queued so far have run. */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * Resolves once `check()` is true: checked now, then on each mutation of
 * `root`'s subtree (nodes, attributes, text), the observer disconnecting
 * itself once it is. Waits on the change itself, never on time.
 */
export function mutated(root: Node, check: () => unknown): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve();
    const observer = new MutationObserver(() => {
      if (!check()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

/** Resolves once `element` has the attribute `name` (at once if it has it). */
export const attributeSet = (element: Element, name: string): Promise<void> =>
  mutated(element, () => element.hasAttribute(name));

/**
 * Resolves in an idle moment asked for now, the way auto-linking asks
 * (`whenIdle`): after the ones it asked for before. That is an idle callback
 * where the engine has `requestIdleCallback` (Chromium, Firefox), and in
 * WebKit, which has none, a 1 ms timer of `env.timers` (timers of one delay
 * run in the order they were set).
 */
export const idle = (): Promise<void> => new Promise((resolve) => whenIdle(() => resolve()));

/** A consent gate the test answers by hand. */
export function manualConsent(initial?: boolean) {
  let answer = initial;
  const listeners = new Set<(allowed: boolean) => void>();
  const gate: ConsentGate = {
    allowed: () => answer,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const set = (allowed: boolean) => {
    answer = allowed;
    for (const listener of listeners) listener(allowed);
  };
  return { gate, set, listeners };
}

/** The detect requests among `calls` (the page's fetches), by the host asked about. */
export const detectedHosts = (calls: { url: string }[]): string[] =>
  calls
    .filter((call) => new URL(call.url).pathname.endsWith('/offers/detect/'))
    .map((call) => new URL(new URL(call.url).searchParams.get('url')!).host);

/** The tracking-link requests among `calls`. */
export const trackingRequests = (calls: { url: string; init?: RequestInit }[]) =>
  calls.filter((call) => call.url.includes('/tracking_link/'));

/** Shows intent on `link` the way a pointer does. */
export const pointAt = (link: Element) =>
  link.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));

/**
 * An emulator behind the proxy for each test of the `describe` it is called
 * in; after each test, the auto-linking it started (`stack.stop`) is stopped,
 * the widgets' state reset and the emulator stopped.
 */
export function useStack() {
  const stack = {
    emu: undefined as unknown as TestEmulator,
    proxy: undefined as unknown as TestProxy,
    stop: () => {},
  };
  beforeEach(async () => Object.assign(stack, await emulatorBehindProxy(), { stop: () => {} }));
  afterEach(() => {
    stack.stop();
    resetWidgets();
    return stack.emu.stop();
  });
  return stack;
}
