// What each e2e test file opens once: the site and one browser. Whatever
// started is closed again when the rest fails, so a failing setup (no build,
// no browser) ends the test run instead of leaving Chromium or a server up.
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startSite, type Site } from './site.js';

export interface Session {
  browser: Browser;
  site: Site;
  close(): Promise<void>;
}

export async function openSession(): Promise<Session> {
  const site = await startSite(); // fails first, and at once, without a build
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await site.close();
    throw error;
  }
  return {
    browser,
    site,
    async close() {
      await Promise.allSettled([browser.close(), site.close()]);
    },
  };
}

/**
 * The usual set-up of an e2e file: a session opened before its tests and
 * closed after them. Its `browser` and `site` are there once the tests run.
 */
export function useSession(): { readonly browser: Browser; readonly site: Site } {
  let session: Session | undefined;
  before(async () => {
    session = await openSession();
  });
  after(() => session?.close());
  return {
    get browser() {
      return session!.browser;
    },
    get site() {
      return session!.site;
    },
  };
}
