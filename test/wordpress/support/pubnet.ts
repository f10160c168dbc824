// What the plugin tests run against: the emulator of the API (in-process, from
// the build) with a token of its own, a TS proxy whose /render/ routes are the
// plugin's "Render endpoint", the built plugin zip, and a reader of the pages
// WordPress serves (raw HTML, the browser's requests, the widgets' outcome).
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { known, startEmulator } from '../../../dist/emulator/index.js';
import { serve } from '../../../src/node-adapter/serve.js';
import { createProxy } from '../../../src/proxy/index.js';
import { within } from '../../e2e/support/widgets.js';
import { raw, type Raw } from '../../support/raw-http.js';
import { phpString, type WordPress } from './wordpress.js';

export { known };

/** The two themes every page test runs under: a block theme and a classic one. */
export const THEMES = ['twentytwentythree', 'twentytwentyone'] as const;
/** The built-in proxy's path, as the widgets' `api`. */
export const PROXY_PATH = '/wp-json/pubnet/v1/api';

/**
 * Makes the site's language Polish. WordPress takes only a language it has files for; an
 * empty core catalogue is enough for its name (removed with the site).
 */
export async function speakPolish(wp: WordPress): Promise<void> {
  await mkdir(join(wp.contentDir, 'languages'), { recursive: true });
  await writeFile(join(wp.contentDir, 'languages', 'pl_PL.mo'), '');
  await wp.php(`update_option('WPLANG', 'pl_PL');`);
}

/** An offer of the payday-loans page, as the emulator answers it. */
export interface AnsweredLoan {
  domain: string;
  title: string;
  tracking_link: string;
  loan_simulation?: string;
}

/** The emulator's payday-loans page for `website` (a public token page), by lender domain. */
export async function paydayLoansPage(api: string, website: string) {
  const answer = await fetch(new URL(`/publisher/payday-loans/${website}`, api));
  if (answer.status != 200) throw new Error(`the payday-loans page: ${answer.status}`);
  const offers = (await answer.json()) as AnsweredLoan[];
  return new Map(offers.map((offer) => [offer.domain, offer]));
}

/**
 * The token of the test: long, unusual, with characters that URL-encoding,
 * JSON (`\/`) and base64 each write differently, so a leak in any form is found.
 */
export const TOKEN = 'tok-WP+Test/7c1e=9a4f2b';

/** Every form in which the token must appear nowhere. */
export const tokenForms = (token = TOKEN) => [
  token,
  encodeURIComponent(token),
  JSON.stringify(token).slice(1, -1).replace(/\//g, '\\/'),
  Buffer.from(token).toString('base64'),
  Buffer.from(token).toString('base64url'),
  Buffer.from(`Token ${token}`).toString('base64'),
];

/** Which form of the token `text` holds, if any. */
export const leakIn = (text: string) => tokenForms().find((form) => text.includes(form));

/** The build's zip; PUBNET_WORDPRESS_ZIP names another one (a plugin being written). */
export const PLUGIN_ZIP =
  process.env.PUBNET_WORDPRESS_ZIP ??
  fileURLToPath(new URL('../../../dist/wordpress/pubnet-widgets.zip', import.meta.url));
export const PLUGIN_FILE = 'pubnet-widgets/pubnet-widgets.php';

/** The built plugin, or one line saying how to get it. */
export function pluginZip(): string {
  if (!existsSync(PLUGIN_ZIP))
    throw new Error(`${PLUGIN_ZIP} is missing: run \`npm run build\` first`);
  return PLUGIN_ZIP;
}

/**
 * Saves the plugin's settings in `wp` directly, over the ones it has (the settings page has
 * its own tests).
 */
export const saveSettings = (wp: WordPress, values: Record<string, unknown>) =>
  wp.php(
    `$old = get_option('pubnet_widgets_settings') ?: array();` +
      `update_option('pubnet_widgets_settings', array_merge($old, json_decode(${phpString(JSON.stringify(values))}, true)));`,
  );

export type Api = Awaited<ReturnType<typeof startEmulator>>;

export const startApi = () => startEmulator({ port: 0, host: '127.0.0.1', token: TOKEN });

/** A TS proxy in front of `upstream` (render routes included); the URLs it was asked. */
export async function startRenderProxy(upstream: string) {
  const websites = [known.website.guid, known.websites.secondActive.guid];
  const handler = createProxy({ token: TOKEN, upstream, websites, rateLimit: false });
  const asked: string[] = [];
  const server = await serve(
    (request, info) => {
      asked.push(request.url);
      return handler(request, info);
    },
    { port: 0, host: '127.0.0.1' },
  );
  return { url: server.url.replace(/\/?$/, '/'), asked, close: () => server.close() };
}

/**
 * A raw HTTP request (its path sent exactly as given: no `..` resolved, no re-encoding), with
 * `body` as JSON when given.
 */
export function rawRequest(
  url: string,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<Raw> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = data
    ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) }
    : {};
  return raw(url, method, path, headers, data);
}

export interface WidgetSummary {
  tag: string;
  state: string | null;
  attributes: Record<string, string>;
  links: { href: string; rel: string; target: string }[];
  loaded: boolean;
}

export interface Visit {
  status: number;
  /** The page source as the server sent it. */
  html: string;
  /** Every request the browser made while loading it (method and URL). */
  requests: { method: string; url: string }[];
  /** The status of every answer the browser got while loading it. */
  responses: { url: string; status: number }[];
  widgets: WidgetSummary[];
  consoleErrors: string[];
}

/**
 * Records the widgets' events from before the first script of every page.
 * In-page code is plain JavaScript text: tsx would wrap named functions in a
 * helper the page does not have.
 */
export const recordWidgets = (page: Page) =>
  page.addInitScript(`
    window.__pubnet = [];
    for (const type of ['pubnet-load', 'pubnet-error'])
      document.addEventListener(type, (event) =>
        window.__pubnet.push({ type, el: event.target, detail: String(event.detail && (event.detail.error || event.detail.count)) }));
  `);

const WIDGETS =
  'pubnet-adslot, pubnet-product-grid, pubnet-offer-link, pubnet-price-comparison, pubnet-loan-offers';

/**
 * Resolves once every widget of the page fired pubnet-load (or one fired
 * pubnet-error), scrolling to each in turn as a reader would.
 */
const WAIT_FOR_WIDGETS = `(async () => {
  const log = window.__pubnet;
  for (;;) {
    const elements = [...document.querySelectorAll('${WIDGETS}')];
    const failed = log.find((e) => e.type === 'pubnet-error');
    const done = elements.every((el) => log.some((e) => e.el === el && e.type === 'pubnet-load'));
    if (failed || done || elements.length === 0)
      return elements.map((el) => {
        const scopes = [...(el.shadowRoot ? [el.shadowRoot] : []), ...(el.localName === 'pubnet-offer-link' ? [el] : [])];
        const error = log.find((e) => e.el === el && e.type === 'pubnet-error');
        return {
          tag: el.localName,
          state: el.getAttribute('state'),
          attributes: Object.fromEntries([...el.attributes].filter((a) => a.name !== 'data-answer').map((a) => [a.name, a.value])),
          links: scopes.flatMap((s) => [...s.querySelectorAll('a[href]')]).map((a) => ({ href: a.getAttribute('href'), rel: a.rel, target: a.target })),
          loaded: log.some((e) => e.el === el && e.type === 'pubnet-load'),
          error: error ? error.detail : undefined,
        };
      });
    // Widgets load when near the viewport: the first one still waiting is scrolled to.
    const waiting = elements.find((el) => !log.some((e) => e.el === el));
    if (waiting) waiting.scrollIntoView({ block: 'center' });
    await new Promise((resolve) => {
      const stop = new AbortController();
      for (const type of ['pubnet-load', 'pubnet-error'])
        document.addEventListener(type, () => { stop.abort(); resolve(); }, { signal: stop.signal });
    });
  }
})()`;

/** Loads `url` in `page`; waits for its widgets' events (a limit, not a wait: 15 s). */
export async function visit(page: Page, url: string): Promise<Visit> {
  const requests: Visit['requests'] = [];
  const consoleErrors: string[] = [];
  const responses: Visit['responses'] = [];
  const onResponse = (r: { url(): string; status(): number }) =>
    responses.push({ url: r.url(), status: r.status() });
  const onRequest = (r: { method(): string; url(): string }) =>
    requests.push({ method: r.method(), url: r.url() });
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  page.on('console', onConsole);
  try {
    const response = await page.goto(url);
    if (!response) throw new Error(`no answer for ${url}`);
    const html = await response.text();
    const widgets = await within(
      `the widgets of ${url} (pubnet-load of each)`,
      page.evaluate(WAIT_FOR_WIDGETS) as Promise<WidgetSummary[]>,
      15_000,
    ).catch(async (error: Error) => {
      // Which ones are still waiting, and in which state.
      const states = await page
        .evaluate(
          `[...document.querySelectorAll('${WIDGETS}')].map((el) => el.localName + '[state=' + el.getAttribute('state') + ']' + (window.__pubnet.some((e) => e.el === el) ? ' done' : ' waiting')).join(', ')`,
        )
        .catch(() => '?');
      throw new Error(
        `${error.message}: ${String(states)}; console errors: ${consoleErrors.join(' | ')}`,
      );
    });
    return { status: response.status(), html, requests, responses, widgets, consoleErrors };
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
    page.off('console', onConsole);
  }
}

/** `<tag …>` start tags of `html` whose text matches `re`. */
export const startTags = (html: string, tag: string) =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'gi'))].map((m) => ({
    text: m[0],
    index: m.index!,
  }));

/** An attribute of a start tag (`undefined` when absent). */
export function attribute(tag: string, name: string): string | undefined {
  const m = tag.match(new RegExp(`\\s${name}(?:=(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, 'i'));
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : undefined;
}

/** A short excerpt of `html` around `index`, for failure messages. */
export const excerpt = (html: string, index: number, size = 300) =>
  JSON.stringify(html.slice(Math.max(0, index - size / 2), index + size / 2));
