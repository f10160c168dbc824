// Reading what the widgets rendered, the way a test of a publisher's page
// would: from outside, through open shadow roots, after their events.
import type { Page, Response } from 'playwright-core';
import type { EnginePage } from './engines.js';

export interface RenderedLink {
  href: string;
  rel: string;
  target: string;
}

export interface RenderedImage {
  src: string;
  alt: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
}

export interface RenderedWidget {
  tag: string;
  state: string | null;
  /** Anchors in the shadow root and, for `<pubnet-offer-link>`, the wrapped ones. */
  links: RenderedLink[];
  images: RenderedImage[];
  /** Texts of `::part(disclosure)`. */
  disclosure: string[];
  frames: { sandbox: string; title: string; srcdoc: string }[];
}

/** Records, from before the first script of every page, the widgets' events. */
export async function recordWidgetEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: { type: string; id: string; detail: string }[] = [];
    (window as unknown as { __pubnetEvents: typeof log }).__pubnetEvents = log;
    for (const type of ['pubnet-load', 'pubnet-error']) {
      document.addEventListener(type, (event) => {
        const { detail } = event as CustomEvent;
        const id = (event.target as Element).id;
        log.push({
          type,
          id,
          detail: type === 'pubnet-load' ? detail.count : String(detail.error),
        });
      });
    }
  });
}

/** Records, from before the first script of every page, its layout shifts (`__shifts`). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recorded so far (`recordLayoutShifts`). */
export const layoutShifts = (page: Page): Promise<number[]> =>
  page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);

export interface WidgetEvent {
  type: 'pubnet-load' | 'pubnet-error';
  id: string;
  detail: number | string;
}

/**
 * Rejects with "Timed out waiting for `what`" unless `promise` settles within
 * `timeout` ms: a limit for a failing test, never a wait for behaviour.
 */
export async function within<T>(what: string, promise: Promise<T>, timeout = 20_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), timeout);
  });
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The page's next rendering step: after it, what the page shows may have
 * changed. (Through `page.evaluate`, no eval in the page: any CSP allows it.)
 */
export const nextFrame = (page: Page): Promise<void> =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

/**
 * Probes from Node until `probe` gives a value, probing again each time
 * `changed()` resolves (something after which the answer may differ, such
 * as `nextFrame(page)`), not after a fixed time.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  changed: () => Promise<unknown>,
  timeout = 20_000,
): Promise<T> {
  let stopped = false;
  const poll = async (): Promise<T> => {
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (stopped) throw new Error(`Stopped waiting for ${what}`);
      await changed();
    }
  };
  try {
    return await within(what, poll(), timeout);
  } finally {
    // After a timeout, the poll ends at its next turn.
    stopped = true;
  }
}

/**
 * Waits for `pubnet-load` of every id; a `pubnet-error` of one of them fails
 * at once, with its message. The page waits for the widgets' events itself,
 * in the record `recordWidgetEvents` keeps (a Playwright page) or, on a page
 * without it, in the one of test/e2e/pages/watch.js (support/watch.ts: any
 * engine's page).
 */
export async function waitForLoads(
  page: Pick<EnginePage, 'evaluate'>,
  ids: string[],
): Promise<Map<string, number>> {
  const outcome = await within(
    `pubnet-load of #${ids.join(', #')}`,
    page.evaluate(async (wanted) => {
      const page = window as unknown as {
        __pubnetEvents?: WidgetEvent[];
        __watch?: { events: WidgetEvent[] };
      };
      // watch.js's record starts with the page's first script, which may not have run yet.
      while (!page.__pubnetEvents && !page.__watch)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const log = page.__pubnetEvents ?? page.__watch!.events;
      for (;;) {
        const failed = log.find((e) => e.type === 'pubnet-error' && wanted.includes(e.id));
        if (failed) return { failed };
        const loads = log.filter((e) => e.type === 'pubnet-load');
        if (wanted.every((id) => loads.some((e) => e.id === id))) return { loads };
        // The next widget event: the record, which listened first, has it by then.
        await new Promise((resolve) => {
          const stop = new AbortController();
          for (const type of ['pubnet-load', 'pubnet-error'])
            document.addEventListener(
              type,
              () => {
                stop.abort();
                resolve(undefined);
              },
              { signal: stop.signal },
            );
        });
      }
    }, ids),
  );
  if ('failed' in outcome)
    throw new Error(`#${outcome.failed!.id} fired pubnet-error: ${outcome.failed!.detail}`);
  return new Map(outcome.loads!.map((e) => [e.id, e.detail as number]));
}

// The callbacks below run in the page: no named inner functions, which tsx
// (esbuild keepNames) would wrap in a helper the page does not have.
export function readWidget(page: Page, selector: string): Promise<RenderedWidget> {
  return page.$eval(selector, (el) => {
    const scopes: ParentNode[] = [
      ...(el.shadowRoot ? [el.shadowRoot] : []),
      ...(el.localName === 'pubnet-offer-link' ? [el] : []),
    ];
    return {
      tag: el.localName,
      state: el.getAttribute('state'),
      links: scopes
        .flatMap((scope) => [...scope.querySelectorAll<HTMLAnchorElement>('a[href]')])
        .map((a) => ({ href: a.getAttribute('href')!, rel: a.rel, target: a.target })),
      images: scopes
        .flatMap((scope) => [...scope.querySelectorAll('img')])
        .map((img) => ({
          src: img.getAttribute('src')!,
          alt: img.getAttribute('alt'),
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
          loading: img.getAttribute('loading'),
        })),
      disclosure: scopes
        .flatMap((scope) => [...scope.querySelectorAll('[part~="disclosure"]')])
        .map((label) => label.textContent!.trim()),
      frames: scopes
        .flatMap((scope) => [...scope.querySelectorAll('iframe')])
        .map((frame) => ({
          sandbox: frame.getAttribute('sandbox') ?? '',
          title: frame.title,
          srcdoc: frame.srcdoc,
        })),
    };
  });
}

/** Click URLs the API gave the page, from the answers of its /api/ calls. */
export class ApiAnswers {
  readonly links = new Set<string>();
  private pending: Promise<void>[] = [];

  constructor(page: Page) {
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/'))
        this.pending.push(this.read(response));
    });
  }

  private async read(response: Response): Promise<void> {
    if (!response.ok()) return;
    const body: unknown = await response.json().catch(() => undefined);
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        // A product's `link`, a `tracking_link`, and the `url` of an ad slot's placed widget.
        const names =
          'item_type' in value ? ['link', 'tracking_link', 'url'] : ['link', 'tracking_link'];
        for (const [name, inner] of Object.entries(value)) {
          if (names.includes(name) && typeof inner === 'string') this.links.add(inner);
          else collect(inner);
        }
      }
    };
    collect(body);
  }

  async settled(): Promise<this> {
    await Promise.all(this.pending);
    return this;
  }
}
