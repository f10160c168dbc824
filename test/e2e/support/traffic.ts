// Everything a page got to see, for tests that something (the API token) never reached it:
// every request it made and every response it got, headers and bodies, and, on demand, the
// HTML of each frame's light DOM and of every shadow root in it.
import type { Page, Request, Response } from 'playwright-core';

/** One thing the page saw: where (for the failure message) and its whole text. */
export interface Seen {
  where: string;
  text: string;
}

const lines = (headers: Record<string, string>) =>
  Object.entries(headers).map(([name, value]) => `${name}: ${value}`);

/** Records, from before the page's first request, its network traffic. */
export class Traffic {
  readonly seen: Seen[] = [];
  private pending: Promise<void>[] = [];

  constructor(page: Page) {
    page.on('request', (request) => this.pending.push(this.request(request)));
    page.on('response', (response) => this.pending.push(this.response(response)));
  }

  private async request(request: Request): Promise<void> {
    const body = request.postDataBuffer();
    this.seen.push({
      where: `request ${request.method()} ${request.url()}`,
      text: [
        request.url(),
        ...lines(await request.allHeaders()),
        '',
        body ? body.toString('latin1') : '',
      ].join('\n'),
    });
  }

  private async response(response: Response): Promise<void> {
    // Bytes as they came (latin1 keeps each byte): images and scripts are read too.
    // A redirect has no body to read; its headers (Location) still count.
    const body = await response.body().then(
      (bytes) => bytes.toString('latin1'),
      () => '',
    );
    this.seen.push({
      where: `response ${response.status()} ${response.url()}`,
      text: [
        `${response.status()} ${response.statusText()}`,
        response.url(),
        ...lines(await response.allHeaders()),
        '',
        body,
      ].join('\n'),
    });
  }

  /** Resolves once every request and response so far has been read. */
  async settled(): Promise<Seen[]> {
    while (this.pending.length) await Promise.all(this.pending.splice(0));
    return this.seen;
  }
}

/**
 * The HTML of every frame of the page (creatives' sandboxed frames too): its light DOM,
 * and every shadow root in it (nested ones included), each apart; with its storage and
 * cookies where the frame may read them.
 */
export async function domTexts(page: Page): Promise<Seen[]> {
  const seen: Seen[] = [];
  for (const frame of page.frames()) {
    // (No named inner functions: the callback runs in the page, without tsx's helpers.)
    const texts = await frame.evaluate(() => {
      // Serialized as markup (attributes included), read without innerHTML.
      const markup = new XMLSerializer();
      const found = [{ where: 'light DOM', text: markup.serializeToString(document) }];
      const scopes: ParentNode[] = [document];
      while (scopes.length) {
        for (const element of scopes.pop()!.querySelectorAll('*')) {
          if (!element.shadowRoot) continue;
          const host = element.id ? `${element.localName}#${element.id}` : element.localName;
          found.push({
            where: `shadow root of <${host}>`,
            text: markup.serializeToString(element.shadowRoot),
          });
          scopes.push(element.shadowRoot);
        }
      }
      try {
        const stored = [localStorage, sessionStorage].flatMap((storage) =>
          Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`),
        );
        found.push({ where: 'cookies and storage', text: [document.cookie, ...stored].join('\n') });
      } catch {
        // An opaque-origin (sandboxed) frame has no storage to read.
      }
      return found;
    });
    for (const { where, text } of texts) seen.push({ where: `${frame.url()}: ${where}`, text });
  }
  return seen;
}
