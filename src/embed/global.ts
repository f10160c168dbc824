import { configure, type PubnetOptions } from '../page/options.js';
import { extendGlobal } from './extend-global.js';

/** `window.Pubnet`: what the CDN files give the page (extend-global.ts). */
export interface PubnetGlobal {
  /** The version of the widgets' bundle that got the page first. */
  readonly version: string;
  /** Sets `api`, `key` and `sid` for every widget that has no attribute of its own. */
  configure(options: PubnetOptions): void;
  /**
   * The auto-linking file's part (pubnet-autolink.min.js). With only that file
   * on the page, `window.Pubnet` has this member alone.
   */
  readonly autolink?: PubnetAutolink;
}

/** `window.Pubnet.autolink`. */
export interface PubnetAutolink {
  /** The version of the auto-linking file that got the page first. */
  readonly version: string;
  /**
   * With `data-consent="manual"`: the publisher's own banner says whether the
   * reader's links may be rewritten (before or after auto-linking started).
   */
  consent(allowed: boolean): void;
}

/**
 * Provides `version` and `configure` on `window.Pubnet` unless a copy loaded
 * earlier already did: that copy's elements are the registered ones, so its
 * `configure` is the one they read. Returns the global in force.
 */
export function installGlobal(version: string): PubnetGlobal {
  return extendGlobal({ version, configure });
}
