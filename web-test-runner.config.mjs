// Browser tests in one engine ($PUBNET_ENGINE: chromium, the default, firefox or
// webkit; scripts/test.mjs runs all three), TypeScript through esbuild, and an
// emulator per test through server commands.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { engineCommands, launcherFor } from './test/support/launchers.mjs';
import { emulatorPlugin } from './test/support/emulator-plugin.mjs';
import { summaryReporter } from './test/support/summary-reporter.mjs';

const engine = process.env.PUBNET_ENGINE ?? 'chromium';

export default {
  files: ['test/{client,components,embed,autolink,intext}/**/*.test.ts'],
  nodeResolve: true,
  rootDir: '.',
  concurrency: 2,
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }),
    emulatorPlugin(),
    engineCommands(engine),
  ],
  browsers: [launcherFor(engine)],
  // Mocha's timeout only guards against a hang: no test waits on time. At 10 s it was what
  // failed on a loaded machine ("every route answers the client": 125 calls one by one).
  testFramework: { config: { timeout: 30000 } },
  // Lit's development build (the one tests load, for its warnings) says so once per page.
  filterBrowserLogs: ({ args }) => !String(args[0]).startsWith('Lit is in dev mode'),
  testsFinishTimeout: 240000,
  reporters: [defaultReporter(), summaryReporter()],
};
