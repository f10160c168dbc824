// Reading what the widgets rendered, the way a test of a publisher's page
// would: from outside, through open shadow roots, after their events.
import type { Page, Response } from 'playwright-core';

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

export interface WidgetEvent {
  type: 'pubnet-load' | 'pubnet-error';
  id: string;
  detail: number | string;
}

/** Polls from Node (no eval in the page, so it works under any CSP). */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeout = 20_000,
): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits for `pubnet-load` of every id; a `pubnet-error` of one of them fails
 * at once, with its message.
 */
export async function waitForLoads(page: Page, ids: string[]): Promise<Map<string, number>> {
  return until(`pubnet-load of #${ids.join(', #')}`, async () => {
    const events = await page.evaluate(
      () => (window as unknown as { __pubnetEvents: WidgetEvent[] }).__pubnetEvents,
    );
    const failed = events.find((e) => e.type === 'pubnet-error' && ids.includes(e.id));
    if (failed) throw new Error(`#${failed.id} fired pubnet-error: ${failed.detail}`);
    const loads = new Map(
      events.filter((e) => e.type === 'pubnet-load').map((e) => [e.id, e.detail as number]),
    );
    return ids.every((id) => loads.has(id)) && loads;
  });
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
