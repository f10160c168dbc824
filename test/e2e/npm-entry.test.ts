// The npm build (dist/index.js) in a browser, with `lit` resolved by the page
// as a bundler would: importing it registers the elements, which work.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ELEMENTS } from '../../src/components/registry.js';
import { watchPage, type PageProblems } from './support/browser.js';
import { openSession, type Session } from './support/session.js';
import {
  nextFrame,
  readWidget,
  recordWidgetEvents,
  until,
  waitForLoads,
} from './support/widgets.js';

let session: Session | undefined;
let page: Page;
let problems: PageProblems;
const litFiles: string[] = [];

before(async () => {
  session = await openSession();
  page = await session.browser.newPage();
  problems = await watchPage(page);
  await recordWidgetEvents(page);
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/pkg/node_modules/')) litFiles.push(pathname);
  });
  await page.goto(`${session.site.url}npm.html`);
});

after(() => session?.close());

interface NpmEntry {
  exports: string[];
  /** Each exported element class's tag, as customElements.getName() gives it. */
  registered: Record<string, string | null>;
}

test('importing dist/index.js registers every element of the registry with its own class, which it exports', async () => {
  const entry = await until(
    'dist/index.js to run',
    () => page.evaluate(() => (window as unknown as { npmEntry?: NpmEntry }).npmEntry),
    () => nextFrame(page),
  );
  assert.deepEqual(
    entry.registered,
    Object.fromEntries(ELEMENTS.map(({ tag, element }) => [element.name, tag])),
  );
  assert.deepEqual(
    entry.exports,
    [...ELEMENTS.map(({ element }) => element.name), 'configure'].sort(),
  );
});

test('Lit comes from the page’s own copy, and the elements render with it', async () => {
  assert.ok(litFiles.some((path) => path.startsWith('/pkg/node_modules/lit-html/')));
  assert.equal((await waitForLoads(page, ['grid'])).get('grid'), 2);
  assert.equal((await readWidget(page, '#grid')).links.length, 2);
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.consoleErrors, []);
});
