// web-test-runner launchers for the three engines (scripts/machine/engines.mjs finds them):
// Chromium and Firefox through puppeteer-core (Firefox over WebDriver BiDi),
// WebKit's MiniBrowser through WebKitWebDriver, one page at a time; and the
// server commands that each engine carries out its own way (engineCommands()).
import { chromeLauncher } from '@web/test-runner-chrome';
import { WebdriverLauncher } from '@web/test-runner-webdriver';
import * as puppeteer from 'puppeteer-core';
import { puppeteerOptions, startWebKitDriver } from '../../scripts/machine/engines.mjs';

/** Each page in a window of its own: tabs of one window hide each other, and a hidden page gets no frames. */
async function chromiumPage({ browser }) {
  const browserSession = await browser.target().createCDPSession();
  const { targetId } = await browserSession.send('Target.createTarget', {
    url: 'about:blank',
    newWindow: true,
  });
  await browserSession.detach();
  const target = await browser.waitForTarget((t) => t._targetId === targetId);
  const page = await target.page();
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
  return page;
}

/** WebKit: starts its driver (and Xvfb, xsettingsd) with the run and stops them with it. */
class WebKitLauncher extends WebdriverLauncher {
  concurrency = 1;
  constructor() {
    super({ capabilities: { browserName: 'MiniBrowser' } });
  }
  async initialize(config) {
    this.driverProcess = await startWebKitDriver();
    Object.assign(this.options, {
      hostname: this.driverProcess.hostname,
      port: this.driverProcess.port,
      path: '/',
      // Classic WebDriver: WebKitWebDriver refuses webdriverio's BiDi `webSocketUrl`.
      capabilities: { ...this.driverProcess.capabilities, 'wdio:enforceWebDriverClassic': true },
      logLevel: 'error',
    });
    // One session, one page at a time: MiniBrowser has one window.
    await super.initialize({ ...config, concurrency: 1 });
    this.name = 'WebKit';
  }
  /** Each page starts with a reader who prefers light, whatever the page before asked for. */
  async startSession(id, url) {
    await this.setColorScheme('light');
    return super.startSession(id, url);
  }
  /** The reader's colour scheme: the GTK theme of WebKit's own display (one page at a time). */
  setColorScheme(scheme) {
    return this.driverProcess.setColorScheme(scheme);
  }
  async stop() {
    try {
      await super.stop();
    } finally {
      await this.driverProcess?.stop();
    }
  }
}

export function launcherFor(engine) {
  if (engine === 'chromium')
    return chromeLauncher({
      launchOptions: puppeteerOptions('chromium'),
      createPage: chromiumPage,
    });
  if (engine === 'firefox')
    return chromeLauncher({
      // System access: the reader's colour scheme is set from Firefox's chrome (firefoxColorScheme).
      launchOptions: { ...puppeteerOptions('firefox'), args: ['-remote-allow-system-access'] },
      puppeteer,
      // A window per page, as in Chromium: a background tab gets no frames. (Only the
      // window made last has the focus: a page about to type asks for it, with
      // 'pubnet-focus-window'. Windows are made at the start only: pages are reused.)
      createPage: ({ context }) => context.newPage({ type: 'window' }),
    });
  if (engine === 'webkit') return new WebKitLauncher();
  throw new Error(`Unknown engine "${engine}" (chromium, firefox or webkit)`);
}

/**
 * Firefox: the reader's colour scheme for one page, as its developer tools
 * simulate it: the `prefersColorSchemeOverride` of the page's browsing context,
 * set from the browser's chrome over WebDriver BiDi (Firefox's BiDi has no
 * emulation command for it, and no CDP).
 */
async function firefoxColorScheme(page, scheme) {
  const { connection } = page.browser();
  const tree = await connection.send('browsingContext.getTree', {
    maxDepth: 0,
    'moz:scope': 'chrome',
  });
  const set = (id, value) => {
    /* global ChromeUtils */
    const { NavigableManager } = ChromeUtils.importESModule(
      'chrome://remote/content/shared/NavigableManager.sys.mjs',
    );
    NavigableManager.getBrowsingContextById(id).prefersColorSchemeOverride = value;
  };
  // The page's BiDi context id: puppeteer's frame id is that id.
  const args = [page.mainFrame()._id, scheme].map((arg) => JSON.stringify(arg));
  const { result } = await connection.send('script.evaluate', {
    expression: `(${set})(${args})`,
    target: { context: tree.result.contexts[0].context },
    awaitPromise: false,
  });
  if (result.type != 'success')
    throw new Error(
      `Firefox refused the colour scheme: ${JSON.stringify(result.exceptionDetails)}`,
    );
}

/**
 * Server commands whose every engine has its own way:
 * - `pubnet-color-scheme` `{ scheme: 'light' | 'dark' }`: the reader's
 *   preference (`prefers-color-scheme`) for the calling page. Chromium: CDP's
 *   media emulation; Firefox: firefoxColorScheme(); WebKit: the GTK theme of
 *   its display (WebKitLauncher). The page sees it a moment later (the
 *   media query's `change`). A test sets it back when done: Chromium's and
 *   Firefox's pages are reused (only WebKit's next page starts light again).
 * - `pubnet-focus-window`: the calling page's window to the front, as a
 *   reader's is when they type (Firefox shows focus only in the active
 *   window; Chromium emulates focus for every page; WebKit has one window).
 */
export function engineCommands(engine) {
  return {
    name: 'pubnet-engine-commands',
    async executeCommand({ command, payload, session }) {
      if (command != 'pubnet-color-scheme' && command != 'pubnet-focus-window') return undefined;
      if (command == 'pubnet-color-scheme' && !['light', 'dark'].includes(payload?.scheme))
        throw new Error(`pubnet-color-scheme: scheme is 'light' or 'dark', not ${payload?.scheme}`);
      const launcher = session.browser;
      if (launcher instanceof WebKitLauncher) {
        if (command == 'pubnet-color-scheme') await launcher.setColorScheme(payload.scheme);
        return true;
      }
      const page = launcher.getPage(session.id);
      if (command == 'pubnet-focus-window') await page.bringToFront();
      else if (engine == 'chromium')
        await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: payload.scheme }]);
      else await firefoxColorScheme(page, payload.scheme);
      return true;
    },
  };
}
