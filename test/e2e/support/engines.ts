// The three browser engines, driven the same way: open a page at a viewport,
// evaluate functions in it, close it. One implementation per mechanism:
// puppeteer-core for Chromium (CDP) and Firefox (WebDriver BiDi), webdriverio
// for WebKit (MiniBrowser through WebKitWebDriver, classic WebDriver: WebKit
// refuses BiDi). All from the machine's own installs (scripts/machine/engines.mjs).
// Each page starts with an empty cache and nothing from the pages before it:
// a browser context of its own (puppeteer), a WebDriver session of its own
// (WebKit). Whatever a test needs to know of a page, the page records itself
// (test/e2e/pages/watch.js): WebKit's driver has no init scripts, no request
// interception and no console, so holds are the site's (site.hold).
// Under npm test the engines are started once for all the files
// (scripts/test/shared-engines.mjs): a file connects to them, and leaves them running.
import { after, before, describe } from 'node:test';
import puppeteer, {
  type Browser as PuppeteerBrowser,
  type BrowserContext,
  type LaunchOptions,
} from 'puppeteer-core';
import { remote } from 'webdriverio';
import { ENGINES, puppeteerOptions, startWebKitDriver } from '../../../scripts/machine/engines.mjs';
import { SHARED_ENGINE_ENV } from '../../../scripts/test/shared-engines.mjs';

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINE_NAMES = ENGINES as EngineName[];

/** How each engine is named in test names and failures. */
export const ENGINE_LABELS: Record<EngineName, string> = {
  chromium: 'Chromium',
  firefox: 'Firefox',
  webkit: 'WebKit',
};

export interface Viewport {
  width: number;
  height: number;
  /** Chromium and Firefox; WebKit's window under Xvfb is always 1. */
  deviceScaleFactor?: number;
  /** A phone's meta viewport and touch (Chromium only; elsewhere a narrow window). */
  isMobile?: boolean;
}

export interface EnginePage {
  /**
   * `fn(arg)` in the page, its result (JSON values only) once its promise
   * settles. `fn` is sent as source: no outer variables, and no named inner
   * functions (tsx would wrap them in a helper the page does not have).
   */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<Awaited<R>>;
  /** The console's errors so far (Chromium, Firefox); `undefined` where it cannot be read (WebKit). */
  readonly consoleErrors: string[] | undefined;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  /** `label` (Chromium, Firefox, WebKit), for messages. */
  readonly label: string;
  /**
   * A new page at `viewport` (default 1280×800), navigating to `url`: given
   * once the page's document is `url`'s, which may still be loading (a held
   * stylesheet may keep it from DOMContentLoaded).
   */
  open(url: string, viewport?: Viewport): Promise<EnginePage>;
  close(): Promise<void>;
}

const DEFAULT_VIEWPORT: Viewport = { width: 1280, height: 800 };

export function launchEngine(name: EngineName): Promise<Engine> {
  return name == 'webkit' ? launchWebKit() : launchPuppeteer(name);
}

async function launchPuppeteer(name: 'chromium' | 'firefox'): Promise<Engine> {
  const shared = process.env[SHARED_ENGINE_ENV[name]];
  const browser: PuppeteerBrowser = shared
    ? await puppeteer.connect({
        browserWSEndpoint: shared,
        protocol: name == 'firefox' ? 'webDriverBiDi' : 'cdp',
        networkEnabled: false,
      })
    : await puppeteer.launch(puppeteerOptions(name) as LaunchOptions);
  /** The contexts still open: a shared browser outlives the file, and must not keep them. */
  const contexts = new Set<BrowserContext>();
  return {
    name,
    label: ENGINE_LABELS[name],
    async open(url, viewport = DEFAULT_VIEWPORT) {
      const context = await browser.createBrowserContext();
      contexts.add(context);
      try {
        const page = await context.newPage();
        const consoleErrors: string[] = [];
        page.on('console', (message) => {
          if (message.type() == 'error') consoleErrors.push(message.text());
        });
        const { width, height, deviceScaleFactor = 1, isMobile = false } = viewport;
        await page.setViewport({
          width,
          height,
          deviceScaleFactor,
          // Firefox over BiDi has no mobile emulation: a narrow window instead.
          ...(name == 'chromium' && { isMobile, hasTouch: isMobile }),
        });
        // Not awaited: a held resource may keep the page from any load event.
        page.goto(url, { waitUntil: 'load', timeout: 0 }).catch(() => {});
        await committed(url, () => page.evaluate(() => location.href));
        return {
          consoleErrors,
          evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
          close: () => closeContext(context),
        };
      } catch (error) {
        await closeContext(context).catch(() => {});
        throw error;
      }
    },
    async close() {
      if (!shared) return browser.close();
      await Promise.allSettled([...contexts].map(closeContext));
      await browser.disconnect();
    },
  };

  async function closeContext(context: BrowserContext) {
    contexts.delete(context);
    await context.close();
  }
}

async function launchWebKit(): Promise<Engine> {
  const shared = process.env[SHARED_ENGINE_ENV.webkit];
  const driver: Pick<Awaited<ReturnType<typeof startWebKitDriver>>, 'hostname' | 'port'> & {
    capabilities: object;
    stop(): Promise<unknown>;
  } = shared ? { ...JSON.parse(shared), stop: async () => {} } : await startWebKitDriver();
  const sessions = new Set<WebdriverIO.Browser>();
  return {
    name: 'webkit',
    label: ENGINE_LABELS.webkit,
    async open(url, viewport = DEFAULT_VIEWPORT) {
      // A session is a MiniBrowser of its own: an empty cache for each page.
      const browser = await remote({
        hostname: driver.hostname,
        port: driver.port,
        path: '/',
        logLevel: 'error',
        capabilities: {
          ...driver.capabilities,
          // `url` returns at once: a held resource may keep the page from any load event.
          pageLoadStrategy: 'none',
          'wdio:enforceWebDriverClassic': true,
        },
      });
      sessions.add(browser);
      const close = async () => {
        sessions.delete(browser);
        await browser.deleteSession().catch(() => {});
      };
      try {
        await sizeWindow(browser, viewport);
        await browser.url(url);
        await committed(url, () => browser.execute(() => location.href));
        return {
          consoleErrors: undefined,
          evaluate: (fn, arg) => browser.execute(fn as never, arg) as never,
          close,
        };
      } catch (error) {
        await close();
        throw error;
      }
    },
    async close() {
      try {
        await Promise.allSettled([...sessions].map((browser) => browser.deleteSession()));
      } finally {
        await driver.stop();
      }
    },
  };
}

/** Resolves once `href()` of the page is `url` (its document, not the one before). */
async function committed(url: string, href: () => Promise<string>) {
  const expected = new URL(url).href;
  for (let tries = 0; tries < 400; tries++) {
    // Between documents there may be no context to evaluate in: then it is not there yet.
    if ((await href().catch(() => '')) == expected) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`The page did not navigate to ${url} within 10 s`);
}

/**
 * The window sized so that its viewport is `width`×`height`: the window's own
 * bars are measured and added, until the viewport is that size (a window
 * manager may take a moment). MiniBrowser's window is at least 447px wide:
 * a narrower viewport stays at that.
 */
async function sizeWindow(browser: WebdriverIO.Browser, { width, height }: Viewport) {
  let [outerWidth, outerHeight] = [width, height];
  for (let tries = 0; tries < 10; tries++) {
    await browser.setWindowSize(outerWidth, outerHeight);
    const [innerWidth, innerHeight]: number[] = await browser.execute(() => [
      window.innerWidth,
      window.innerHeight,
    ]);
    if (innerHeight == height && (innerWidth == width || (innerWidth! > width && width < 447)))
      return;
    outerWidth += width - innerWidth!;
    outerHeight += height - innerHeight!;
  }
  throw new Error(`WebKit's viewport is not ${width}×${height}`);
}

/** An engine for the tests of one `describe`: its name now, launched before them, closed after. */
export interface EngineHandle extends Engine {
  /** Whether the engine has a Layout Instability API (`layout-shift` entries): Chromium. */
  readonly reportsShifts: boolean;
}

/**
 * Runs `suite` once per engine, each in a `describe` named after its engine
 * (its tests name it too, through `engine.label`), with the engine launched
 * before its tests and closed after them.
 */
export function forEachEngine(
  suite: (engine: EngineHandle) => void,
  names: readonly EngineName[] = ENGINE_NAMES,
): void {
  for (const name of names)
    describe(ENGINE_LABELS[name], () => {
      let launched: Engine | undefined;
      before(async () => {
        launched = await launchEngine(name);
      });
      after(() => launched?.close());
      suite({
        name,
        label: ENGINE_LABELS[name],
        reportsShifts: name == 'chromium',
        open(url, viewport) {
          if (!launched) throw new Error(`${ENGINE_LABELS[name]} did not start`);
          return launched.open(url, viewport);
        },
        close: async () => {},
      });
    });
}
