import { onReset } from './env.js';

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
}

/** The options a script tag or an element attribute may carry. */
type PageOption = 'api' | 'key' | 'sid';
const names = ['api', 'key', 'sid'] as const;

let configured: PubnetOptions = {};
let fromScript: PubnetOptions = {};
onReset(() => {
  configured = {};
  fromScript = {};
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
  // All or nothing: a bad option leaves every option as it was.
  configured = next;
}

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
