/** Shared set-up of the widget tests: an emulator, the JS-only options, traps. */
import { env } from '../../src/components/shared/env.js';
import { configure } from '../../src/components/shared/options.js';
import {
  startEmulator,
  type FaultSpec,
  type LoggedRequest,
  type TestEmulator,
} from '../support/emulator.js';

/** Deadline the widgets get in tests (ms): short, so fault tests stay fast. */
export const DEADLINE = 1200;

/** Starts an emulator and points the JS-only options at it (token, deadline). */
export async function emulator(options: { latency?: number; faults?: FaultSpec[] } = {}) {
  const emu = await startEmulator(options);
  configure({ token: emu.token, deadline: DEADLINE });
  return emu;
}

/**
 * The API requests the emulator received (CORS preflights left out: they
 * exist only because the test page and the emulator are different origins)
 * whose path starts with `path`, and of `method` if given.
 */
export async function requests(
  emu: TestEmulator,
  path = '/publisher/',
  method?: string,
): Promise<LoggedRequest[]> {
  return (await emu.requests()).filter(
    (r) => r.method != 'OPTIONS' && r.path.startsWith(path) && (!method || r.method == method),
  );
}

/**
 * Collects uncaught errors and unhandled rejections while a test runs, so a
 * test can assert that nothing escaped into the page.
 */
export function trapErrors() {
  const seen: unknown[] = [];
  const onError = (e: ErrorEvent) => seen.push(e.error ?? e.message);
  const onRejection = (e: PromiseRejectionEvent) => seen.push(e.reason);
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  return {
    seen,
    stop() {
      removeEventListener('error', onError);
      removeEventListener('unhandledrejection', onRejection);
    },
  };
}

/** Records every `fetch` the widgets make (URL, init), through the injected `env.fetch`. */
export function recordFetches() {
  const calls: { url: string; init?: RequestInit }[] = [];
  const original = env.fetch;
  env.fetch = (url, init) => {
    calls.push({ url, init });
    return original(url, init);
  };
  return { calls, restore: () => (env.fetch = original) };
}

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The shadow root of a widget. */
export const shadow = (el: Element) => el.shadowRoot!;

/**
 * The next `name` event from an element `tag`, listened for on `document`
 * (the events bubble and are composed), so it can be awaited from before the
 * element exists: some fail or load before `fixture()` returns.
 */
export function nextEvent<K extends keyof GlobalEventHandlersEventMap>(
  tag: string,
  name: K,
): Promise<GlobalEventHandlersEventMap[K]> {
  return new Promise((resolve) => {
    const on = (e: GlobalEventHandlersEventMap[K]) => {
      if ((e.target as Element).localName != tag) return;
      document.removeEventListener(name, on);
      resolve(e);
    };
    document.addEventListener(name, on);
  });
}
