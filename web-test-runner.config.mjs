// Browser tests: real Chromium (found by scripts/find-browser.mjs), TypeScript
// through esbuild, and an emulator per test through server commands.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { chromiumArgs, findBrowser } from './scripts/find-browser.mjs';
import { emulatorPlugin } from './test/support/emulator-plugin.mjs';
import { summaryReporter } from './test/support/summary-reporter.mjs';

export default {
  files: ['test/{client,components,embed}/**/*.test.ts'],
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
      // With two test pages at once, headless Chromium hides one of them, and a
      // hidden page never runs IntersectionObserver or requestAnimationFrame
      // callbacks; focus emulation keeps every page visible.
      async createPage({ context }) {
        const page = await context.newPage();
        const cdp = await page.createCDPSession();
        await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
        return page;
      },
    }),
  ],
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 240000,
  reporters: [defaultReporter(), summaryReporter()],
};
