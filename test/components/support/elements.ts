/** Shared set-up of the widget tests: an emulator, the JS-only options, traps. */
import { fixtureSync, html } from '@open-wc/testing';
import type { Timers } from '../../../src/client/delay.js';
import { env, resetWidgets } from '../../../src/page/env.js';
import { configure } from '../../../src/page/options.js';
import {
  startEmulator,
  startProxy,
  type FaultSpec,
  type LoggedRequest,
  type TestEmulator,
} from '../../support/emulator.js';

/**
 * The deadline the fault tests give the widgets (ms), with `configure({ deadline })`: they
 * hold its timer and fire it themselves, so it never runs on real time.
 */
export const DEADLINE = 1200;

/**
 * The deadline every other test gives the widgets (ms): far past mocha's timeout, so a load
 * is never cut short by how slow this machine is. At 1.2 s, loads on a loaded machine ended
 * in pubnet-error, and tests waiting for pubnet-load timed out.
 */
const NO_DEADLINE = 600_000;

/**
 * Starts an emulator and points the JS-only options at it (token, deadline),
 * on widget state as on a fresh page: no test depends on another's leftovers.
 */
export async function emulator(options: { latency?: number; faults?: FaultSpec[] } = {}) {
  resetWidgets();
  const emu = await startEmulator(options);
  configure({ token: emu.token, deadline: NO_DEADLINE });
  return emu;
}

/** What to undo once the running test ends, however it ends (its listeners on the page). */
const untilTestEnds = new Set<() => void>();

// A test that timed out still runs on, waiting for its events: its listeners end with it, so
// it never wakes up in the next test, on that test's events (a second axe run beside the next
// test's, a pagehide that sent the next test's batch).
afterEach(() => {
  for (const undo of untilTestEnds) undo();
  untilTestEnds.clear();
});

/**
 * An emulator behind the shipped proxy, with the page holding no token, as on
 * a public page (the proxy holds it).
 */
export async function emulatorBehindProxy() {
  const emu = await emulator();
  const proxy = await startProxy(emu);
  configure({ token: null });
  return { emu, proxy };
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

/**
 * Records every `fetch` the widgets make (URL, init), through the injected
 * `env.fetch`. `called(n)` resolves once `n` calls were made, and
 * `answered()` once every call made so far has its answer (or failed),
 * `until(check)` once `check(calls)` is true (at once if it already is, else
 * right after the call that makes it so): waiting on the calls themselves,
 * never on time.
 */
export function recordFetches() {
  type Call = { url: string; init?: RequestInit };
  const calls: Call[] = [];
  /** What each call's `fetch` returned. */
  const results: Promise<Response>[] = [];
  const waiting: [count: number, resolve: () => void][] = [];
  const checks = new Set<[check: (calls: Call[]) => boolean, resolve: () => void]>();
  /** Bodies read to the end so far, and who waits for a number of them. */
  let read = 0;
  const reading: [count: number, resolve: () => void][] = [];
  /** `response`, whose `text()` says when it has read the body (this response only). */
  const told = (response: Response) => {
    const text = response.text.bind(response);
    response.text = () =>
      text().finally(() => {
        read++;
        for (const [count, resolve] of reading) if (read >= count) resolve();
      });
    return response;
  };
  const original = env.fetch;
  env.fetch = (url, init) => {
    calls.push({ url, init });
    const result = original(url, init).then(told);
    results.push(result);
    for (const [count, resolve] of waiting) if (calls.length >= count) resolve();
    for (const entry of checks)
      if (entry[0](calls)) {
        checks.delete(entry);
        entry[1]();
      }
    return result;
  };
  return {
    calls,
    results,
    called: (count: number) =>
      new Promise<void>((resolve) =>
        calls.length >= count ? resolve() : waiting.push([count, resolve]),
      ),
    answered: async () => void (await Promise.allSettled(results)),
    /** Resolves once `count` answers' bodies have been read (`text()`) to the end. */
    bodiesRead: (count: number) =>
      new Promise<void>((resolve) => (read >= count ? resolve() : reading.push([count, resolve]))),
    until: (check: (calls: Call[]) => boolean) =>
      new Promise<void>((resolve) => (check(calls) ? resolve() : checks.add([check, resolve]))),
    restore: () => (env.fetch = original),
  };
}

/**
 * Holds every API answer the widgets get (their requests are made and answered) until
 * `release()`: what a test checks while a widget loads is its loading state, however long
 * the checks take on this machine (axe takes seconds on a busy one).
 */
export function holdAnswers() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const original = env.fetch;
  env.fetch = async (url, init) => {
    const response = await original(url, init);
    await released;
    return response;
  };
  return { release, restore: () => (env.fetch = original) };
}

/** What the API answers for this tracking-link body (asked directly). */
export async function trackingLink(emu: TestEmulator, id: string, body: object) {
  const res = await fetch(`${emu.url}publisher/offers/${id}/tracking_link/`, {
    method: 'PUT',
    headers: { Authorization: `Token ${emu.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()).tracking_link as string;
}

/** A timer a test runs by hand. */
export interface HeldTimer {
  run: () => void;
  ms: number;
  cleared: boolean;
}

/**
 * Timers that run only when the test says so: `held` lists every timer set
 * (`ms` among `only`, when given; others run for real), for `env.timers` or
 * the impression batching's timers. `set(ms, n)` resolves once `n` timers of
 * `ms` were set. Nothing waits on real time.
 */
export function heldTimers(only?: number[]) {
  const held: HeldTimer[] = [];
  const waiting: [ms: number, count: number, resolve: () => void][] = [];
  const setCount = (ms: number) => held.filter((t) => t.ms == ms).length;
  const real = env.timers;
  const timers: Timers = {
    now: () => Date.now(),
    setTimeout(run, ms) {
      if (only && !only.includes(ms)) return real.setTimeout(run, ms);
      const timer = { run, ms, cleared: false };
      held.push(timer);
      for (const [m, count, resolve] of waiting) if (m == ms && setCount(ms) >= count) resolve();
      return timer;
    },
    clearTimeout(id) {
      if (held.includes(id as HeldTimer)) (id as HeldTimer).cleared = true;
      else real.clearTimeout(id);
    },
  };
  /** Runs the pending timers of `ms` (all pending ones without it), once each. */
  const fire = (ms?: number) => {
    for (const timer of held.filter((t) => !t.cleared && (ms == null || t.ms == ms))) {
      timer.cleared = true;
      timer.run();
    }
  };
  const pending = (ms?: number) => held.filter((t) => !t.cleared && (ms == null || t.ms == ms));
  /**
   * Resolves once `count` held timers of `ms` have been set in all (fired,
   * cleared or not), at the moment the last of them is set: waiting on the
   * timer itself, never on time.
   */
  const set = (ms: number, count = 1) =>
    new Promise<void>((resolve) =>
      setCount(ms) >= count ? resolve() : waiting.push([ms, count, resolve]),
    );
  return { timers, held, fire, pending, set };
}

/**
 * Resolves once the page's IntersectionObservers have reported on `element`:
 * an observer created now reports after every observer created before it
 * (the widgets' own), in the same rendering step. So a widget that was going
 * to start its work on what they saw has started by then.
 */
export function intersectionsDelivered(element: Element): Promise<void> {
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe(element);
  });
}

/** The shadow root of a widget. */
export const shadow = (el: Element) => el.shadowRoot!;

/**
 * The next `name` event from an element `tag`, listened for on `document`
 * (the events bubble and are composed), so it can be awaited from before the
 * element exists: some fail or load before `fixture()` returns. Only during
 * the test that asked: after it, it never resolves.
 */
export function nextEvent<K extends keyof GlobalEventHandlersEventMap>(
  tag: string,
  name: K,
): Promise<GlobalEventHandlersEventMap[K]> {
  return new Promise((resolve) => {
    const stop = () => document.removeEventListener(name, on);
    const on = (e: GlobalEventHandlersEventMap[K]) => {
      if ((e.target as Element).localName != tag) return;
      stop();
      untilTestEnds.delete(stop);
      resolve(e);
    };
    document.addEventListener(name, on);
    untilTestEnds.add(stop);
  });
}

/**
 * Counts the widget events that reach the document; `reach(kind, n)`
 * resolves once `n` of them came (on the events, never on time). It stops
 * counting at `stop()`, or when the test ends.
 */
export function countEvents() {
  const counts = { load: 0, error: 0, impression: 0 };
  type Kind = keyof typeof counts;
  const waiting: [kind: Kind, count: number, resolve: () => void][] = [];
  const on = Object.fromEntries(
    (Object.keys(counts) as Kind[]).map((kind) => [
      'pubnet-' + kind,
      () => {
        counts[kind]++;
        for (const [k, count, resolve] of waiting) if (k == kind && counts[k] >= count) resolve();
      },
    ]),
  );
  for (const [type, listener] of Object.entries(on)) document.addEventListener(type, listener);
  const stop = () => {
    for (const [type, listener] of Object.entries(on)) document.removeEventListener(type, listener);
  };
  untilTestEnds.add(stop);
  return {
    counts,
    reach: (kind: Kind, count: number) =>
      new Promise<void>((resolve) =>
        counts[kind] >= count ? resolve() : waiting.push([kind, count, resolve]),
      ),
    stop,
  };
}

/**
 * Puts server-rendered HTML into the page as the HTML parser would
 * (declarative shadow DOM), in a 900 px column with article text after it;
 * gives the element.
 */
export function placeRendered(fragment: string): HTMLElement {
  const page = fixtureSync<HTMLElement>(html`<div style="width: 900px"></div>`);
  page.setHTMLUnsafe(`${fragment}<p>The article goes on below the widget.</p>`);
  return page.firstElementChild as HTMLElement;
}

/** What a reader sees of an element: its box, the box below it, its links and texts. */
export function seen(el: Element) {
  const box = el.getBoundingClientRect();
  const below = el.nextElementSibling!.getBoundingClientRect();
  const links = [...el.shadowRoot!.querySelectorAll('a')].map((a) => ({
    href: a.getAttribute('href'),
    rel: a.rel,
    target: a.target,
    text: a.textContent!.replace(/\s+/g, ' ').trim(),
  }));
  const images = [...el.shadowRoot!.querySelectorAll('img')].map((img) => img.getAttribute('src'));
  const label = el.shadowRoot!.querySelector('[part=disclosure]')?.textContent;
  return { width: box.width, height: box.height, below: below.top - box.top, links, images, label };
}

/** Layout shifts from now on (the observer's buffered entries are left out). */
export function layoutShifts() {
  const shifts: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      shifts.push((entry as unknown as { value: number }).value);
  });
  observer.observe({ type: 'layout-shift' });
  return {
    shifts,
    stop: () => {
      shifts.push(...observer.takeRecords().map((e) => (e as unknown as { value: number }).value));
      observer.disconnect();
    },
  };
}

/** Two frames: what changed has been laid out and painted. */
export const frames = () =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
