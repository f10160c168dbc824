/**
 * The options of `autolink(root, options)` (embed-contract "Auto-linking"),
 * checked once: a bad option throws a TypeError that names it, before any
 * observer or listener is set.
 */
import { httpUrl, isObject } from '../page/safe-url.js';
import type { ConsentGate as FullGate } from './consent.js';
import { bad, optionLabel } from './option-errors.js';

/**
 * What auto-linking needs of the reader's consent to rewriting links: the
 * gate of consent.ts (TCF, Global Privacy Control, a publisher's own banner)
 * has it, and so may any object of the page's.
 */
export type ConsentGate = Pick<FullGate, 'allowed' | 'subscribe'>;

export interface AutolinkOptions {
  /** Base URL of the publisher's proxy (absolute http(s)). */
  api: string;
  /** The website guid (the public website key). */
  key?: string;
  /** SubID: at most 32 of `A-Z a-z 0-9 _ -`. */
  sid?: string;
  /** CSS selectors of the parts of `root` whose links are rewritten (default: `root` itself). */
  scope?: string;
  /** CSS selectors of links, or of their ancestors, never rewritten. */
  exclude?: string;
  /**
   * A label put after each rewritten link (none by default): this text, or
   * with `true` the word of the link's own language (`Ad`, `Reklama`, …).
   */
  disclosure?: string | true;
  /** The consent gate (default: always allowed). */
  consent?: ConsentGate;
}

/** The options once checked, with their defaults. */
export interface Resolved extends Omit<AutolinkOptions, 'consent'> {
  consent: ConsentGate;
}

const ALWAYS: ConsentGate = { allowed: () => true, subscribe: () => () => {} };

/** Whether `selectors` parse as a CSS selector list. */
function isSelectorList(selectors: string): boolean {
  try {
    document.createDocumentFragment().querySelector(selectors);
    return true;
  } catch {
    return false;
  }
}

/**
 * `options` checked.
 * @throws TypeError naming the first bad option (as `label` names it).
 */
export function resolveOptions(options: AutolinkOptions, label = optionLabel): Resolved {
  if (!isObject(options)) bad(label('options'), 'an object');
  const { api, key, sid, scope, exclude, disclosure, consent = ALWAYS } = options;
  if (!httpUrl(api)) bad(label('api'), 'an absolute http(s) URL');
  if (key !== undefined && typeof key != 'string') bad(label('key'), 'a string');
  if (disclosure !== undefined && disclosure !== true && typeof disclosure != 'string')
    bad(label('disclosure'), 'a string or true');
  if (sid !== undefined && !/^[\w-]{1,32}$/.test(sid as string))
    bad(label('sid'), 'at most 32 of A-Z a-z 0-9 _ -');
  for (const [name, value] of Object.entries({ scope, exclude }))
    if (value !== undefined && (typeof value != 'string' || !isSelectorList(value)))
      bad(label(name), 'a CSS selector list');
  if (
    !isObject(consent) ||
    typeof consent.allowed != 'function' ||
    typeof consent.subscribe != 'function'
  )
    bad(label('consent'), 'an object with allowed() and subscribe()');
  return { api, key, sid, scope, exclude, disclosure, consent };
}
