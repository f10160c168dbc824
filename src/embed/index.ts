/**
 * The CDN entry: one classic script a publisher pastes. It reads the options of
 * its own script tag and provides `window.Pubnet`.
 */
import {
  configure,
  readScriptOptions,
  setScriptOptions,
  type PubnetOptions,
} from '../components/shared/options.js';

export interface PubnetGlobal {
  version: string;
  configure(options: PubnetOptions): void;
}

declare global {
  interface Window {
    Pubnet?: PubnetGlobal;
  }
}

setScriptOptions(readScriptOptions(document.currentScript));

// A second copy of the bundle (or another version) keeps the first one's global.
window.Pubnet ??= { version: '__PUBNET_VERSION__', configure };
