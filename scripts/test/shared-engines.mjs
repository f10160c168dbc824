// `node scripts/test/shared-engines.mjs <command> [args…]`: runs the command with one Chromium,
// one Firefox and one WebKitWebDriver (with its display) started for it, and stops them
// once it ends, with its exit status. npm test runs the Node test files that drive browsers
// this way: each file connects to the engines (test/e2e/support/engines.ts, browser.ts)
// instead of launching its own, and each page still gets a browser context (or a WebDriver
// session) of its own, with an empty cache. Launching costs more than most files' pages: a
// Firefox with a new profile took 8 s of CPU, a Chromium 3 s, a WebKitWebDriver 2 s, and a
// run launched them about thirty times. The files must run one at a time (Firefox takes one
// WebDriver BiDi session at a time).
import { spawn } from 'node:child_process';
import puppeteer from 'puppeteer-core';
import { puppeteerOptions, startWebKitDriver } from '../machine/engines.mjs';

/** The variable that gives each engine's endpoint to the command's processes. */
export const SHARED_ENGINE_ENV = {
  chromium: 'PUBNET_SHARED_CHROMIUM',
  firefox: 'PUBNET_SHARED_FIREFOX',
  webkit: 'PUBNET_SHARED_WEBKIT',
};

/** A browser puppeteer launched, left running without puppeteer's session on it. */
async function launchDetached(engine) {
  const browser = await puppeteer.launch(puppeteerOptions(engine));
  const endpoint = browser.wsEndpoint();
  const child = browser.process();
  // Firefox takes one BiDi session at a time: the files' sessions come after this one.
  await browser.disconnect();
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { endpoint, stop };
}

/** Starts the three engines; `env` names their endpoints, `stop()` ends them all. */
export async function startSharedEngines() {
  const started = await Promise.allSettled([
    launchDetached('chromium'),
    launchDetached('firefox'),
    startWebKitDriver(),
  ]);
  const stop = () =>
    Promise.all(started.map((it) => (it.status == 'fulfilled' ? it.value.stop() : undefined)));
  const failed = started.find((it) => it.status == 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const [chromium, firefox, webkit] = started.map((it) => it.value);
  const { hostname, port, capabilities } = webkit;
  return {
    env: {
      [SHARED_ENGINE_ENV.chromium]: chromium.endpoint,
      [SHARED_ENGINE_ENV.firefox]: firefox.endpoint,
      [SHARED_ENGINE_ENV.webkit]: JSON.stringify({ hostname, port, capabilities }),
    },
    stop,
  };
}

if (import.meta.filename == process.argv[1]) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/test/shared-engines.mjs <command> [args…]');
    process.exit(2);
  }
  const engines = await startSharedEngines();
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...engines.env } });
  const status = await new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? 128 + (signal == 'SIGKILL' ? 9 : 15)));
  });
  await engines.stop();
  process.exit(status);
}
