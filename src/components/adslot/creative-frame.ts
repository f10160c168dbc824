/**
 * Creative HTML (`embed_code`) is shown only in an `<iframe sandbox srcdoc>`
 * without `allow-same-origin` and without `allow-scripts`: its scripts do not
 * run, and it can never reach the page. Links in it open in a new tab
 * (`allow-popups`), outside the sandbox.
 *
 * Under Trusted Types (`require-trusted-types-for 'script'`) `srcdoc` needs a
 * `TrustedHTML`: the one policy, `pubnet-creative`, passes the creative through
 * unchanged and is used for nothing else; the sandbox is what makes it safe.
 */
interface Policy {
  createHTML(input: string): unknown;
}
type Factory = { createPolicy(name: string, rules: { createHTML(s: string): string }): Policy };

let policy: Policy | null | undefined;

/** `html` as the `srcdoc` value: `TrustedHTML` where the browser has Trusted Types. */
function trusted(html: string): string {
  if (policy === undefined)
    try {
      const trustedTypes = (globalThis as { trustedTypes?: Factory }).trustedTypes;
      policy = trustedTypes
        ? trustedTypes.createPolicy('pubnet-creative', { createHTML: (creative) => creative })
        : null;
    } catch {
      // The page's CSP does not allow the name (or a second copy made it): plain string.
      policy = null;
    }
  return (policy ? policy.createHTML(html) : html) as string;
}

/** The document a creative is shown as: links in it open in a new tab. */
export const creativeDoc = (code: string): string => '<base target="_blank">' + code;

const shown = new WeakMap<Element, string>();

/**
 * Shows `code` in `frame`, an `<iframe sandbox>` of the slot's template (see
 * `manualCanvas`), and only when it changed: every assignment reloads the frame.
 */
export function showCreative(frame: HTMLIFrameElement, code: string): void {
  if (shown.get(frame) === code) return;
  shown.set(frame, code);
  try {
    frame.srcdoc = trusted(creativeDoc(code));
  } catch {
    // Trusted Types refused the plain string: an empty frame, not an error in the page.
  }
}
