/**
 * The auto-linking file's options, from the `data-*` attributes of its script
 * tag (embed-contract "Auto-linking"): `data-api`, `data-key`, `data-sid`,
 * `data-scope`, `data-exclude`, `data-disclosure`, and for the consent gate
 * `data-tcf-purposes` ("1,3"; default 1), `data-gpc` ("ignore"; default
 * respect) and `data-consent` ("manual": `Pubnet.autolink.consent()` decides).
 * An empty attribute counts as absent. The checks are those of
 * `autolink()` and `createConsent()`, their errors naming the attribute.
 */
import { createConsent, type ConsentGate, type ConsentOptions } from '../autolink/consent.js';
import { resolveOptions, type AutolinkOptions } from '../autolink/options.js';

/** The attribute of an option of `autolink()` or `createConsent()`. */
const attribute = (name: string) =>
  'data-' + ({ mode: 'consent', purposes: 'tcf-purposes' }[name] ?? name);

/**
 * The options of `script`, checked, and the consent gate they describe
 * (created now: a CMP's stub is in the page's head already).
 * @throws TypeError naming the first bad attribute.
 */
export function readAutolinkScript(script: HTMLOrSVGScriptElement | null): {
  options: AutolinkOptions;
  consent: ConsentGate;
} {
  if (!(script instanceof HTMLScriptElement)) throw new TypeError('autolink: no script tag');
  const data: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(script.dataset)) if (value) data[name] = value;
  const { api, key, sid, scope, exclude, disclosure, tcfPurposes, gpc, consent: mode } = data;
  // A bare `data-disclosure` asks for the label in each link's language.
  const label: string | true | undefined = script.hasAttribute('data-disclosure')
    ? (disclosure ?? true)
    : undefined;
  const options = { api: api!, key, sid, scope, exclude, disclosure: label };
  resolveOptions(options, attribute);
  const consent = createConsent(
    { mode, gpc, purposes: tcfPurposes?.split(',').map(Number) } as ConsentOptions,
    attribute,
  );
  return { options, consent };
}
