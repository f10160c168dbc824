import { configure, type PubnetOptions } from '../components/shared/options.js';

/** `window.Pubnet`: what the CDN bundle gives the page. */
export interface PubnetGlobal {
  /** The version of the bundle that got the page first. */
  readonly version: string;
  /** Sets `api`, `key` and `sid` for every widget that has no attribute of its own. */
  configure(options: PubnetOptions): void;
}

declare global {
  interface Window {
    Pubnet?: PubnetGlobal;
  }
}

/**
 * Provides `window.Pubnet` unless a copy loaded earlier already did: that copy's
 * elements are the registered ones, so its `configure` is the one they read.
 * Returns the global in force.
 */
export function installGlobal(version: string): PubnetGlobal {
  return (window.Pubnet ??= Object.freeze({ version, configure }));
}
