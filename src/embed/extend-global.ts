/**
 * `window.Pubnet` is filled by each CDN file on the page, in either order:
 * the widgets' file gives `version` and `configure`, the auto-linking file
 * `autolink`. Each adds its part to a new frozen object holding what is there
 * already, and what is there wins: a later copy or version of the same file
 * changes nothing (and the object stays the same one), and the page cannot
 * alter what a file gave.
 */
import type { PubnetOptions } from '../page/options.js';

/** `window.Pubnet`: what the CDN files give the page. */
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

declare global {
  interface Window {
    Pubnet?: PubnetGlobal;
  }
}

/** Adds what `part` has that `window.Pubnet` lacks; returns the global in force. */
export function extendGlobal(part: Partial<PubnetGlobal>): PubnetGlobal {
  const current = window.Pubnet;
  return current && Object.keys(part).every((name) => name in current)
    ? current
    : (window.Pubnet = Object.freeze({ ...part, ...current }) as PubnetGlobal);
}
