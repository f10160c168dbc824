import { autolink } from '../autolink/autolink.js';
import { warn } from '../page/events.js';
import { readAutolinkScript } from './autolink-options.js';
import { extendGlobal } from './extend-global.js';

const notStarted = (error: unknown) => warn(`auto-linking did not start: ${String(error)}`);

/**
 * What one execution of the auto-linking file does with the script tag that
 * loaded it. The first copy on the page provides `window.Pubnet.autolink`
 * (extend-global.ts); any later copy, of any version, does nothing. With good
 * `data-*` options it starts auto-linking in the body once the document is
 * parsed; with a bad one it warns, naming the attribute, and does not start
 * (`Pubnet.autolink.consent()` is then a no-op). Never throws into the page.
 */
export function startAutolink(script: HTMLOrSVGScriptElement | null, version: string): void {
  try {
    if (window.Pubnet?.autolink) return;
    let read: ReturnType<typeof readAutolinkScript> | undefined;
    try {
      read = readAutolinkScript(script);
    } catch (error) {
      notStarted(error);
    }
    extendGlobal({
      autolink: Object.freeze({
        version,
        // Throws on misuse (auto mode, not a boolean), as Pubnet.configure() does.
        consent: (allowed: boolean) => read?.consent.set(allowed),
      }),
    });
    if (!read) return;
    const { options, consent } = read;
    const run = () => {
      try {
        autolink(document.body, { ...options, consent });
      } catch (error) {
        notStarted(error);
      }
    };
    if (document.readyState == 'loading')
      document.addEventListener('DOMContentLoaded', run, { once: true });
    else run();
  } catch (error) {
    notStarted(error);
  }
}
