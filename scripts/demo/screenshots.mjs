// `npm run screenshots`: a PNG of every demo page in docs/screenshots/, and the README's
// one picture, docs/readme.webp: the product grid's first row, scaled down to a few tens of
// KB, since the package ships it (docs/screenshots/ it does not). `node
// scripts/demo/screenshots.mjs product-grid` shoots only the pages named.
// Builds nothing: run the build first (`npx rollup -c`). Starts the demo's
// servers in-process (scripts/demo/demo.mjs, as `npm start` does), opens each
// demo/*.html in Chromium, waits until every widget has settled (shown, fell
// back or collapsed; a server-rendered one also taken over by the bundle) and
// its images have loaded, and saves a full-page shot;
// the theming page also in the dark scheme. Stops itself, whatever happens,
// within a few minutes.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const WIDTH = 1100;
const HEIGHT = 800;
const MAX_HEIGHT = 8000;
const SETTLE_MS = 20_000;
const WATCHDOG_MS = 5 * 60_000;
/** Extra shots besides one per page in the light scheme. */
const variants = [{ page: 'theming.html', name: 'theming-dark', colorScheme: 'dark' }];
/** The README's picture: of this shot, its scale and WebP quality. */
const README_SHOT = {
  name: 'product-grid',
  path: here('../../docs/readme.webp'),
  scale: 0.7,
  quality: 0.7,
};
/** The shots named on the command line, else all. */
const only = process.argv.slice(2);

const missing = [
  'dist/cdn/pubnet.min.js',
  'dist/emulator/index.js',
  'dist/proxy/index.js',
  'dist/node-adapter/serve.js',
  'dist/render/index.js',
].filter((path) => !existsSync(here(`../../${path}`)));
if (missing.length) {
  console.error(`screenshots: ${missing.join(', ')} missing: build first (npx rollup -c).`);
  process.exit(1);
}

// Imported only now: they load dist/.
const { startDemo } = await import('./demo.mjs');
const { findBrowser, chromiumArgs } = await import('../machine/find-browser.mjs');
(await import('../machine/system.mjs')).ensureSystem(['chromium']);
const { chromium } = await import('playwright-core');

const watchdog = setTimeout(() => {
  console.error(`screenshots: still running after ${WATCHDOG_MS / 1000} s; giving up.`);
  process.exit(1);
}, WATCHDOG_MS);
watchdog.unref();

const outDir = here('../../docs/screenshots/');
mkdirSync(outDir, { recursive: true });
const pages = readdirSync(here('../../demo/'))
  .filter((file) => file.endsWith('.html'))
  .sort();
const shots = [
  ...pages.map((page) => ({ page, name: page.slice(0, -'.html'.length), colorScheme: 'light' })),
  ...variants.filter((shot) => pages.includes(shot.page)),
].filter((shot) => !only.length || only.includes(shot.name));

/**
 * Before any page script: notes which widgets fired `pubnet-load`. A
 * server-rendered widget is `ready` from the HTML on; it has settled only
 * once the bundle has taken it over, which that event says.
 */
function noteLoads() {
  window.__pubnetLoaded = new WeakSet();
  addEventListener('pubnet-load', (event) => window.__pubnetLoaded.add(event.target), true);
}

/**
 * In the page: whether every widget has settled, and what they are doing.
 * Settled: the bundle ran, every `widget_code` tag has its slot, no widget is
 * `loading`, every server-rendered one shown (`data-answer`, `ready`) has
 * been taken over, and the images they show have loaded (or failed).
 */
function widgetsSettled() {
  // Every element of the package (its tags all start so), a new one too.
  const widgets = [...document.querySelectorAll('*')].filter((el) =>
    el.localName.startsWith('pubnet-'),
  );
  const states = widgets.map((w) => `${w.id || w.localName}=${w.getAttribute('state')}`);
  const pasted = [...document.querySelectorAll('script[data-config]')];
  const serverRendered = widgets.filter(
    (w) => w.hasAttribute('data-answer') && w.getAttribute('state') === 'ready',
  );
  const images = widgets.flatMap((w) => [...(w.shadowRoot?.querySelectorAll('img') ?? [])]);
  const done =
    !!window.Pubnet &&
    pasted.every((s) => s.nextElementSibling?.localName === 'pubnet-adslot') &&
    widgets.every((w) => !['loading', null].includes(w.getAttribute('state'))) &&
    serverRendered.every((w) => window.__pubnetLoaded?.has(w)) &&
    images.every((img) => img.complete);
  return { done, states };
}

/**
 * Makes the viewport exactly as tall as the page (the body's height, which,
 * unlike the document's scroll height, does not grow with the viewport), so
 * that every lazy widget starts and every frame is painted for the shot.
 */
async function fitHeight(page) {
  const height = await page.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  const wanted = Math.min(MAX_HEIGHT, Math.max(HEIGHT, height));
  if (wanted !== page.viewportSize().height)
    await page.setViewportSize({ width: WIDTH, height: wanted });
  return wanted;
}

async function waitSettled(page, until) {
  let last = { done: false, states: [] };
  while (Date.now() < until) {
    last = await page.evaluate(widgetsSettled);
    if (last.done) return last;
    await page.waitForTimeout(150);
  }
  return last;
}

async function shoot(browser, demoUrl, { page: file, name, colorScheme }) {
  const context = await browser.newContext({
    viewport: { width: WIDTH, height: HEIGHT },
    colorScheme,
    reducedMotion: 'reduce',
  });
  const problems = [];
  try {
    await context.addInitScript(noteLoads);
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`console ${message.type()}: ${message.text()}`);
    });
    await page.goto(new URL(file, demoUrl).href, { waitUntil: 'load', timeout: 15_000 });
    const until = Date.now() + SETTLE_MS;
    let height = await fitHeight(page);
    let result = await waitSettled(page, until);
    // Content that arrived may have grown the page: let what is now in view settle too.
    while (result.done && (await fitHeight(page)) !== height && Date.now() < until) {
      height = page.viewportSize().height;
      result = await waitSettled(page, until);
    }
    // Requests the page makes itself (widget_code, the CSP header), frames' images.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    await page.evaluate(() => document.fonts.ready);
    await fitHeight(page);
    // Creative frames paint in their own process: give them a moment.
    await page.waitForTimeout(500);
    const path = `${outDir}${name}.png`;
    await page.screenshot({ path, fullPage: true, animations: 'disabled' });
    if (name === README_SHOT.name) await readmeShot(context, page);
    if (!result.done) problems.unshift(`not settled after ${SETTLE_MS / 1000} s`);
    return { name, path, states: result.states, problems };
  } finally {
    await context.close();
  }
}

/**
 * docs/readme.webp: the live grid's panel down to its first row of cards' end, scaled
 * and encoded as WebP by the browser's own canvas.
 */
async function readmeShot(context, page) {
  const clip = await page.evaluate(() => {
    const live = document.querySelector('.live');
    const box = live.getBoundingClientRect();
    const card = document.querySelector('#grid').shadowRoot.querySelector('[part~="card"]');
    const bottom = card.getBoundingClientRect().bottom + 6; // within the gap to the next row
    return { x: box.x + scrollX, y: box.y + scrollY, width: box.width, height: bottom - box.y };
  });
  const png = await page.screenshot({ clip, animations: 'disabled' });
  const canvasPage = await context.newPage();
  const webp = await canvasPage.evaluate(
    async ({ src, scale, quality }) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(image.width * scale);
      canvas.height = Math.round(image.height * scale);
      const context2d = canvas.getContext('2d');
      context2d.imageSmoothingQuality = 'high';
      context2d.drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/webp', quality).split(',')[1];
    },
    { src: `data:image/png;base64,${png.toString('base64')}`, ...README_SHOT },
  );
  await canvasPage.close();
  writeFileSync(README_SHOT.path, Buffer.from(webp, 'base64'));
  console.log(`readme.webp  ${Math.round(statSync(README_SHOT.path).size / 1024)} KB`);
}

const demo = await startDemo({ latency: Number(process.env.LATENCY ?? 0) });
let browser;
let failed = false;
try {
  browser = await chromium.launch({ executablePath: findBrowser(), args: chromiumArgs });
  console.log(`Demo: ${demo.url}`);
  for (const shot of shots) {
    const started = Date.now();
    const result = await shoot(browser, demo.url, shot);
    const kb = Math.round(statSync(result.path).size / 1024);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `${result.name}.png  ${kb} KB  ${seconds} s  ${result.states.join(' ') || '(no widgets)'}`,
    );
    for (const problem of result.problems) console.log(`    ${problem}`);
    if (result.problems[0]?.startsWith('not settled')) failed = true;
  }
  console.log(`Wrote ${shots.length} screenshots to docs/screenshots/.`);
} catch (error) {
  failed = true;
  console.error(`screenshots: ${error.message}`);
} finally {
  await browser?.close();
  await demo.close();
}
process.exitCode = failed ? 1 : 0;
