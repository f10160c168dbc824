/**
 * A widget's language: its nearest non-empty `lang` (its own, else its
 * closest ancestor's, through shadow roots to their hosts; the document's
 * `<html lang>` is the last ancestor), else `en`. Its words: the page's
 * `Pubnet.configure({ messages })` for that tag, then for its primary
 * subtag (`pl-PL` → `pl`), then the built-in table, then English.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { configuredMessages } from './options.js';
import { MESSAGES, type Messages } from './messages.js';

/** Words for one element: its messages, with the language tag `Intl` formats with. */
export type Words = Messages & { lang: string };

const SELECTOR = '[lang]:not([lang=""])';

/** The language tag of `element`. */
export function langOf(element: Element): string {
  // (On a server, Lit SSR's elements have attributes but no tree: their own lang counts.)
  for (let node: Element | undefined = element; node;) {
    const tag = node.closest
      ? node.closest(SELECTOR)?.getAttribute('lang')
      : node.getAttribute?.('lang');
    if (tag) return tag;
    node = (node.getRootNode?.() as ShadowRoot | undefined)?.host;
  }
  return 'en';
}

/** The words for the language `tag`. */
export function wordsFor(tag: string): Words {
  const full = tag.toLowerCase();
  const primary = full.split('-')[0];
  const own = configuredMessages();
  return { ...MESSAGES.en, ...MESSAGES[primary], ...own[primary], ...own[full], lang: tag };
}

const hosts = new Set<ReactiveControllerHost>();
let observer: MutationObserver | undefined;

/**
 * Renders its host again when a `lang` changes anywhere in the document (an
 * ancestor's, the document's); its own `lang` is an observed attribute.
 * Nothing is loaded again.
 */
export class LangController implements ReactiveController {
  constructor(private host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected() {
    hosts.add(this.host);
    if (!observer && globalThis.MutationObserver) {
      observer = new MutationObserver(() => hosts.forEach((host) => host.requestUpdate()));
      observer.observe(document, { subtree: true, attributeFilter: ['lang'] });
    }
  }

  hostDisconnected() {
    hosts.delete(this.host);
  }
}
