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
    }),
  ],
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 240000,
  reporters: [defaultReporter(), summaryReporter()],
};
