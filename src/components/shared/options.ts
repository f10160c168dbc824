/** The options a page can set for every widget (embed-contract "Loading"). */
export interface PubnetOptions {
  /** Base URL of the publisher's proxy (or the API itself, for private tools). */
  api?: string;
  /** The website guid: the public website key. */
  key?: string;
  /** Default SubID. */
  sid?: string;
}

const names = ['api', 'key', 'sid'] as const;

let configured: PubnetOptions = {};
let fromScript: PubnetOptions = {};

/** Reads `data-api`, `data-key` and `data-sid` of the script tag that loaded the bundle. */
export function readScriptOptions(script: HTMLOrSVGScriptElement | null): PubnetOptions {
  const options: PubnetOptions = {};
  if (!(script instanceof HTMLScriptElement)) return options;
  for (const name of names) {
    const value = script.dataset[name];
    if (value) options[name] = value;
  }
  return options;
}

export function setScriptOptions(options: PubnetOptions): void {
  fromScript = { ...fromScript, ...options };
}

/** `Pubnet.configure()`: later calls override earlier ones, option by option. */
export function configure(options: PubnetOptions): void {
  if (options === null || typeof options !== 'object') {
    throw new TypeError('Pubnet.configure(options): options must be an object');
  }
  for (const name of names) {
    const value = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      throw new TypeError(`Pubnet.configure(options): option "${name}" must be a string`);
    }
    configured = { ...configured, [name]: value };
  }
}

/** Resolution order: element attribute → `Pubnet.configure()` → the script tag's `data-*`. */
export function resolveOption(
  name: keyof PubnetOptions,
  fromElement: string | null | undefined,
): string | undefined {
  return fromElement ?? configured[name] ?? fromScript[name];
}
