import { warn } from '../page/events.js';
import { readScriptOptions, setScriptOptions } from '../page/options.js';
import { installGlobal } from './global.js';
import { renderWidgetCode } from './widget-code.js';

/**
 * What one execution of the CDN bundle does with the script tag that loaded it:
 * takes its `data-*` options, provides `window.Pubnet` (first copy wins) and
 * renders its `data-config` slot. Never throws into the host page.
 */
export function start(script: HTMLOrSVGScriptElement | null, version: string): void {
  try {
    setScriptOptions(readScriptOptions(script));
    installGlobal(version);
    renderWidgetCode(script);
  } catch (error) {
    warn('could not start', error);
  }
}
