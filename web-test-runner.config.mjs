// Browser tests: real Chromium (found by scripts/find-browser.mjs), TypeScript
// through esbuild, and an emulator per test through server commands.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { chromiumArgs, findBrowser } from './scripts/find-browser.mjs';
import { emulatorPlugin } from './test/support/emulator-plugin.mjs';
import { summaryReporter } from './test/support/summary-reporter.mjs';

export default {
  files: ['test/{client,components,embed,autolink}/**/*.test.ts'],
  nodeResolve: true,
  rootDir: '.',
  concurrency: 2,
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }),
    emulatorPlugin(),
  ],
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: findBrowser(), headless: true, args: chromiumArgs },
      // Each page in a window of its own: tabs of one window hide each other
      // (`visibilitychange`), and a hidden page gets no rendering steps.
      async createPage({ browser }) {
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
      },
    }),
  ],
  testFramework: { config: { timeout: 10000 } },
  // Lit's development build (the one tests load, for its warnings) says so once per page.
  filterBrowserLogs: ({ args }) => !String(args[0]).startsWith('Lit is in dev mode'),
  testsFinishTimeout: 240000,
  reporters: [defaultReporter(), summaryReporter()],
};
