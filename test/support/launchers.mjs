// web-test-runner launchers for the three engines (scripts/engines.mjs finds them):
// Chromium and Firefox through puppeteer-core (Firefox over WebDriver BiDi),
// WebKit's MiniBrowser through WebKitWebDriver, one page at a time.
import { chromeLauncher } from '@web/test-runner-chrome';
import { WebdriverLauncher } from '@web/test-runner-webdriver';
import * as puppeteer from 'puppeteer-core';
import { puppeteerOptions, startWebKitDriver } from '../../scripts/engines.mjs';

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

/** WebKit: starts its driver (and Xvfb) with the run and stops them with it. */
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
      launchOptions: puppeteerOptions('firefox'),
      puppeteer,
      // A window per page, as in Chromium: a background tab gets no frames.
      createPage: ({ context }) => context.newPage({ type: 'window' }),
    });
  if (engine === 'webkit') return new WebKitLauncher();
  throw new Error(`Unknown engine "${engine}" (chromium, firefox or webkit)`);
}
