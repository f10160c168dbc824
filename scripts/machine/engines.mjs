// The three browser engines the tests run in, from the machine's own installs
// (never a downloaded build): Chromium (scripts/machine/find-browser.mjs), Firefox
// (stock Firefox ESR, driven by puppeteer-core over WebDriver BiDi) and WebKit
// (WebKitGTK's MiniBrowser, driven by WebKitWebDriver under a private Xvfb,
// whose GTK theme xsettingsd sets: how WebKit is told the reader prefers dark).
// scripts/machine/system.mjs installs what is missing; this file only finds and starts.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { chromiumArgs, findBrowser } from './find-browser.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

const FIREFOX = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];
const WEBKIT_DRIVER = ['/usr/bin/WebKitWebDriver'];
const MINIBROWSER = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.0/MiniBrowser',
];
const XVFB = ['/usr/bin/Xvfb'];
const XSETTINGSD = ['/usr/bin/xsettingsd'];

const first = (paths) => paths.find((path) => existsSync(path));

function fromEnv(name, fallback) {
  const path = process.env[name];
  if (!path) return first(fallback);
  if (existsSync(path)) return path;
  throw new Error(`${name} is set to ${path}, but no file is there.`);
}

/** Firefox's executable: $FIREFOX_PATH, then Debian's firefox-esr, then firefox. */
export const findFirefox = () => fromEnv('FIREFOX_PATH', FIREFOX);

/** WebKitWebDriver and the MiniBrowser it drives ($WEBKIT_DRIVER_PATH, $MINIBROWSER_PATH). */
export function findWebKit() {
  const driver = fromEnv('WEBKIT_DRIVER_PATH', WEBKIT_DRIVER);
  const binary = fromEnv('MINIBROWSER_PATH', MINIBROWSER);
  return driver && binary ? { driver, binary } : undefined;
}

/**
 * Whether WebKit needs a private display: on Linux, always. The reader's
 * colour scheme it is told (the GTK theme, through XSETTINGS) is the
 * display's, so the tests never take the user's own.
 */
export const needsDisplay = () => process.platform === 'linux';
export const findXvfb = () => first(XVFB);
export const findXsettingsd = () => first(XSETTINGSD);

/** The Debian package that brings each part, for scripts/machine/system.mjs. */
export const ENGINE_PARTS = {
  chromium: [
    { what: 'Chromium', package: 'chromium', recommends: true, present: () => hasChromium() },
  ],
  firefox: [
    { what: 'Firefox', package: 'firefox-esr', recommends: true, present: () => !!findFirefox() },
  ],
  webkit: [
    {
      what: 'WebKitWebDriver',
      package: 'webkit2gtk-driver',
      recommends: true,
      present: () => !!findWebKit(),
    },
    { what: 'Xvfb', package: 'xvfb', present: () => !needsDisplay() || !!findXvfb() },
    {
      what: 'xsettingsd',
      package: 'xsettingsd',
      present: () => !needsDisplay() || !!findXsettingsd(),
    },
  ],
};

function hasChromium() {
  try {
    return !!findBrowser({ install: false });
  } catch {
    return false;
  }
}

/**
 * puppeteer-core's launch options for Chromium or Firefox. `networkEnabled: false`: no test
 * reads requests through puppeteer (those that do use Playwright), and with it on, Firefox's
 * parent process turns every request of every page (hundreds of modules a test file) into
 * WebDriver BiDi events in its main thread: web-test-runner's Firefox run took 142 s of CPU
 * with it, 89 s without; Chromium's 111 s and 94 s.
 */
export function puppeteerOptions(engine) {
  if (engine === 'chromium')
    return {
      browser: 'chrome',
      executablePath: findBrowser(),
      headless: true,
      args: chromiumArgs,
      networkEnabled: false,
    };
  if (engine === 'firefox') {
    const executablePath = findFirefox();
    if (!executablePath)
      throw new Error(
        'No Firefox found: install one (Debian/Ubuntu: apt-get install firefox-esr) or set FIREFOX_PATH.',
      );
    return {
      browser: 'firefox',
      executablePath,
      headless: true,
      networkEnabled: false,
      // Quiet on a closed network: no updates, telemetry or remote settings.
      extraPrefsFirefox: {
        'app.update.enabled': false,
        'browser.shell.checkDefaultBrowser': false,
        'datareporting.policy.dataSubmissionEnabled': false,
        'toolkit.telemetry.enabled': false,
        'network.captive-portal-service.enabled': false,
        'network.connectivity-service.enabled': false,
        'browser.safebrowsing.malware.enabled': false,
        'browser.safebrowsing.phishing.enabled': false,
        'extensions.update.enabled': false,
        'services.settings.server': 'http://127.0.0.1:9/',
      },
    };
  }
  throw new Error(`puppeteer drives chromium and firefox, not ${engine}`);
}

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts `command` and resolves once `ready(output)` is true for what it printed. */
function startProcess(command, args, { env, ready, what }) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      const value = ready(output);
      if (value !== undefined && value !== false) {
        child.stdout.off('data', onData);
        child.stderr.off('data', onData);
        // Keep draining, so a chatty process never blocks on a full pipe.
        child.stdout.resume();
        child.stderr.resume();
        resolve({ child, value });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`${what} exited (${code ?? signal}) before it was ready: ${output.trim()}`)),
    );
  });
}

function stopProcess(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * An XSETTINGS manager on the display of `env`, whose GTK theme tells WebKitGTK
 * the reader's colour scheme: a theme named "…-dark" is a reader who prefers
 * dark, as on a desktop set to dark. `set(scheme)` resolves once the manager
 * has published it (the page sees it a moment later: the tests wait for the
 * media query's `change`).
 */
async function startColorScheme(env, started) {
  const xsettingsd = findXsettingsd();
  if (!xsettingsd)
    throw new Error(
      "WebKit is told the reader's colour scheme through xsettingsd: install it (apt-get install xsettingsd).",
    );
  const dir = mkdtempSync(join(tmpdir(), 'pubnet-xsettings-'));
  started.push({ stop: () => rmSync(dir, { recursive: true, force: true }) });
  const config = join(dir, 'xsettingsd.conf');
  const write = (scheme) =>
    writeFileSync(config, `Net/ThemeName "Adwaita${scheme == 'dark' ? '-dark' : ''}"\n`);
  write('light');
  const { child } = await startProcess(xsettingsd, ['-c', config], {
    env,
    ready: (out) => out.includes('Took ownership'),
    what: 'xsettingsd',
  });
  started.push({ stop: () => stopProcess(child) });
  let current = 'light';
  /** One change at a time: each waits for the manager to say it reloaded. */
  let queue = Promise.resolve();
  const reload = (scheme) =>
    new Promise((resolve, reject) => {
      if (child.exitCode !== null || child.signalCode !== null)
        return reject(new Error(`xsettingsd exited (${child.exitCode ?? child.signalCode})`));
      let output = '';
      const onData = (chunk) => {
        output += chunk;
        if (!/Loaded \d+ setting/.test(output)) return;
        child.stdout.off('data', onData);
        child.stderr.off('data', onData);
        current = scheme;
        resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      write(scheme);
      child.kill('SIGHUP');
    });
  return (scheme) => {
    const next = queue.then(() => (scheme == current ? undefined : reload(scheme)));
    queue = next.catch(() => {});
    return next;
  };
}

/**
 * Starts WebKitWebDriver (on Linux with a private Xvfb, and xsettingsd on it)
 * and gives the W3C WebDriver endpoint with the capabilities that open
 * MiniBrowser, and `setColorScheme('light' | 'dark')`, the reader's preference.
 * `stop()` ends them all; if one of them fails to start, the others are stopped.
 */
export async function startWebKitDriver() {
  const webkit = findWebKit();
  if (!webkit)
    throw new Error(
      'No WebKitWebDriver/MiniBrowser found: install them (Debian/Ubuntu: apt-get install webkit2gtk-driver xvfb xsettingsd).',
    );
  /** What stops each thing started so far. */
  const started = [];
  const stop = () => Promise.all(started.map((it) => it.stop()));
  let setColorScheme = async () => {
    throw new Error(
      "WebKit is told the reader's colour scheme only on a display of its own (Linux).",
    );
  };
  try {
    const env = { ...process.env };
    if (needsDisplay()) {
      const xvfb = findXvfb();
      if (!xvfb) throw new Error('WebKit needs a display: install Xvfb (apt-get install xvfb).');
      // -displayfd: Xvfb picks a free display and prints its number when ready.
      const { child, value } = await startProcess(
        xvfb,
        ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
        { env, ready: (out) => out.match(/^(\d+)\s*$/m)?.[1], what: 'Xvfb' },
      );
      started.push({ stop: () => stopProcess(child) });
      env.DISPLAY = `:${value}`;
      setColorScheme = await startColorScheme(env, started);
    }
    const port = await freePort();
    // WebKitWebDriver prints nothing when ready: its /status endpoint says so.
    const child = spawn(webkit.driver, [`--port=${port}`, '--host=127.0.0.1'], {
      env,
      stdio: 'ignore',
    });
    started.push({ stop: () => stopProcess(child) });
    await waitForStatus(`http://127.0.0.1:${port}`, child);
    return {
      hostname: '127.0.0.1',
      port,
      url: `http://127.0.0.1:${port}`,
      capabilities: {
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: webkit.binary, args: ['--automation'] },
      },
      setColorScheme,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitForStatus(url, child) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`WebKitWebDriver exited (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(`${url}/status`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`WebKitWebDriver did not answer on ${url}`);
}
