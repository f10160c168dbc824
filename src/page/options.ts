import { env, onReset } from './env.js';
import { MESSAGES, type Messages } from './messages.js';

/** The options a page can set for every widget (embed-contract "Loading"). */
export interface PubnetOptions {
  /** Base URL of the publisher's proxy (or the API itself, for private tools). */
  api?: string;
  /** The website guid: the public website key. */
  key?: string;
  /** Default SubID. */
  sid?: string;
  /**
   * Private tools only (a page on localhost or behind a login): the API token,
   * sent as `Authorization`. Never an attribute or `data-*`, so it cannot end up
   * in published HTML; the client warns when it is used on a public origin.
   */
  token?: string;
  /**
   * How long a widget may wait for the API, retries included, before it gives
   * up and shows its fallback (ms; default 8000).
   */
  deadline?: number;
  /**
   * Words by language tag (`pl`, or `pl-PL` for that region only) and key:
   * `{ pl: { cta: 'Sprawdź cenę' } }`. They come before the built-in table,
   * after an element's attribute and an ad slot's config. Besides the words every
   * widget shows (`Messages`), an element's own (a price comparison's `compare`, loan
   * offers' `loans`, `apply`…: docs/widgets.md). Unknown keys are ignored with a warning.
   */
  messages?: Record<string, Partial<Messages> & Record<string, string>>;
}

/** The options a script tag or an element attribute may carry. */
type PageOption = 'api' | 'key' | 'sid';
const names = ['api', 'key', 'sid'] as const;

let configured: PubnetOptions = {};
/** `configured.messages` with its tags in lower case. */
let messages: Record<string, Partial<Messages>> = {};
let fromScript: PubnetOptions = {};
onReset(() => {
  configured = {};
  fromScript = {};
  messages = {};
});

/** Reads `data-api`, `data-key` and `data-sid` of the script tag that loaded the bundle. */
export function readScriptOptions(script: HTMLOrSVGScriptElement | null): PubnetOptions {
  const options: PubnetOptions = {};
  if (script instanceof HTMLScriptElement)
    for (const name of names) {
      const value = script.dataset[name];
      if (value) options[name] = value;
    }
  return options;
}

export function setScriptOptions(options: PubnetOptions): void {
  fromScript = { ...fromScript, ...options };
}

const bad = (what: string) => {
  throw new TypeError('Pubnet.configure: ' + what);
};

/**
 * `Pubnet.configure()`: later calls override earlier ones, option by option.
 * An option given as `undefined` or `null` is unset (the script tag's value,
 * or the default, applies again); options not named are left as they are.
 * @throws TypeError naming the option when a value has the wrong type.
 */
export function configure(options: { [K in keyof PubnetOptions]?: PubnetOptions[K] | null }): void {
  if (!options || typeof options != 'object') bad('options must be an object');
  const next = { ...configured };
  for (const name of [...names, 'token', 'deadline'] as const) {
    if (!Object.hasOwn(options, name)) continue;
    const value = options[name];
    const number = name == 'deadline';
    if (value == null) delete next[name];
    else if (number ? !((value as number) > 0) : typeof value != 'string')
      bad(`option "${name}" must be ${number ? 'a positive number' : 'a string'}`);
    else (next as Record<string, unknown>)[name] = value;
  }
  let words = messages;
  if (Object.hasOwn(options, 'messages')) words = checkMessages(options.messages);
  // All or nothing: a bad option leaves every option as it was.
  configured = next;
  messages = words;
}

/** `messages` checked, its tags in lower case, its unknown keys dropped with a warning. */
function checkMessages(given: unknown): Record<string, Partial<Messages>> {
  const checked: Record<string, Record<string, string>> = {};
  if (given == null) return checked;
  if (typeof given != 'object') bad('option "messages" must be an object');
  for (const [tag, table] of Object.entries(given as object)) {
    const own: Record<string, string> = (checked[tag.toLowerCase()] = {});
    if (!table || typeof table != 'object') bad(`option "messages.${tag}" must be an object`);
    for (const [key, value] of Object.entries(table as object))
      if (!(key in MESSAGES.en)) env.warn(`Pubnet.configure: unknown message "${key}" ignored`);
      else if (typeof value != 'string') bad(`option "messages.${tag}.${key}" must be a string`);
      else own[key] = value;
  }
  return checked;
}

/** The page's own words (`configure({ messages })`), by lower-case language tag. */
export const configuredMessages = () => messages;

/** A JS-only option set with `configure()` (`token`, `deadline`). */
export function jsOption<K extends 'token' | 'deadline'>(name: K): PubnetOptions[K] {
  return configured[name];
}

/** Resolution order: element attribute → `Pubnet.configure()` → the script tag's `data-*`. */
export function resolveOption(
  name: PageOption,
  fromElement: string | null | undefined,
): string | undefined {
  return fromElement ?? configured[name] ?? fromScript[name];
}
