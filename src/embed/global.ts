import { configure } from '../page/options.js';
import { extendGlobal, type PubnetGlobal } from './extend-global.js';

export type { PubnetAutolink, PubnetGlobal } from './extend-global.js';

/**
 * Provides `version` and `configure` on `window.Pubnet` unless a copy loaded
 * earlier already did: that copy's elements are the registered ones, so its
 * `configure` is the one they read. Returns the global in force.
 */
export function installGlobal(version: string): PubnetGlobal {
  return extendGlobal({ version, configure });
}
