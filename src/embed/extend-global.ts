/**
 * `window.Pubnet` is filled by each CDN file on the page, in either order:
 * the widgets' file gives `version` and `configure`, the auto-linking file
 * `autolink`. Each adds its part to a new frozen object holding what is there
 * already, and what is there wins: a later copy or version of the same file
 * changes nothing (and the object stays the same one), and the page cannot
 * alter what a file gave.
 */
import type { PubnetGlobal } from './global.js';

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
