// The system Chromium (never a downloaded build) through playwright-core, and a
// page that records everything that went wrong on it.
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs, findBrowser } from '../../../scripts/machine/find-browser.mjs';
import { SHARED_ENGINE_ENV } from '../../../scripts/test/shared-engines.mjs';

/**
 * A Chromium for one test file: under npm test the one started for all the files
 * (scripts/test/shared-engines.mjs), connected to, which `close()` leaves running once it has
 * closed the contexts the file made; else one of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_ENGINE_ENV.chromium];
  if (shared) return chromium.connectOverCDP(shared);
  return chromium.launch({ executablePath: findBrowser(), args: chromiumArgs, headless: true });
}

/** What went wrong on a page: uncaught errors, console errors, CSP violations. */
export interface PageProblems {
  pageErrors: string[];
  consoleErrors: string[];
  consoleWarnings: string[];
  /** Console messages of the creatives' sandboxed frames. */
  creativeMessages: string[];
  /** `securitypolicyviolation` events of the page (not of sandboxed creative frames). */
  violations(): Promise<string[]>;
}

/**
 * Listens before any script of the page runs: the listener is injected by the
 * browser, so it needs no inline script (which a strict CSP would block).
 */
export async function watchPage(page: Page): Promise<PageProblems> {
  const problems = {
    pageErrors: [] as string[],
    consoleErrors: [] as string[],
    consoleWarnings: [] as string[],
    creativeMessages: [] as string[],
    violations: () =>
      page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
  };
  page.on('pageerror', (error) => problems.pageErrors.push(String(error)));
  page.on('console', (message) => {
    // Creatives run in sandboxed srcdoc frames: what the sandbox blocks there is kept apart.
    const list =
      message.location().url === 'about:srcdoc'
        ? problems.creativeMessages
        : message.type() === 'error'
          ? problems.consoleErrors
          : message.type() === 'warning'
            ? problems.consoleWarnings
            : undefined;
    list?.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener(
      'securitypolicyviolation',
      (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
      true,
    );
  });
  return problems;
}
