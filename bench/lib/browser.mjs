// Chromium through playwright-core: the machine's own browser (never a
// download), loopback only.
import { chromiumArgs, findBrowser } from '../../scripts/machine/find-browser.mjs';

/**
 * Launches headless Chromium. Every host name but 127.0.0.1 fails to resolve
 * at once, so a page that tried the internet would fail fast, not hang.
 */
export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: findBrowser(),
    args: [...chromiumArgs, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  });
}

/** Runs `use(page, context)` in a fresh context (cold caches), closed afterwards. */
export async function withPage(browser, use) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    return await use(page, context);
  } finally {
    await context.close();
  }
}

/**
 * Waits until the page's recorder (pages/recorder.js) has seen `count`
 * `pubnet-load`/`pubnet-error` events, and returns them. A `pubnet-error`
 * fails the run: a figure is only worth something when the widgets worked.
 */
export async function waitForWidgets(page, count, { timeout = 15_000, errorsOk = false } = {}) {
  try {
    await page.waitForFunction((n) => window.__bench?.events.length >= n, count, {
      timeout,
      polling: 20,
    });
  } catch {
    const seen = await page.evaluate(() => window.__bench?.events ?? null).catch(() => null);
    if (!seen) throw new Error('the bench recorder did not run (page or bundle missing?)');
    throw new Error(
      `only ${seen.length} of ${count} widgets finished within ${timeout / 1000} s` +
        (seen.length ? `: ${describe(seen)}` : ' (is dist/cdn/pubnet.min.js working?)'),
    );
  }
  const events = await page.evaluate(() => window.__bench.events);
  const errors = events.filter((e) => e.type === 'pubnet-error');
  if (errors.length && !errorsOk) throw new Error(`pubnet-error: ${describe(errors)}`);
  return events;
}

const describe = (events) =>
  [...new Set(events.map((e) => `${e.tag} ${e.type}${e.error ? ` (${e.error})` : ''}`))].join('; ');

/** A CDP session for `page` (heap, GC), detached by the caller. */
export const cdp = (page) => page.context().newCDPSession(page);
