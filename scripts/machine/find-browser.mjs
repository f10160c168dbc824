// Finds a Chrome/Chromium for the browser tests, benchmarks and screenshots.
// Order: $CHROME_PATH, Debian's /usr/bin/chromium, then the usual install places;
// with none, one line telling how to get one (scripts/machine/system.mjs installs it
// before `npm test` on Debian/Ubuntu as root).
import { existsSync } from 'node:fs';

const candidates = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

/** Flags that keep Chromium quiet and working as root on a closed network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-setuid-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // Test pages run side by side; a page Chromium deems in the background would
  // otherwise get no animation frames and throttled timers.
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
];

export function findBrowser() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
  }
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  throw new Error(
    'No Chrome/Chromium found: install one (Debian/Ubuntu: apt-get install chromium) or set CHROME_PATH to its executable.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(findBrowser());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
